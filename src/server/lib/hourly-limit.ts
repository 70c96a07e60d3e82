import { randomBytes } from "node:crypto";
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
export interface Reservation {
  release(): Promise<void>;
}

/**
 * An hourly per-IP limit (`name`: "submissions", "uploads") in Redis: a Reservation, "full" when the IP
 * has used its allowance, or undefined when Redis cannot answer, and the caller counts in the database
 * instead (each limit keeps its own database record of what it allowed).
 */
export async function reserveInRedis(
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
