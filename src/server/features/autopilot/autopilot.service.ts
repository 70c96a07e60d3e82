import { and, desc, eq, isNull, sql } from "drizzle-orm";
import {
  AUTOPILOT_STEPS,
  type AutopilotInput,
  type AutopilotStatus,
  type AutopilotStep,
  type AwaitReason,
  FOUR_WAITING,
  type PendingCrown,
  planSteps,
  STEP_LABELS,
} from "@/common/autopilot";
import { nextCycle } from "@/common/schedule";
import type { Db } from "../../db/connect";
import {
  autopilot,
  autopilotRuns,
  crownHolds,
  headlines,
  headlineTransitions,
  settings,
} from "../../db/schema";
import { conflict } from "../../lib/http-error";
import { MAX_ATTEMPTS } from "../../lib/step-runs";
import { type AutopilotConfig, raceStanding, readAutopilot } from "../headlines/crown-guard";
import { type Actor, crownIn, lockSettings } from "../headlines/headline-stage";

/** The Autopilot tab's reads and its three staff actions (issue 30): settings, veto, crown now. */

export const NO_PROPOSAL = "No proposed winner is waiting for a veto.";

type SettingsRow = typeof settings.$inferSelect;
type HoldRow = typeof crownHolds.$inferSelect;

const raceOf = (s: SettingsRow) => s.raceCycle ?? s.votingEndTime;
const decided = (s: SettingsRow) =>
  s.winnerSelectedFor !== null && s.winnerSelectedFor.getTime() === s.votingEndTime.getTime();

async function settingsRow(db: Pick<Db, "select">): Promise<SettingsRow> {
  const [row] = await db.select().from(settings).where(eq(settings.id, 1));
  if (!row) throw new Error("settings row missing: ensureSettings runs at start-up");
  return row;
}

/** The current winner when it has no coin yet and is not declared late, with the time it was crowned. */
export async function unlaunchedWinner(
  db: Pick<Db, "select">,
  s: SettingsRow,
): Promise<{ id: number; title: string; crownedAt: Date } | null> {
  const [row] = await db
    .select({
      id: headlines.id,
      title: headlines.title,
      crownedAt: sql<Date>`max(${headlineTransitions.createdAt})`,
    })
    .from(headlines)
    .innerJoin(
      headlineTransitions,
      and(eq(headlineTransitions.headlineId, headlines.id), eq(headlineTransitions.action, "crown")),
    )
    .where(and(eq(headlines.stage, "winner"), isNull(headlines.contractAddress)))
    .groupBy(headlines.id);
  if (!row || row.id === s.launchDelayedFor) return null;
  return { id: row.id, title: row.title, crownedAt: new Date(row.crownedAt) };
}

/** The plan of every step now, from the settings, the autopilot and the runs recorded. */
export async function stepPlan(db: Pick<Db, "select">, config: AutopilotConfig, now: Date) {
  const s = await settingsRow(db);
  const runs = await db.select().from(autopilotRuns);
  const finished = new Set(
    runs
      .filter((r) => r.status === "done" || (r.status === "failed" && r.attempts >= MAX_ATTEMPTS))
      .map((r) => `${r.step}:${r.subject}`),
  );
  const winner = await unlaunchedWinner(db, s);
  const rolls = s.scheduleMode !== "custom";
  const plan = planSteps({
    now,
    race: raceOf(s),
    votingEndTime: s.votingEndTime,
    launchTime: s.launchTime,
    nextClose: rolls ? (nextCycle(s.scheduleMode, s, s.launchTime)?.votingEndTime ?? null) : null,
    rolls,
    enabledAt: config.enabled ? config.enabledAt : null,
    importHour: config.importHour,
    launchDelayedHour: config.launchDelayedHour,
    unlaunchedWinner: winner,
    done: (step, subject) => finished.has(`${step}:${subject}`),
  });
  return { settings: s, plan, runs, winner };
}

