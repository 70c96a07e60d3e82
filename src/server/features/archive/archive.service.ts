import { desc } from "drizzle-orm";
import type { ArchiveEntry } from "@/common/archive";
import type { Db } from "../../db/connect";
import { archiveEntries } from "../../db/schema";

export async function listArchive(db: Db): Promise<ArchiveEntry[]> {
  const rows = await db
    .select()
    .from(archiveEntries)
    .orderBy(desc(archiveEntries.launchDate), desc(archiveEntries.id));
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    description: row.description,
    imageUrl: row.imageUrl,
    votes: row.votes,
    memeCoin: row.memeCoin,
    launchDate: row.launchDate,
  }));
}
