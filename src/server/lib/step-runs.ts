import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/connect";
import { auditLog, autopilotRuns } from "../db/schema";

/**
 * The autopilot's step runs (issue 30): one `autopilot_runs` row per step and subject (a race, a winner) is
 * the claim, so a step runs once per subject however many processes tick and however often they restart.
 * A failed run is tried again after RETRY_MS (at most MAX_ATTEMPTS times); a run whose process stopped
 * mid-way (still `running` after LEASE_MS) is taken over. Each finished run writes an audit row in words
 * under the name "job:autopilot".
 */

export const AUTOPILOT_ACTOR = "job:autopilot";
export const RETRY_MS = 60_000;
export const LEASE_MS = 5 * 60_000;
export const MAX_ATTEMPTS = 5;

type Writer = Pick<Db, "insert" | "update" | "execute">;

/** The audit action of a step's run: "AUTOPILOT import" (src/common/audit.ts has its words). */
export const stepAction = (step: string) => `AUTOPILOT ${step}`;

/**
 * Claims the step's run for `subject`: answers the attempt number when this process may run it now, null
 * when it is done, running elsewhere, failed too often or not due for a retry yet.
 */
export async function claimStep(
  db: Writer,
  step: string,
  subject: string,
  now: Date,
): Promise<number | null> {
  const at = now.toISOString();
  const rows = (await db
    .insert(autopilotRuns)
    .values({ step, subject, status: "running", attempts: 1, startedAt: now })
    .onConflictDoUpdate({
      target: [autopilotRuns.step, autopilotRuns.subject],
      set: {
        status: "running",
        attempts: sql`${autopilotRuns.attempts} + 1`,
        startedAt: now,
        retryAt: null,
      },
      setWhere: sql`${autopilotRuns.attempts} < ${MAX_ATTEMPTS} AND (
        (${autopilotRuns.status} = 'failed' AND ${autopilotRuns.retryAt} <= ${at}::timestamptz)
        OR (${autopilotRuns.status} = 'running' AND ${autopilotRuns.startedAt} <= ${at}::timestamptz - ${LEASE_MS} * interval '1 millisecond'))`,
    })
    .returning({ attempts: autopilotRuns.attempts })) as Array<{ attempts: number }>;
  return rows[0]?.attempts ?? null;
}

/**
 * Marks this process's run done with its result, only while it is still this attempt's (a run taken over
 * after its lease is not the taker's to finish). Inside the step's own transaction, the work and the mark
 * commit together: a run is never done twice. Answers false when the run was no longer this one's.
 */
export async function finishStep(
  db: Writer,
  step: string,
  subject: string,
  attempt: number,
  result: string,
  now: Date,
  details: Record<string, unknown> = {},
): Promise<boolean> {
  const rows = await db
    .update(autopilotRuns)
    .set({ status: "done", result, finishedAt: now })
    .where(
      and(
        eq(autopilotRuns.step, step),
        eq(autopilotRuns.subject, subject),
        eq(autopilotRuns.status, "running"),
        eq(autopilotRuns.attempts, attempt),
      ),
    )
    .returning({ step: autopilotRuns.step });
  if (rows.length === 0) return false;
  await auditStep(db, step, subject, result, now, details);
  return true;
}

/** Records a run done in one statement, for a step decided inside another transaction (the close). */
export async function recordStep(
  db: Writer,
  step: string,
  subject: string,
  result: string,
  now: Date,
  details: Record<string, unknown> = {},
): Promise<void> {
  await db
    .insert(autopilotRuns)
    .values({ step, subject, status: "done", attempts: 1, result, startedAt: now, finishedAt: now })
    .onConflictDoUpdate({
      target: [autopilotRuns.step, autopilotRuns.subject],
      set: { status: "done", result, finishedAt: now },
    });
  await auditStep(db, step, subject, result, now, details);
}

/** A failed run: its error in words, tried again after RETRY_MS. */
export async function failStep(
  db: Writer,
  step: string,
  subject: string,
  attempt: number,
  error: string,
  now: Date,
): Promise<void> {
  await db
    .update(autopilotRuns)
    .set({
      status: "failed",
      result: `Failed: ${error}`.slice(0, 500),
      finishedAt: now,
      retryAt: new Date(now.getTime() + RETRY_MS),
    })
    .where(
      and(
        eq(autopilotRuns.step, step),
        eq(autopilotRuns.subject, subject),
        eq(autopilotRuns.attempts, attempt),
      ),
    );
}

async function auditStep(
  db: Writer,
  step: string,
  subject: string,
  result: string,
  now: Date,
  details: Record<string, unknown>,
): Promise<void> {
  await db.insert(auditLog).values({
    accountId: null,
    username: AUTOPILOT_ACTOR,
    action: stepAction(step),
    target: subject,
    details: { result, ...details },
    createdAt: now,
  });
}
