import { PageHeading } from "@/client/components/page-heading";
import { Alert, AlertDescription } from "@/client/components/ui/alert";
import { Card, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Skeleton, SkeletonGroup } from "@/client/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/client/components/ui/tabs";
import { useArchive } from "@/client/features/archive/api/use-archive";
import { ArchiveTable } from "@/client/features/archive/components/archive-table";
import { groupArchiveByMonth } from "@/client/features/archive/group-archive-by-month";
import { useSiteConfig } from "@/client/lib/site-config";

export function Archive() {
  const { siteName } = useSiteConfig();
  const archive = useArchive();

  return (
    <>
      <PageHeading
        title={`${siteName} Archive`}
        subtitle="Every past edition's winning headline, month by month."
      />
      <ArchiveBody archive={archive} />
    </>
  );
}

function ArchiveBody({ archive }: { archive: ReturnType<typeof useArchive> }) {
  if (archive.isPending) {
    return (
      <SkeletonGroup label="Loading the archive" className="flex flex-col gap-4">
        <div className="flex gap-2">
          <Skeleton className="h-11 w-40" />
          <Skeleton className="h-11 w-40" />
        </div>
        <Skeleton className="h-64" />
      </SkeletonGroup>
    );
  }

  if (archive.isError) {
    return (
      <Alert variant="destructive">
        <AlertDescription>Error loading archive data. Please try again later.</AlertDescription>
      </Alert>
    );
  }

  const months = groupArchiveByMonth(archive.data);
  const newest = months[0];
  if (!newest) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>No archived editions yet.</CardTitle>
          <CardDescription>Winning headlines land here once their coin has launched.</CardDescription>
        </CardHeader>
      </Card>
    );
  }

  return (
    <Tabs defaultValue={newest.key}>
      <TabsList aria-label="Archive months">
        {months.map((month) => (
          <TabsTrigger key={month.key} value={month.key}>
            {month.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {months.map((month) => (
        <TabsContent key={month.key} value={month.key}>
          <ArchiveTable entries={month.entries} monthLabel={month.label} />
        </TabsContent>
      ))}
    </Tabs>
  );
}
