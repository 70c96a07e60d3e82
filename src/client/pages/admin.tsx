import { PageHeading } from "@/client/components/page-heading";
import { Skeleton, SkeletonGroup } from "@/client/components/ui/skeleton";

/** Admin Controls: loaded lazily (its own chunk). Login and dashboard arrive with the admin issue. */
export function Admin() {
  return (
    <>
      <PageHeading title="Admin Controls" />
      <SkeletonGroup label="Loading admin controls" className="flex flex-col gap-6">
        <div className="grid gap-6 md:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-28" />
          ))}
        </div>
        <Skeleton className="h-64" />
      </SkeletonGroup>
    </>
  );
}
