import { desc, sql } from "drizzle-orm";
import type { ArchiveEntry } from "@/common/archive";
import type { Db } from "../../db/connect";
import { archiveEntries } from "../../db/schema";

export async function listArchive(db: Db): Promise<ArchiveEntry[]> {
  const rows = await db
    .select({
      row: archiveEntries,
      // The edition of the race its headline was counted in (the race that crowned it).
      editionDate: sql<string | null>`(
        SELECT e.day::text FROM editions e JOIN headlines h ON e.race = h.race_cycle
        WHERE h.id = ${archiveEntries.headlineId}
      )`,
    })
    .from(archiveEntries)
    .orderBy(desc(archiveEntries.launchDate), desc(archiveEntries.id));
  return rows.map(({ row, editionDate }) => ({
    id: row.id,
    title: row.title,
    description: row.description,
    imageUrl: row.imageUrl,
    votes: row.votes,
    memeCoin: row.memeCoin,
    launchDate: row.launchDate,
    headlineId: row.headlineId,
    editionDate: editionDate ?? null,
  }));
}
