import { randomBytes } from "node:crypto";
import { and, eq, gt, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/connect";
import { loginAttempts } from "../../db/schema";
import type { RedisLink } from "../../lib/redis";

/** Failed logins allowed per window: per username (guessing one password) and per IP (spraying many). */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_USERNAME = 10;
export const MAX_FAILURES_PER_IP = 30;

export interface LoginAttempt {
  /** The username as typed, cut to a bounded length (see usernameKey). */
  username: string;
  ip: string;
  now: Date;
}

/** Usernames are at most 50 characters, so a longer one cannot exist; it is stored cut to keep rows small. */
export const usernameKey = (username: string) => username.slice(0, 64);

/**
 * Whether this username or IP has used up its failed logins in the window. With Redis the counts come from
 * Redis (no database query per login, shared by every process); when Redis cannot answer, from the
 * database, which holds the same failures (see recordFailure), so losing Redis never resets a count.
 */
export async function isThrottled(
  db: Db,
  redis: RedisLink | undefined,
  attempt: LoginAttempt,
): Promise<boolean> {
  const counts =
    (redis && (await redis.attempt("login throttle", (r) => countInRedis(r, redis, attempt)))) ??
    (await countInDatabase(db, attempt));
  return counts.forUsername >= MAX_FAILURES_PER_USERNAME || counts.forIp >= MAX_FAILURES_PER_IP;
}

/**
 * Records a failed login. The database row is always written, Redis or not: it is the record a database
 * fallback counts from. Failed logins are rare, so the extra write costs nothing that matters.
 */
export async function recordFailure(
  db: Db,
  redis: RedisLink | undefined,
  attempt: LoginAttempt,
): Promise<void> {
  await db
    .insert(loginAttempts)
    .values({ ip: attempt.ip, username: attempt.username, createdAt: attempt.now });
  await redis?.attempt("login throttle", async (r) => {
    const at = attempt.now.getTime();
    const member = `${at}:${randomBytes(6).toString("hex")}`;
    const multi = r.multi();
    for (const key of redisKeys(redis, attempt)) {
      multi
        .zadd(key, at, member)
        .zremrangebyscore(key, "-inf", at - LOGIN_WINDOW_MS)
        .pexpire(key, LOGIN_WINDOW_MS);
    }
    await multi.exec();
  });
}

/** Old attempts only matter inside the window; logins are rare, so a successful one trims the table. */
export async function trimAttempts(db: Db, now: Date): Promise<void> {
  await db
    .delete(loginAttempts)
    .where(lt(loginAttempts.createdAt, new Date(now.getTime() - LOGIN_WINDOW_MS)));
}

function redisKeys(redis: RedisLink, attempt: LoginAttempt): [string, string] {
  return [redis.key("login", "user", attempt.username), redis.key("login", "ip", attempt.ip)];
}

async function countInRedis(r: RedisLink["client"], redis: RedisLink, attempt: LoginAttempt) {
  const since = attempt.now.getTime() - LOGIN_WINDOW_MS;
  const [userKey, ipKey] = redisKeys(redis, attempt);
  const [forUsername, forIp] = await Promise.all([
    r.zcount(userKey, `(${since}`, "+inf"),
    r.zcount(ipKey, `(${since}`, "+inf"),
  ]);
  return { forUsername, forIp };
}

async function countInDatabase(db: Db, attempt: LoginAttempt) {
  const since = new Date(attempt.now.getTime() - LOGIN_WINDOW_MS);
  const [row] = await db
    .select({
      forUsername: sql<number>`(count(*) filter (where ${loginAttempts.username} = ${attempt.username}))::int`,
      forIp: sql<number>`(count(*) filter (where ${loginAttempts.ip} = ${attempt.ip}))::int`,
    })
    .from(loginAttempts)
    .where(
      and(
        gt(loginAttempts.createdAt, since),
        or(eq(loginAttempts.username, attempt.username), eq(loginAttempts.ip, attempt.ip)),
      ),
    );
  return { forUsername: row?.forUsername ?? 0, forIp: row?.forIp ?? 0 };
}
