import { eq } from "drizzle-orm";
import { defaultCycle } from "@/common/schedule";
import type { Settings } from "@/common/settings";
import { easternDay } from "@/common/time";
import type { Db } from "../../db/connect";
import { settings } from "../../db/schema";

export type SettingsRow = typeof settings.$inferSelect;

/** Creates the settings row with the default cycle when there is none (first start). */
export async function ensureSettings(db: Db, now: Date): Promise<void> {
  const cycle = defaultCycle(now);
  await db
    .insert(settings)
    .values({ id: 1, ...cycle, currentDay: easternDay(now), scheduleMode: "daily" })
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
  };
}
