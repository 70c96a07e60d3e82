import { PageHeading } from "@/client/components/page-heading";
import { Skeleton, SkeletonGroup } from "@/client/components/ui/skeleton";

/** Tomorrow's News. The candidates, leaderboard and votes arrive with their own issue. */
export function TomorrowsNews() {
  return (
    <>
      <PageHeading title="Tomorrow's News" />
      <SkeletonGroup
        label="Loading tomorrow's candidates"
        className="grid gap-6 md:grid-cols-2 lg:grid-cols-3"
      >
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-80" />
        ))}
      </SkeletonGroup>
    </>
  );
}
