import { and, eq } from "drizzle-orm";
import { nextCycle } from "@/common/schedule";
import { easternDay } from "@/common/time";
import type { Db } from "../../db/connect";
import { settings } from "../../db/schema";
import {
  type Actor,
  crownIn,
  type HeadlineRow,
  lockSettings,
  topOfVoting,
} from "../headlines/headline-stage";
import { openRace } from "../headlines/races";

/** The automatic selection's name in headline_transitions. */
export const CYCLE_JOB: Actor = { kind: "job", name: "cycle" };

export interface CycleOutcome {
  /** The headline crowned automatically by this call, if any. */
  crowned: HeadlineRow | null;
  /** Whether this call moved the settings to the next cycle. */
  rolled: boolean;
}

const sameInstant = (a: Date | null, b: Date) => a !== null && a.getTime() === b.getTime();

/** The cycle's voting has closed and nobody (staff or an earlier call) has decided its winner yet. */
const undecided = (s: typeof settings.$inferSelect, now: Date) =>
  s.votingEndTime <= now && !sameInstant(s.winnerSelectedFor, s.votingEndTime);

/**
 * The cycle's clock work, safe to run from every process as often as wanted:
 * - at votingEndTime, the most-voted headline (at least one vote) is crowned, exactly once: the settings
 *   row is locked and winner_selected_for checked again under the lock, so one transaction per cycle
 *   decides and the others find it done. A winner staff crowned for this cycle is never replaced; the
 *   previous cycle's winner retires to the Archive (headline-stage.ts).
 * - at launchTime, the next cycle starts according to the schedule mode (custom does not roll). The ended
 *   state thus shows between the vote close and the launch, and the countdown runs to the launch.
 * A server that was down at a deadline does both when it next runs this.
 */
export async function runCycle(db: Db, now: Date): Promise<CycleOutcome> {
  const [before] = await db.select().from(settings).where(eq(settings.id, 1));
  let crowned: HeadlineRow | null = null;
  // The lock is only taken when there is something to decide: the job ticks every few seconds.
  if (before && undecided(before, now)) {
    crowned = await db.transaction(async (tx) => {
      const s = await lockSettings(tx);
      if (!undecided(s, now)) return null;
      const top = await topOfVoting(tx, 1);
      if (top) return crownIn(tx, top.id, CYCLE_JOB, now);
      await tx
        .update(settings)
        .set({ winnerSelectedFor: s.votingEndTime, updatedAt: now })
        .where(eq(settings.id, 1));
      return null;
    });
  }

  const [current] = await db.select().from(settings).where(eq(settings.id, 1));
  if (!current || current.launchTime > now) return { crowned, rolled: false };
  const next = nextCycle(current.scheduleMode, current, now);
  if (!next) return { crowned, rolled: false };
  // Compare-and-set on the old launch time: of several processes, one rolls the cycle and opens its race.
  const rolled = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(settings)
      // The edition date is the day whose evening the new race closes (decisions, "Third wave").
      .set({ ...next, currentDay: easternDay(next.votingEndTime), updatedAt: new Date() })
      .where(and(eq(settings.id, 1), eq(settings.launchTime, current.launchTime)))
      .returning({ id: settings.id });
    if (row) await openRace(tx, now);
    return row !== undefined;
  });
  return { crowned, rolled };
}
