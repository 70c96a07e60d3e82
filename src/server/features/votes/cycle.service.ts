import { and, eq } from "drizzle-orm";
import { AWAIT_REASONS, type AwaitReason } from "@/common/autopilot";
import { nextCycle } from "@/common/schedule";
import { easternDay } from "@/common/time";
import { formatEasternEt } from "@/common/time-text";
import type { Db } from "../../db/connect";
import { crownHolds, settings } from "../../db/schema";
import { recordStep } from "../../lib/step-runs";
import { type AutopilotConfig, judgeClose, raceStanding, readAutopilot } from "../headlines/crown-guard";
import {
  type Actor,
  crownIn,
  type HeadlineRow,
  lockSettings,
  type Tx,
  topOfVoting,
} from "../headlines/headline-stage";
import { openRace } from "../headlines/races";

/** The automatic selection's name in headline_transitions. */
export const CYCLE_JOB: Actor = { kind: "job", name: "cycle" };
/** The autopilot's crowns, after their veto window. */
export const AUTOPILOT_JOB: Actor = { kind: "job", name: "autopilot" };

export interface CycleOutcome {
  /** The headline crowned automatically by this call, if any. */
  crowned: HeadlineRow | null;
  /** Whether this call moved the settings to the next cycle. */
  rolled: boolean;
  /** What this call's close decided instead of a crown: a proposal or hold began, or the race waits for staff. */
  held?: { status: "pending" | "awaiting"; reason: AwaitReason | null; headlineId: number | null };
}

type SettingsRow = typeof settings.$inferSelect;
type HoldRow = typeof crownHolds.$inferSelect;

const sameInstant = (a: Date | null, b: Date) => a !== null && a.getTime() === b.getTime();

/** The cycle's voting has closed and nobody (staff or an earlier call) has decided its winner yet. */
const undecided = (s: SettingsRow, now: Date) =>
  s.votingEndTime <= now && !sameInstant(s.winnerSelectedFor, s.votingEndTime);

const raceOf = (s: SettingsRow) => s.raceCycle ?? s.votingEndTime;

/**
 * Whether the close has something to do now: no decision recorded for the race yet, or a window that has
 * run out (its end, or the launch: a window never outlives its race). A race left to the editors waits.
 */
const closeDue = (hold: HoldRow | undefined, s: SettingsRow, now: Date) =>
  !hold || (hold.status === "pending" && ((hold.crownAt ?? now) <= now || s.launchTime <= now));

/**
 * The cycle's clock work, safe to run from every process as often as wanted:
 * - at votingEndTime the race is decided exactly once: the settings row is locked and winner_selected_for
 *   checked again under the lock, and a crown_holds row (keyed by the race) records any decision that is not
 *   an immediate crown. With the autopilot off, the most-voted headline (at least one vote) is crowned, as
 *   always, except when a burst flagged in the last hour could have put it on top (issue 31): then the crown
 *   waits `vetoMinutes` for staff, who may void the burst, crown by hand or veto. With the autopilot on, the
 *   close proposes the top only behind its guards (features/headlines/crown-guard.ts) and crowns it when its
 *   veto window ends in silence; otherwise nothing is crowned and the race waits for the editors. A winner
 *   staff crowned for this cycle is never replaced; the previous cycle's winner retires to the Archive.
 * - at launchTime, the next cycle starts according to the schedule mode (custom does not roll). The ended
 *   state thus shows between the vote close and the launch, and the countdown runs to the launch.
 * A server that was down at a deadline does both when it next runs this.
 */
export async function runCycle(db: Db, now: Date): Promise<CycleOutcome> {
  const [before] = await db.select().from(settings).where(eq(settings.id, 1));
  let crowned: HeadlineRow | null = null;
  let held: CycleOutcome["held"];
  // The lock is only taken when there is something to decide: the job ticks every few seconds.
  if (before && undecided(before, now)) {
    const [hold] = await db
      .select()
      .from(crownHolds)
      .where(eq(crownHolds.race, raceOf(before)));
    if (closeDue(hold, before, now)) {
      const decision = await db.transaction(async (tx) => {
        const s = await lockSettings(tx);
        if (!undecided(s, now)) return null;
        const [current] = await tx
          .select()
          .from(crownHolds)
          .where(eq(crownHolds.race, raceOf(s)))
          .for("update");
        if (!closeDue(current, s, now)) return null;
        return decideClose(tx, s, current, now);
      });
      crowned = decision?.crowned ?? null;
      held = decision?.held;
    }
  }

  const [current] = await db.select().from(settings).where(eq(settings.id, 1));
  if (!current || current.launchTime > now) return { crowned, rolled: false, held };
  const next = nextCycle(current.scheduleMode, current, now);
  if (!next) return { crowned, rolled: false, held };
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
  return { crowned, rolled, held };
}

interface Decision {
  crowned: HeadlineRow | null;
  held?: CycleOutcome["held"];
}

/** Marks the cycle decided with no winner (nothing was voted): today's close of an empty race. */
async function decidedEmpty(tx: Tx, s: SettingsRow, now: Date): Promise<void> {
  await tx
    .update(settings)
    .set({ winnerSelectedFor: s.votingEndTime, updatedAt: now })
    .where(eq(settings.id, 1));
}

/** Announces a hold's change to open pages (the edition's live record reads it): the settings row changed. */
async function touchSettings(tx: Tx, now: Date): Promise<void> {
  await tx.update(settings).set({ updatedAt: now }).where(eq(settings.id, 1));
}

