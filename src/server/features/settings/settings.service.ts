import { eq } from "drizzle-orm";
import type { UpdateSettingsInput, UpdateSettingsResult } from "@/common/admin";
import { defaultCycle, notInThePast } from "@/common/schedule";
import type { Settings } from "@/common/settings";
import { easternDay, formatEastern } from "@/common/time";
import type { Db } from "../../db/connect";
import { settings } from "../../db/schema";
import { openRace } from "../headlines/races";

export type SettingsRow = typeof settings.$inferSelect;

/** Creates the settings row with the default cycle when there is none (first start). */
export async function ensureSettings(db: Db, now: Date): Promise<void> {
  const cycle = defaultCycle(now);
  await db
    .insert(settings)
    .values({
      id: 1,
      ...cycle,
      raceCycle: cycle.votingEndTime,
      currentDay: easternDay(cycle.votingEndTime),
      scheduleMode: "daily",
    })
    .onConflictDoNothing();
}

export async function getSettingsRow(db: Db): Promise<SettingsRow> {
  const [row] = await db.select().from(settings).where(eq(settings.id, 1));
  if (!row) throw new Error("settings row missing: ensureSettings runs at start-up");
  return row;
}

export function toSettings(row: SettingsRow): Settings {
  return {
    votingEndTime: row.votingEndTime.toISOString(),
    launchTime: row.launchTime.toISOString(),
    currentDay: row.currentDay,
    scheduleMode: row.scheduleMode,
    launchDelayedFor: row.launchDelayedFor,
  };
}

/**
 * Sets the cycle's times (the dashboard computes them with src/common/schedule.ts; the schema has already
 * checked them); currentDay follows the close when not given (issue 31), scheduleMode stays. A voting close already past
 * moves to the next day (notInThePast): voting never closes at once by surprise, and the notice says so.
 * A winner staff crowned for the cycle still running stays decided for it (winnerSelectedFor follows the
 * new close), so the automatic selection does not replace it.
 */
export async function updateSettings(
  db: Db,
  input: UpdateSettingsInput,
  now: Date,
): Promise<UpdateSettingsResult> {
  const asked = { votingEndTime: new Date(input.votingEndTime), launchTime: new Date(input.launchTime) };
  const { cycle, days } = notInThePast(asked, now);
  const row = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(settings).where(eq(settings.id, 1)).for("update");
    if (!current) throw new Error("settings row missing: ensureSettings runs at start-up");
    const decidedWhileOpen =
      current.winnerSelectedFor !== null &&
      current.winnerSelectedFor.getTime() === current.votingEndTime.getTime() &&
      current.votingEndTime > now;
    const [updated] = await tx
      .update(settings)
      .set({
        ...cycle,
        ...(decidedWhileOpen && { winnerSelectedFor: cycle.votingEndTime }),
        // The edition is the day whose evening its race closes (decisions, "Third wave"): a close staff set
        // moves the header's date and the edition's record with it, unless they name the day themselves.
        currentDay: input.currentDay ?? easternDay(cycle.votingEndTime),
        ...(input.scheduleMode !== undefined && { scheduleMode: input.scheduleMode }),
        updatedAt: now,
      })
      .where(eq(settings.id, 1))
      .returning();
    if (!updated) throw new Error("settings row missing: ensureSettings runs at start-up");
    // Moving the close of an open race keeps its votes in it; times set after the close open the next race.
    if (current.votingEndTime <= now) await openRace(tx, now);
    return updated;
  });
  const notice =
    days === 0
      ? null
      : `Voting would have closed in the past (${formatEastern(asked.votingEndTime)}), so the cycle moved ${
          days === 1 ? "to the next day" : `${days} days ahead`
        }: voting ends ${formatEastern(cycle.votingEndTime)}; launch ${formatEastern(cycle.launchTime)}.`;
  return { ...toSettings(row), notice };
}
