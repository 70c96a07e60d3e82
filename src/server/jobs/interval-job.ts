import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { type Db, rowsOf } from "../db/connect";
import { codeOf, FailureLog, outageOf } from "../lib/failure-log";
import type { JobMetrics } from "../plugins/observability";

/**
 * Runs `task` every `intervalMs` (and at once with `runAtStart`), never two at once: a pass that outlasts
 * the interval makes the next tick a no-op instead of a second concurrent pass. With `claim`, a tick runs
 * the pass only when the claim succeeds (see claimJobRun: one process per interval). Errors are logged,
 * never thrown; an outage (the database unreachable) as one short line per 10 s, not a stack per tick. Answers a stop function whose promise settles when a pass still running has finished (so
 * the database is closed after it). With `metrics`, each pass this process runs is counted under the job's
 * name in snake_case (`payment_check`): runs, failures and the time of the last success; a tick another
 * process had claimed is not a pass.
 */
export function startIntervalJob(
  name: string,
  intervalMs: number,
  task: () => Promise<void>,
  log: FastifyBaseLogger,
  {
    claim,
    runAtStart = false,
    metrics,
  }: { claim?: () => Promise<JobLease | null>; runAtStart?: boolean; metrics?: JobMetrics } = {},
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const job = jobLabel(name);
  const outages = new FailureLog(`${name} failed`, "retrying on the next tick", { job: name });
  const pass = async () => {
    const lease = claim ? await claim() : null;
    if (claim && !lease) return;
    try {
      metrics?.runs.inc({ job });
      await task();
      metrics?.lastSuccess.set({ job }, Date.now() / 1000);
    } finally {
      lease?.release();
    }
  };
  const tick = () => {
    if (running) return;
    running = pass()
      .catch((error: unknown) => {
        metrics?.failures.inc({ job });
        // An outage fails every pass alike: one short line per 10 s, as requests log it (lib/failure-log.ts).
        const outage = outageOf(error);
        if (outage) outages.report(log, outage, codeOf(error));
        else log.error({ err: error, job: name }, `${name} failed; retrying on the next tick`);
      })
      .finally(() => {
        running = null;
      });
  };
  if (runAtStart) tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

/** A job's name as a metric label: "vote evidence cleanup" -> "vote_evidence_cleanup". */
export const jobLabel = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, "_");

/** A claimed pass: held until released (the pass ended), however long the pass runs. */
export interface JobLease {
  release(): void;
}

/**
 * Claims this interval's pass of a background job for this process. Every process ticks; one conditional
 * statement moves the job's next run forward only when it is due, so exactly one process per interval gets
 * the lease, and when that process dies another one's next tick takes over. The claim lasts 90% of the
 * interval so that a process ticking a little early next time is not shut out by its own previous claim.
 * While the pass runs, the lease is renewed every third of it: a pass that outlasts the interval (a slow
 * outside service) must not let another process start the next pass beside it.
 */
export async function claimJobRun(db: Db, name: string, intervalMs: number): Promise<JobLease | null> {
  const leaseMs = Math.floor(intervalMs * 0.9);
  const rows = rowsOf(
    await db.execute(sql`
      INSERT INTO job_runs (name, next_run_at) VALUES (${name}, now() + ${leaseMs} * interval '1 millisecond')
      ON CONFLICT (name) DO UPDATE SET next_run_at = excluded.next_run_at
        WHERE job_runs.next_run_at <= now()
      RETURNING name`),
  );
  if (rows.length === 0) return null;
  const renew = setInterval(
    () => {
      // A renewal that fails (the database is away) leaves the lease to run out: the pass itself will fail too.
      void db
        .execute(sql`
          UPDATE job_runs SET next_run_at = greatest(next_run_at, now() + ${leaseMs} * interval '1 millisecond')
          WHERE name = ${name}`)
        .catch(() => {});
    },
    Math.max(200, Math.floor(leaseMs / 3)),
  );
  renew.unref();
  return { release: () => clearInterval(renew) };
}