/** GET /api/admin/autopilot: the switch, every step's times and last result, what waits, and the settings. */
export async function getAutopilotStatus(db: Db, now: Date): Promise<AutopilotStatus> {
  const config = await readAutopilot(db);
  const { settings: s, plan, runs } = await stepPlan(db, config, now);
  const race = raceOf(s);
  const last = new Map<AutopilotStep, (typeof runs)[number]>();
  for (const run of [...runs].sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime()))
    last.set(run.step as AutopilotStep, run);

  const [hold] = await db.select().from(crownHolds).where(eq(crownHolds.race, race));
  const undecided = !decided(s);
  const title = hold?.headlineId ? await headlineTitle(db, hold.headlineId) : null;
  const pending: PendingCrown[] =
    hold && undecided && hold.status === "pending" && hold.crownAt
      ? [
          {
            race: race.toISOString(),
            kind: hold.kind,
            headlineId: hold.headlineId,
            title: title?.title ?? null,
            votes: title?.votes ?? null,
            voters: hold.voters,
            lead: hold.lead,
            crownAt: hold.crownAt.toISOString(),
          },
        ]
      : [];
  const awaiting =
    hold && undecided && (hold.status === "awaiting" || hold.status === "vetoed")
      ? {
          race: race.toISOString(),
          reason: (hold.status === "vetoed" ? "vetoed" : (hold.reason ?? "changed")) as AwaitReason,
          headlineId: hold.headlineId,
          title: title?.title ?? null,
          vetoReason: hold.vetoReason,
        }
      : null;
  const four = runs.find((r) => r.step === "four" && r.subject === race.toISOString());
  // The flag before the close (issue 31): a burst that could decide the race, while it is still open.
  const standing = undecided ? await raceStanding(db, now < s.votingEndTime ? now : s.votingEndTime) : null;

  return {
    enabled: config.enabled,
    steps: AUTOPILOT_STEPS.map((name) => {
      const planned = plan.find((p) => p.step === name);
      const run = last.get(name);
      return {
        name,
        label: STEP_LABELS[name],
        nextRunAt: config.enabled && planned?.nextRunAt ? planned.nextRunAt.toISOString() : null,
        lastRunAt: run ? (run.finishedAt ?? run.startedAt).toISOString() : null,
        lastResult: run?.result ?? null,
        lastStatus: run?.status ?? null,
      };
    }),
    pending,
    awaiting,
    fourWaiting: Boolean(four?.result?.startsWith(FOUR_WAITING)) && now < s.votingEndTime,
    burst: standing?.burst ?? null,
    settings: {
      quorumVoters: config.quorumVoters,
      minLead: config.minLead,
      vetoMinutes: config.vetoMinutes,
      importHour: config.importHour,
      launchDelayedHour: config.launchDelayedHour,
      importSources: config.importSources,
      trustedSources: config.trustedSources,
    },
  };
}

async function headlineTitle(db: Pick<Db, "select">, id: number) {
  const [row] = await db
    .select({ title: headlines.title, votes: headlines.votes })
    .from(headlines)
    .where(eq(headlines.id, id));
  return row ?? null;
}

/**
 * PUT /api/admin/autopilot: the switch and the settings, saved in one row. Switching it on records when, so
 * no step whose time came before is caught up; the settings left out stay as they were.
 */
export async function saveAutopilot(db: Db, input: AutopilotInput, now: Date): Promise<void> {
  const current = await readAutopilot(db);
  const next = { ...current, ...input.settings, enabled: input.enabled };
  const enabledAt = input.enabled ? (current.enabled ? current.enabledAt : now) : current.enabledAt;
  const values = {
    enabled: next.enabled,
    enabledAt,
    quorumVoters: next.quorumVoters,
    minLead: next.minLead,
    vetoMinutes: next.vetoMinutes,
    importHour: next.importHour,
    launchDelayedHour: next.launchDelayedHour,
    importSources: [...next.importSources],
    trustedSources: [...next.trustedSources],
    updatedAt: now,
  };
  await db
    .insert(autopilot)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: autopilot.id, set: values });
}

/** The race's hold, locked with the settings, when it is a crown still waiting out its window. */
async function lockPending(tx: Parameters<Parameters<Db["transaction"]>[0]>[0]): Promise<HoldRow> {
  const s = await lockSettings(tx);
  const [hold] = await tx
    .select()
    .from(crownHolds)
    .where(eq(crownHolds.race, raceOf(s)))
    .for("update");
  const pending = hold?.status === "pending" ? hold : undefined;
  if (!pending || decided(s)) throw conflict(NO_PROPOSAL);
  return pending;
}

/**
 * One click vetoes the proposal (or the burst's hold): nothing is crowned and the race waits for the editors,
 * who crown by hand (Make Winner, Select Today's Winner). The reason is the public record's.
 */
export async function vetoProposal(
  db: Db,
  reason: string,
  by: { username: string },
  now: Date,
): Promise<{ headlineId: number | null }> {
  return db.transaction(async (tx) => {
    const hold = await lockPending(tx);
    await tx
      .update(crownHolds)
      .set({ status: "vetoed", vetoedBy: by.username, vetoReason: reason, decidedAt: now })
      .where(eq(crownHolds.race, hold.race));
    // The edition's live record reads the hold: the settings row's change announces it.
    await tx.update(settings).set({ updatedAt: now }).where(eq(settings.id, 1));
    return { headlineId: hold.headlineId };
  });
}

/** Staff approve the proposal before its window ends: crowned now, by them. */
export async function crownProposalNow(db: Db, actor: Actor, now: Date): Promise<{ headlineId: number }> {
  return db.transaction(async (tx) => {
    const hold = await lockPending(tx);
    if (hold.headlineId === null) throw conflict(NO_PROPOSAL);
    await crownIn(tx, hold.headlineId, actor, now);
    await tx
      .update(crownHolds)
      .set({ status: "crowned", decidedAt: now })
      .where(eq(crownHolds.race, hold.race));
    return { headlineId: hold.headlineId };
  });
}

/** The latest runs, newest first (tests and the job's log). */
export async function recentRuns(db: Db, limit = 20) {
  return db.select().from(autopilotRuns).orderBy(desc(autopilotRuns.startedAt)).limit(limit);
}
