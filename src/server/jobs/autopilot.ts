import { and, desc, eq, isNull, lt, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { type AutopilotStep, FOUR_WAITING } from "@/common/autopilot";
import { formatEasternEt } from "@/common/time-text";
import type { Db } from "../db/connect";
import { crownHolds, editions, headlines, settings } from "../db/schema";
import { moveTopHeadlinesToToday } from "../features/admin/admin-cycle.service";
import { stepPlan } from "../features/autopilot/autopilot.service";
import { type AutopilotConfig, readAutopilot, tomorrowRaceVoters } from "../features/headlines/crown-guard";
import { inTomorrowsNews, lockSettings } from "../features/headlines/headline-stage";
import { importMorningHeadlines } from "../features/trending/morning-import";
import type { TrendingDeps } from "../features/trending/trending.service";
import { AUTOPILOT_JOB } from "../features/votes/cycle.service";
import type { TelegramClient } from "../integrations/telegram";
import { claimStep, failStep, finishStep } from "../lib/step-runs";
import type { JobMetrics } from "../plugins/observability";
import { startIntervalJob } from "./interval-job";

/**
 * The autopilot's steps (issue 30) other than the close, which the cycle job decides (features/votes/
 * cycle.service.ts): the morning import, the day's four at the roll, the launch check, and the staff chat's
 * message about a proposal. Every process ticks; each step's run is claimed once per subject in
 * autopilot_runs (lib/step-runs.ts), retried on failure, audited, and counted in /metrics under
 * `autopilot_{step}`.
 */

export const AUTOPILOT_TICK_MS = 15_000;

export interface AutopilotDeps {
  db: Db;
  trending: TrendingDeps;
  /** The Telegram client when the channel is configured (the launch notice, the staff chat). */
  telegram: { client: TelegramClient; publicUrl: string } | null;
  log?: FastifyBaseLogger;
  metrics?: JobMetrics;
}

type Step = AutopilotStep | "notify";

/** One pass: every step due now whose run this process claims. Answers the steps it ran, with their results. */
export async function runAutopilotPass(
  deps: AutopilotDeps,
  now: Date,
): Promise<Array<{ step: Step; subject: string; result: string | null; error?: string }>> {
  const config = await readAutopilot(deps.db);
  if (!config.enabled) return [];
  const { plan, settings: s, winner } = await stepPlan(deps.db, config, now);
  const ran: Array<{ step: Step; subject: string; result: string | null; error?: string }> = [];
  const run = async (step: Step, subject: string, work: (attempt: number) => Promise<string | null>) => {
    const attempt = await claimStep(deps.db, step, subject, now);
    if (attempt === null) return;
    const job = `autopilot_${step}`;
    deps.metrics?.runs.inc({ job });
    try {
      const result = await work(attempt);
      deps.metrics?.lastSuccess.set({ job }, Date.now() / 1000);
      ran.push({ step, subject, result });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      deps.metrics?.failures.inc({ job });
      deps.log?.warn({ step, subject, err: error }, "autopilot step failed; it is retried");
      await failStep(deps.db, step, subject, attempt, message, now);
      ran.push({ step, subject, result: null, error: message });
    }
  };

  for (const planned of plan) {
    if (!planned.runnable || planned.subject === null) continue;
    const subject = planned.subject;
    switch (planned.step) {
      case "import":
        await run("import", subject, (attempt) => morningImport(deps, config, subject, attempt, now));
        break;
      case "four":
        await run("four", subject, (attempt) => daysFour(deps.db, config, subject, attempt, now));
        break;
      case "launch":
        if (winner)
          await run("launch", subject, (attempt) => launchCheck(deps, winner, subject, attempt, now));
        break;
    }
  }

  // The staff chat hears of a proposal once, as its window opens (when a staff chat is configured).
  const send = deps.telegram?.client.sendStaffMessage;
  if (send) {
    const race = s.raceCycle ?? s.votingEndTime;
    const [hold] = await deps.db
      .select({ crownAt: crownHolds.crownAt, kind: crownHolds.kind, title: headlines.title })
      .from(crownHolds)
      .leftJoin(headlines, eq(headlines.id, crownHolds.headlineId))
      .where(and(eq(crownHolds.race, race), eq(crownHolds.status, "pending")));
    if (hold?.crownAt && hold.crownAt > now) {
      const crownAt = hold.crownAt;
      await run("notify", race.toISOString(), async (attempt) => {
        const admin = `${deps.telegram?.publicUrl.replace(/\/+$/, "")}/admin?tab=autopilot`;
        const what =
          hold.kind === "proposal" ? "The autopilot proposes" : "A flagged burst holds the crown of";
        const text = `🗳️ ${what} <b>${escapeHtml(hold.title ?? "the top headline")}</b>. It is crowned at ${formatEasternEt(crownAt)} unless vetoed: ${admin}`;
        await send(text);
        const result = `Told the staff chat; crowned at ${formatEasternEt(crownAt)} unless vetoed.`;
        await finishStep(deps.db, "notify", race.toISOString(), attempt, result, now);
        return result;
      });
    }
  }
  return ran;
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

async function morningImport(
  deps: AutopilotDeps,
  config: AutopilotConfig,
  subject: string,
  attempt: number,
  now: Date,
): Promise<string> {
  const r = await importMorningHeadlines(
    deps.db,
    deps.trending,
    config.importSources,
    config.trustedSources,
    AUTOPILOT_JOB,
    now,
  );
  const waiting = r.imported - r.approved;
  const result =
    `Imported ${r.imported}: ${r.approved} into Tomorrow's News, ${waiting} waiting in Pending Approval; ` +
    `${r.duplicates} already here` +
    (r.failed.length > 0 ? `; could not read ${r.failed.join(", ")}.` : ".");
  await finishStep(deps.db, "import", subject, attempt, result, now, { ...r });
  return result;
}

/**
 * At the roll: Move Top 4 when the Tomorrow race had its quorum of distinct voting networks; otherwise the
 * candidates stay and the tab asks staff. The move and the run's record commit together: never twice.
 */
async function daysFour(
  db: Db,
  config: AutopilotConfig,
  subject: string,
  attempt: number,
  now: Date,
): Promise<string> {
  return db.transaction(async (tx) => {
    // The day that just closed began when the race before this one opened (editions name races by it).
    const [previous] = await tx
      .select({ race: editions.race })
      .from(editions)
      .where(lt(editions.race, new Date(subject)))
      .orderBy(desc(editions.race))
      .limit(1);
    const voters = await tomorrowRaceVoters(tx, previous?.race ?? new Date(0));
    const [candidates] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(headlines)
      .where(inTomorrowsNews);
    let result: string;
    let details: Record<string, unknown> = { voters };
    if ((candidates?.n ?? 0) === 0) result = "Nothing to move: Tomorrow's News is empty.";
    else if (voters < config.quorumVoters)
      result = `${FOUR_WAITING} ${voters} of ${config.quorumVoters} networks voted in the Tomorrow race. Staff move the four.`;
    else {
      // A savepoint inside this transaction: the move and the record commit together.
      const moved = await moveTopHeadlinesToToday(tx as unknown as Db, AUTOPILOT_JOB, now);
      result = `Moved ${moved.moved.length} into today's voting (${voters} networks voted): ${moved.qualifying
        .map((q) => `"${q.title}" (${q.votes})`)
        .join(", ")}.`;
      details = { voters, qualifying: moved.qualifying };
    }
    if (!(await finishStep(tx, "four", subject, attempt, result, now, details)))
      throw new Error("the run was taken over by another process");
    return result;
  });
}

/**
 * No coin by the launch-delayed hour after the crown: the winner card and the channel say "launch delayed"
 * instead of "coming soon". The settings row names the winner (open pages hear of it); the launch itself
 * stays a staff click.
 */
async function launchCheck(
  deps: AutopilotDeps,
  winner: { id: number; title: string },
  subject: string,
  attempt: number,
  now: Date,
): Promise<string> {
  const result = await deps.db.transaction(async (tx) => {
    await lockSettings(tx);
    const [still] = await tx
      .select({ id: headlines.id })
      .from(headlines)
      .where(
        and(eq(headlines.id, winner.id), eq(headlines.stage, "winner"), isNull(headlines.contractAddress)),
      );
    const words = still
      ? `Launch delayed: "${winner.title}" has no coin yet.`
      : "Launched or replaced in time: nothing to say.";
    if (still)
      await tx
        .update(settings)
        .set({ launchDelayedFor: winner.id, updatedAt: now })
        .where(eq(settings.id, 1));
    if (!(await finishStep(tx, "launch", subject, attempt, words, now, { headlineId: winner.id })))
      throw new Error("the run was taken over by another process");
    return still ? words : null;
  });
  // After the record: a post is missed rather than sent twice (as the channel's own posts, features/telegram).
  if (result && deps.telegram) {
    await deps.telegram.client
      .sendMessage(`⏳ <b>Launch delayed</b>: ${escapeHtml(winner.title)} has no coin yet. Stay tuned!`)
      .catch((error: unknown) => deps.log?.warn({ err: error }, "telegram: the launch-delayed post failed"));
  }
  return result ?? "Launched or replaced in time: nothing to say.";
}

/** Ticks every AUTOPILOT_TICK_MS in every process; a pass does nothing while the autopilot is off. */
export function startAutopilotJob(deps: AutopilotDeps & { log: FastifyBaseLogger }): () => Promise<void> {
  return startIntervalJob(
    "autopilot",
    AUTOPILOT_TICK_MS,
    async () => {
      for (const r of await runAutopilotPass(deps, new Date()))
        if (!r.error)
          deps.log.info({ step: r.step, subject: r.subject, result: r.result }, "autopilot step ran");
    },
    deps.log,
    { runAtStart: true, metrics: deps.metrics },
  );
}