/** The close's decision, under the settings lock, for a race with no decision yet or a window that ended. */
async function decideClose(tx: Tx, s: SettingsRow, hold: HoldRow | undefined, now: Date): Promise<Decision> {
  const config = await readAutopilot(tx);
  const race = raceOf(s);
  const standing = await raceStanding(tx, s.votingEndTime);

  if (hold) return endWindow(tx, s, hold, config, standing, now);

  if (!config.enabled) {
    // Today's close, but a burst that could have decided the race waits for staff first (issue 31).
    if (standing.burst && standing.top && config.vetoMinutes > 0) {
      await tx.insert(crownHolds).values({
        race,
        closesAt: s.votingEndTime,
        kind: "burst",
        status: "pending",
        headlineId: standing.top.id,
        voters: standing.voters,
        lead: standing.lead,
        crownAt: new Date(now.getTime() + config.vetoMinutes * 60_000),
        createdAt: now,
      });
      await touchSettings(tx, now);
      return { crowned: null, held: { status: "pending", reason: null, headlineId: standing.top.id } };
    }
    const top = await topOfVoting(tx, 1);
    if (top) return { crowned: await crownIn(tx, top.id, CYCLE_JOB, now) };
    await decidedEmpty(tx, s, now);
    return { crowned: null };
  }

  const verdict = judgeClose(standing, config);
  const base = {
    race,
    closesAt: s.votingEndTime,
    kind: "proposal" as const,
    headlineId: verdict.headline?.id ?? null,
    voters: verdict.voters,
    lead: verdict.lead,
    createdAt: now,
  };
  if (verdict.kind === "await") {
    await tx
      .insert(crownHolds)
      .values({ ...base, status: "awaiting", reason: verdict.reason, decidedAt: now });
    await touchSettings(tx, now);
    await recordClose(
      tx,
      race,
      `Nothing crowned: ${AWAIT_REASONS[verdict.reason]} Awaiting the editors.`,
      now,
      {
        headlineId: verdict.headline?.id ?? null,
        reason: verdict.reason,
      },
    );
    return {
      crowned: null,
      held: { status: "awaiting", reason: verdict.reason, headlineId: verdict.headline?.id ?? null },
    };
  }
  const { headline } = verdict;
  if (config.vetoMinutes === 0) {
    const crowned = await crownIn(tx, headline.id, AUTOPILOT_JOB, now);
    await tx.insert(crownHolds).values({ ...base, status: "crowned", crownAt: now, decidedAt: now });
    await recordClose(tx, race, `Crowned "${headline.title}" at once (no veto window).`, now, {
      headlineId: headline.id,
      voters: verdict.voters,
      lead: verdict.lead,
    });
    return { crowned };
  }
  const crownAt = new Date(now.getTime() + config.vetoMinutes * 60_000);
  await tx.insert(crownHolds).values({ ...base, status: "pending", crownAt });
  await touchSettings(tx, now);
  await recordClose(
    tx,
    race,
    `Proposed "${headline.title}" (${verdict.voters} networks, lead ${verdict.lead}); crowned at ${formatEasternEt(crownAt)} unless vetoed.`,
    now,
    { headlineId: headline.id, voters: verdict.voters, lead: verdict.lead },
  );
  return { crowned: null, held: { status: "pending", reason: null, headlineId: headline.id } };
}

/**
 * A window ran out in silence. The burst's hold (autopilot off) crowns the top as today's close would, after
 * whatever staff voided meanwhile. A proposal is crowned only when the race, judged again, still proposes
 * the same headline; otherwise the race waits for the editors (the standings changed, or the autopilot was
 * switched off: its kill switch stops what it started).
 */
async function endWindow(
  tx: Tx,
  s: SettingsRow,
  hold: HoldRow,
  config: AutopilotConfig,
  standing: Awaited<ReturnType<typeof raceStanding>>,
  now: Date,
): Promise<Decision> {
  const settle = (status: "crowned" | "awaiting", reason: AwaitReason | null = null) =>
    tx.update(crownHolds).set({ status, reason, decidedAt: now }).where(eq(crownHolds.race, hold.race));
  if (hold.kind === "burst") {
    const top = await topOfVoting(tx, 1);
    await settle("crowned");
    if (top) return { crowned: await crownIn(tx, top.id, CYCLE_JOB, now) };
    await decidedEmpty(tx, s, now);
    return { crowned: null };
  }
  const verdict = config.enabled ? judgeClose(standing, config) : null;
  const reason: AwaitReason | null = !verdict
    ? "switched_off"
    : verdict.kind === "await"
      ? verdict.reason
      : verdict.headline.id !== hold.headlineId
        ? "changed"
        : null;
  if (reason || !verdict || verdict.kind !== "propose") {
    const why = reason ?? "changed";
    await settle("awaiting", why);
    await touchSettings(tx, now);
    await recordClose(tx, hold.race, `Nothing crowned: ${AWAIT_REASONS[why]} Awaiting the editors.`, now, {
      headlineId: hold.headlineId,
      reason: why,
    });
    return { crowned: null, held: { status: "awaiting", reason: why, headlineId: hold.headlineId } };
  }
  const crowned = await crownIn(tx, verdict.headline.id, AUTOPILOT_JOB, now);
  await settle("crowned");
  await recordClose(tx, hold.race, `Crowned "${crowned.title}": the veto window ended in silence.`, now, {
    headlineId: crowned.id,
  });
  return { crowned };
}

/** The close's run in the autopilot's record (one row per race) and the audit log. */
function recordClose(tx: Tx, race: Date, result: string, now: Date, details: Record<string, unknown>) {
  return recordStep(tx, "close", race.toISOString(), result, now, details);
}
