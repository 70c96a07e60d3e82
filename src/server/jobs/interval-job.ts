import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { type Db, rowsOf } from "../db/connect";
import type { JobMetrics } from "../plugins/observability";

/**
 * Runs `task` every `intervalMs` (and at once with `runAtStart`), never two at once: a pass that outlasts
 * the interval makes the next tick a no-op instead of a second concurrent pass. With `claim`, a tick runs
 * the pass only when the claim succeeds (see claimJobRun: one process per interval). Errors are logged,
 * never thrown. Answers a stop function whose promise settles when a pass still running has finished (so
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
  }: { claim?: () => Promise<boolean>; runAtStart?: boolean; metrics?: JobMetrics } = {},
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const job = jobLabel(name);
  const pass = async () => {
    if (claim && !(await claim())) return;
    metrics?.runs.inc({ job });
    await task();
    metrics?.lastSuccess.set({ job }, Date.now() / 1000);
  };
  const tick = () => {
    if (running) return;
    running = pass()
      .catch((error: unknown) => {
        metrics?.failures.inc({ job });
        log.error({ err: error, job: name }, `${name} failed; retrying on the next tick`);
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

/**
 * Claims this interval's pass of a background job for this process. Every process ticks; one conditional
 * statement moves the job's next run forward only when it is due, so exactly one process per interval gets
 * true, and when that process dies another one's next tick takes over. The claim lasts 90% of the interval
 * so that a process ticking a little early next time is not shut out by its own previous claim.
 */
export async function claimJobRun(db: Db, name: string, intervalMs: number): Promise<boolean> {
  const leaseMs = Math.floor(intervalMs * 0.9);
  const rows = rowsOf(
    await db.execute(sql`
      INSERT INTO job_runs (name, next_run_at) VALUES (${name}, now() + ${leaseMs} * interval '1 millisecond')
      ON CONFLICT (name) DO UPDATE SET next_run_at = excluded.next_run_at
        WHERE job_runs.next_run_at <= now()
      RETURNING name`),
  );
  return rows.length > 0;
}
