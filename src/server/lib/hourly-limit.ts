import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../db/connect";
import type { RedisLink } from "./redis";

export const HOUR_MS = 60 * 60 * 1000;

/**
 * Atomically: forget entries older than the window; bring the count up to what the database records
 * (ARGV[5..], the times of its newest entries, newest first) when Redis holds fewer, so that what was
 * counted in the database while Redis was away (or after Redis lost its data) still counts; then refuse
 * when the limit is reached (answering the time of the entry whose expiry opens a place), else add this one.
 * One script, so parallel requests from one network on any process cannot all pass the count.
 */
const RESERVE = `
local now, window, limit = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local held = redis.call('ZCARD', KEYS[1])
local recorded = #ARGV - 4
for i = 1, recorded - held do
  redis.call('ZADD', KEYS[1], ARGV[4 + i], 'db:' .. ARGV[4 + i] .. ':' .. i .. ':' .. ARGV[4])
end
if recorded > held then held = recorded end
if held >= limit then
  return {0, redis.call('ZREVRANGE', KEYS[1], limit - 1, limit - 1, 'WITHSCORES')[2]}
end
redis.call('ZADD', KEYS[1], now, ARGV[4])
redis.call('PEXPIRE', KEYS[1], window)
return {1}`;

/** A place in the network's hourly allowance, held in Redis; released if the request is then refused. */
interface Reservation {
  release(): Promise<void>;
}

/** Seconds until an entry made at `at` leaves the hour's window. */
const secondsUntilExpiry = (at: number) => (at + HOUR_MS - Date.now()) / 1000;

/**
 * A place in an hourly per-network allowance (`name`: "submissions", "uploads") in Redis: a Reservation,
 * a refusal (with the seconds until a place opens) when the network has used its allowance, or undefined
 * when Redis cannot answer. `recorded` is what the database holds for the network's last hour.
 */
async function reserveInRedis(
  redis: RedisLink,
  limit: HourlyLimit,
  recorded: Date[],
): Promise<Reservation | { full: number } | undefined> {
  const key = redis.key(limit.name, limit.network);
  const member = `${Date.now()}:${randomBytes(6).toString("hex")}`;
  const answer = (await redis.attempt(`${limit.name} limit`, (r) =>
    r.eval(RESERVE, 1, key, Date.now(), HOUR_MS, limit.perHour, member, ...recorded.map((d) => d.getTime())),
  )) as [number, string?] | undefined;
  if (answer === undefined) return undefined;
  if (answer[0] === 0) return { full: secondsUntilExpiry(Number(answer[1])) };
  return {
    release: async () => {
      await redis.attempt(`${limit.name} limit`, (r) => r.zrem(key, member));
    },
  };
}

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface HourlyLimit {
  /** The Redis key's name ("submissions", "uploads"). */
  name: string;
  /**
   * First key of the two-key advisory lock taken per network when the database counts; one per limit, so
   * two limits never wait for each other. Two-key locks live apart from the one-bigint locks (migrations).
   */
  lockNamespace: number;
  /** The client's network (lib/client-network.ts): what the limit counts by. */
  network: string;
  perHour: number;
  refusal: (retryAfterSeconds: number) => Error;
  /**
   * When the database recorded the network's entries of the last hour, newest first, at most `limit` of
   * them (the rows `record` writes, whether Redis counts or not): the count a fallback from Redis goes by,
   * and what Redis is brought up to when it holds fewer.
   */
  recordedInLastHour: (tx: Db | Tx, limit: number) => Promise<Date[]>;
}

/**
 * Runs `record` in a transaction if the network has a place left in its hourly allowance, else refuses
 * (429 with Retry-After). Counted in Redis when it answers, shared by every process, and never below what
 * the database records; otherwise counted in the database under a per-network lock, from the rows `record`
 * writes either way. A failure gives the place back. Answers what `record` answered and a function that
 * gives the Redis place back later (the caller deletes its own row).
 */
export async function withinHourlyLimit<T>(
  db: Db,
  redis: RedisLink | undefined,
  limit: HourlyLimit,
  record: (tx: Tx) => Promise<T>,
): Promise<{ recorded: T; release: () => Promise<void> }> {
  const reservation =
    redis && (await reserveInRedis(redis, limit, await limit.recordedInLastHour(db, limit.perHour)));
  if (reservation && "full" in reservation) throw limit.refusal(reservation.full);
  try {
    const recorded = await db.transaction(async (tx) => {
      if (!reservation) {
        // Without the lock, parallel requests from one network would all count the same number and all
        // pass. It ends with the transaction; other networks wait only if their hashes collide. On `tx`
        // only: inside a PGlite transaction, a query on the outer handle waits for ever.
        await tx.execute(
          sql`SELECT pg_advisory_xact_lock(${limit.lockNamespace}::int, hashtext(${limit.network}))`,
        );
        const entries = await limit.recordedInLastHour(tx, limit.perHour);
        const opening = entries[limit.perHour - 1];
        if (opening) throw limit.refusal(secondsUntilExpiry(opening.getTime()));
      }
      return record(tx);
    });
    return { recorded, release: async () => await reservation?.release() };
  } catch (error) {
    await reservation?.release();
    throw error;
  }
}
