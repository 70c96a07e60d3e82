import { sql } from "drizzle-orm";
import type { Db } from "../db/connect";
import { archiveEntries, headlines, notifications } from "../db/schema";
import { CURRENT_RACE } from "../features/headlines/races";

let counter = 0;

/**
 * A headline with sensible defaults (stage today: in today's voting); tests override what they care about.
 * It is stored as given, without headline-stage.ts: tests set up any state the constraints allow. As the
 * old stage names said, "today" lists it in Today's News and "tomorrow" in Tomorrow's News, and a `votes`
 * given is the count of the race its list shows (today's race in progress, or the Tomorrow's News race).
 * Counts set here have no vote rows behind them: the ledger check (ledger.ts) tells them apart.
 */
export async function createHeadline(db: Db, overrides: Partial<typeof headlines.$inferInsert> = {}) {
  counter += 1;
  const stage = overrides.stage ?? "today";
  const tomorrowOnly = stage === "tomorrow" && overrides.listedToday !== true;
  const lists = {
    listedToday: stage === "today",
    listedTomorrow: stage === "tomorrow",
  };
  const counts =
    overrides.votes === undefined
      ? {}
      : tomorrowOnly && overrides.tomorrowVotes === undefined
        ? { votes: 0, tomorrowVotes: overrides.votes }
        : { raceCycle: CURRENT_RACE };
  const [row] = await db
    .insert(headlines)
    .values({
      title: `Test headline number ${counter}`,
      description: `A test description long enough for headline number ${counter}.`,
      imageUrl: "https://example.com/image.png",
      ...lists,
      ...overrides,
      stage,
      ...counts,
    })
    .returning();
  if (!row) throw new Error("insert returned nothing");
  return row;
}

export async function createArchiveEntry(
  db: Db,
  overrides: Partial<typeof archiveEntries.$inferInsert> = {},
) {
  counter += 1;
  const [row] = await db
    .insert(archiveEntries)
    .values({
      title: `Archived ${counter}`,
      votes: 3,
      memeCoin: `COIN${counter}`,
      launchDate: "2026-11-01",
      ...overrides,
    })
    .returning();
  if (!row) throw new Error("insert returned nothing");
  return row;
}

export async function createNotification(db: Db, overrides: Partial<typeof notifications.$inferInsert> = {}) {
  const [row] = await db
    .insert(notifications)
    .values({ message: "Hello readers", ...overrides })
    .returning();
  if (!row) throw new Error("insert returned nothing");
  return row;
}

/**
 * Runs writes the database does not announce (its triggers are off for the transaction), as if a change had
 * been missed: what a cache shows until its lifetime ends or the next announcement.
 */
export async function writeUnannounced(db: Db, write: (tx: Db) => Promise<unknown>): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await write(tx as unknown as Db);
  });
}
