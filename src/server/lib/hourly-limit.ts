import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../db/connect";
import type { RedisLink } from "./redis";

const HOUR_MS = 60 * 60 * 1000;

/**
 * Atomically: forget entries older than the window, refuse when the limit is reached, else add this one.
 * One script, so parallel submissions from one IP on any process cannot all pass the count.
 */
const RESERVE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]))
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;

/** A place in the IP's hourly allowance, held in Redis; released if the request is then refused. */
interface Reservation {
  release(): Promise<void>;
}

/**
 * A place in an hourly per-IP allowance (`name`: "submissions", "uploads") in Redis: a Reservation, "full"
 * when the IP has used its allowance, or undefined when Redis cannot answer.
 */
async function reserveInRedis(
  redis: RedisLink,
  name: string,
  ip: string,
  perHour: number,
): Promise<Reservation | "full" | undefined> {
  const key = redis.key(name, ip);
  const member = `${Date.now()}:${randomBytes(6).toString("hex")}`;
  const taken = await redis.attempt(`${name} limit`, (r) =>
    r.eval(RESERVE, 1, key, Date.now(), HOUR_MS, perHour, member),
  );
  if (taken === undefined) return undefined;
  if (taken === 0) return "full";
  return {
    release: async () => {
      await redis.attempt(`${name} limit`, (r) => r.zrem(key, member));
    },
  };
}

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface HourlyLimit {
  /** The Redis key's name ("submissions", "uploads"). */
  name: string;
  /**
   * First key of the two-key advisory lock taken per IP when the database counts; one per limit, so two
   * limits never wait for each other. Two-key locks live apart from the one-bigint locks (migrations).
   */
  lockNamespace: number;
  ip: string;
  perHour: number;
  refusal: () => Error;
  /** What the database records of the IP's last hour: the count a fallback from Redis goes by. */
  usedInLastHour: (tx: Tx) => Promise<number>;
}

/**
 * Runs `record` in a transaction if the IP has a place left in its hourly allowance, else refuses (429).
 * Counted in Redis when it answers, shared by every process; otherwise counted in the database under a
 * per-IP lock, from the rows `record` writes either way. A failure gives the place back. Answers what
 * `record` answered and a function that gives the Redis place back later (the caller deletes its own row).
 */
export async function withinHourlyLimit<T>(
  db: Db,
  redis: RedisLink | undefined,
  limit: HourlyLimit,
  record: (tx: Tx) => Promise<T>,
): Promise<{ recorded: T; release: () => Promise<void> }> {
  const reservation = redis && (await reserveInRedis(redis, limit.name, limit.ip, limit.perHour));
  if (reservation === "full") throw limit.refusal();
  try {
    const recorded = await db.transaction(async (tx) => {
      if (!reservation) {
        // Without the lock, parallel requests from one IP would all count the same number and all pass.
        // It ends with the transaction; other IPs wait only if their hashes collide. On `tx` only: inside
        // a PGlite transaction, a query on the outer handle waits for ever.
        await tx.execute(
          sql`SELECT pg_advisory_xact_lock(${limit.lockNamespace}::int, hashtext(${limit.ip}))`,
        );
        if ((await limit.usedInLastHour(tx)) >= limit.perHour) throw limit.refusal();
      }
      return record(tx);
    });
    return { recorded, release: async () => await reservation?.release() };
  } catch (error) {
    await reservation?.release();
    throw error;
  }
}
