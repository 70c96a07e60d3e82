import { PageHeading } from "@/client/components/page-heading";
import { Skeleton, SkeletonGroup } from "@/client/components/ui/skeleton";

/** Free headline submission. The form arrives with the submissions issue. */
export function Submit() {
  return (
    <>
      <PageHeading title="Submit Your Headline" />
      <SkeletonGroup label="Loading the submission form" className="flex max-w-2xl flex-col gap-4">
        <Skeleton className="h-12" />
        <Skeleton className="h-32" />
        <Skeleton className="h-12" />
        <Skeleton className="h-12 w-40" />
      </SkeletonGroup>
    </>
  );
}
