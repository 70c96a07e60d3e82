import { and, asc, desc, eq, sql } from "drizzle-orm";
import { nextCycle } from "@/common/schedule";
import { easternDay } from "@/common/time";
import type { Db } from "../../db/connect";
import { headlines, settings } from "../../db/schema";
import { inTodaysVoting } from "../headlines/headlines.service";

type HeadlineRow = typeof headlines.$inferSelect;
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * The tie rule (decisions page, "The cycle"): most votes; on a tie the headline that reached its count
 * first (its last vote came earlier), then the older one.
 */
const WINNER_ORDER = [
  desc(headlines.votes),
  sql`${headlines.lastVotedAt} ASC NULLS LAST`,
  asc(headlines.createdAt),
  asc(headlines.id),
];

async function crownIn(tx: Tx, headlineId: number): Promise<HeadlineRow | null> {
  const [row] = await tx
    .update(headlines)
    .set({ isWinner: true })
    .where(eq(headlines.id, headlineId))
    .returning();
  if (!row) return null;
  // Marking this cycle as decided keeps the automatic selection from overriding staff at the deadline.
  await tx
    .update(settings)
    .set({
      currentWinnerId: row.id,
      winnerSelectedFor: sql`${settings.votingEndTime}`,
      updatedAt: new Date(),
    })
    .where(eq(settings.id, 1));
  return row;
}

/** Crowns a headline chosen by staff ("Make Winner", "Announce"): it becomes the current winner. */
export async function crownWinner(db: Db, headlineId: number, _now: Date): Promise<HeadlineRow | null> {
  return db.transaction((tx) => crownIn(tx, headlineId));
}

async function topOfVoting(tx: Tx, minimumVotes: number): Promise<HeadlineRow | undefined> {
  const [top] = await tx
    .select()
    .from(headlines)
    .where(and(inTodaysVoting, sql`${headlines.votes} >= ${minimumVotes}`))
    .orderBy(...WINNER_ORDER)
    .limit(1);
  return top;
}

/** "Select Today's Winner": crowns the most-voted headline in today's voting now, whatever the clock says. */
export async function selectWinnerNow(db: Db, _now: Date): Promise<HeadlineRow | null> {
  return db.transaction(async (tx) => {
    // Locked before the counts are read, so a vote void (which locks it too) lands wholly before or after.
    await tx.select({ id: settings.id }).from(settings).where(eq(settings.id, 1)).for("update");
    const top = await topOfVoting(tx, 0);
    return top ? crownIn(tx, top.id) : null;
  });
}

export interface CycleOutcome {
  /** The headline crowned automatically by this call, if any. */
  crowned: HeadlineRow | null;
  /** Whether this call moved the settings to the next cycle. */
  rolled: boolean;
}

/**
 * The cycle's clock work, safe to run from every process as often as wanted:
 * - at votingEndTime, the most-voted headline (at least one vote) is crowned, exactly once: the conditional
 *   UPDATE of winner_selected_for lets one transaction through per cycle, the others find it done;
 * - at launchTime, the next cycle starts according to the schedule mode (custom does not roll). The ended
 *   state thus shows between the vote close and the launch, and the countdown runs to the launch.
 * A server that was down at a deadline does both when it next runs this.
 */
export async function runCycle(db: Db, now: Date): Promise<CycleOutcome> {
  let crowned: HeadlineRow | null = null;
  await db.transaction(async (tx) => {
    const claimed = await tx
      .update(settings)
      .set({ winnerSelectedFor: sql`${settings.votingEndTime}` })
      .where(
        and(
          eq(settings.id, 1),
          sql`${settings.votingEndTime} <= ${now.toISOString()}::timestamptz`,
          sql`${settings.winnerSelectedFor} IS DISTINCT FROM ${settings.votingEndTime}`,
        ),
      )
      .returning({ id: settings.id });
    if (claimed.length === 0) return;
    const top = await topOfVoting(tx, 1);
    if (top) crowned = await crownIn(tx, top.id);
  });

  const [current] = await db.select().from(settings).where(eq(settings.id, 1));
  if (!current || current.launchTime > now) return { crowned, rolled: false };
  const next = nextCycle(current.scheduleMode, current, now);
  if (!next) return { crowned, rolled: false };
  // Compare-and-set on the old launch time: of several processes, one rolls the cycle.
  const rolled = await db
    .update(settings)
    .set({ ...next, currentDay: easternDay(now), updatedAt: new Date() })
    .where(and(eq(settings.id, 1), eq(settings.launchTime, current.launchTime)))
    .returning({ id: settings.id });
  return { crowned, rolled: rolled.length > 0 };
}
