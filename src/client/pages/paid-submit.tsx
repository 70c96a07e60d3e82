import { PageHeading } from "@/client/components/page-heading";
import { Skeleton, SkeletonGroup } from "@/client/components/ui/skeleton";

/** Promoted (paid) submission. Payment details and the form arrive with the submissions issue. */
export function PaidSubmit() {
  return (
    <>
      <PageHeading title="Promoted Submission" />
      <SkeletonGroup label="Loading the promoted submission form" className="flex max-w-2xl flex-col gap-4">
        <Skeleton className="h-20" />
        <Skeleton className="h-12" />
        <Skeleton className="h-32" />
        <Skeleton className="h-12 w-40" />
      </SkeletonGroup>
    </>
  );
}
