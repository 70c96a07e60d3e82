import { PageHeading } from "@/client/components/page-heading";
import { Skeleton, SkeletonGroup } from "@/client/components/ui/skeleton";

/** Today's News. The hero, winner, voting list and chart arrive with the home issue. */
export function Home() {
  return (
    <>
      <PageHeading title="Vote on This Week's Viral Headlines" />
      <SkeletonGroup label="Loading today's headlines" className="flex flex-col gap-6">
        <Skeleton className="h-40 w-full" />
        <div className="grid gap-6 md:grid-cols-2">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-72" />
          ))}
        </div>
      </SkeletonGroup>
    </>
  );
}
