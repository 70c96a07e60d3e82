import type { FastifyBaseLogger } from "fastify";

/**
 * Known outages (the database unreachable, the disk full) are one condition, not a bug per request or per
 * job pass: the error handler (plugins/errors.ts) and the background jobs (jobs/interval-job.ts) log them as
 * one short line per kind per FAILURE_LOG_INTERVAL_MS, without the stack and the query's text, which said
 * nothing new and, at one per request or per tick, flooded the log for the length of the outage.
 */

/** A failure kind logs one line per this long, not one per request or pass. */
export const FAILURE_LOG_INTERVAL_MS = 10_000;

export type OutageKind = "database unreachable" | "storage full";

/** The outage an error means, if it is one. */
export function outageOf(error: unknown): OutageKind | undefined {
  if (isStorageFull(error)) return "storage full";
  if (isDatabaseUnavailable(error)) return "database unreachable";
  return undefined;
}

/**
 * Per failure kind, the first occurrence in each FAILURE_LOG_INTERVAL_MS is logged, with how many were not:
 * "`what`: database unreachable, `then` (logged once per 10 s)", with `fields` (a job's name) beside it.
 */
export class FailureLog {
  readonly #kinds = new Map<OutageKind, { loggedAt: number; unlogged: number }>();

  constructor(
    private readonly what: string,
    private readonly then: string,
    private readonly fields: Record<string, string> = {},
  ) {}

  report(log: FastifyBaseLogger, kind: OutageKind, code: string | undefined, now = Date.now()): void {
    const seen = this.#kinds.get(kind);
    if (seen && now - seen.loggedAt < FAILURE_LOG_INTERVAL_MS) {
      seen.unlogged++;
      return;
    }
    this.#kinds.set(kind, { loggedAt: now, unlogged: 0 });
    log.error(
      { ...this.fields, failure: kind, code, unloggedSince: seen ? seen.unlogged : undefined },
      `${this.what}: ${kind}, ${this.then} (logged once per ${FAILURE_LOG_INTERVAL_MS / 1000} s)`,
    );
  }
}

/** The first error code along the causes (ECONNREFUSED, 57P01, 53100): what the short line names. */
export function codeOf(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") return code;
  }
  return undefined;
}

/**
 * A write that found no room: ENOSPC from the file system (PGlite's files, a temporary file) or PostgreSQL's
 * class 53, "insufficient resources" (53100 disk_full, 53200 out_of_memory, 53300 too_many_connections,
 * ...). The database itself is fine and reads still work, so it is a 503 for this write, not a crash.
 */
export function isStorageFull(error: unknown): boolean {
  return someCause(error, (e) => {
    const code = (e as { code?: unknown }).code;
    return code === "ENOSPC" || (typeof code === "string" && /^53[0-9A-Z]{3}$/.test(code));
  });
}

function someCause(error: unknown, test: (e: object) => boolean): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if (test(e)) return true;
  }
  return false;
}

const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "57P01",
  "57P03",
  "08006",
  "08001",
]);

export function isDatabaseUnavailable(error: unknown): boolean {
  return someCause(error, (e) => {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && UNAVAILABLE_CODES.has(code)) return true;
    const message = (e as { message?: unknown }).message;
    return (
      typeof message === "string" &&
      /timeout exceeded when trying to connect|Connection terminated|Query read timeout/i.test(message)
    );
  });
}
