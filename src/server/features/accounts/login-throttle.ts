import { randomBytes } from "node:crypto";
import { and, desc, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/connect";
import { loginAttempts } from "../../db/schema";
import type { Tx } from "../../lib/hourly-limit";
import type { RedisLink } from "../../lib/redis";

/**
 * Login throttling. An attempt is counted BEFORE its password is checked, atomically (one Redis script, or
 * one transaction under advisory locks on the database), so a burst of parallel guesses cannot all pass the
 * count; an attempt whose password turns out right is then uncounted. Within the window:
 *  - one username from one network (an IPv4 address or an IPv6 /64) may fail 10 times;
 *  - one network may fail 30 times, whatever usernames it tries (spraying);
 *  - a username that has failed 10 times over all networks is under attack: each network may then fail on
 *    it only 3 times. That slows a distributed guesser down for everyone, yet never refuses the right
 *    password from a network that has not failed, so guessing cannot lock the real owner out.
 */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_USERNAME_AND_NETWORK = 10;
export const MAX_FAILURES_PER_NETWORK = 30;
export const USERNAME_UNDER_ATTACK_AFTER = 10;
export const MAX_FAILURES_PER_NETWORK_UNDER_ATTACK = 3;

export interface LoginAttempt {
  /** The username as typed, cut to a bounded length (see usernameKey). */
  username: string;
  /** The client's network (lib/client-network.ts). */
  network: string;
  now: Date;
}

/** A counted attempt: uncounted when the password was right; a failure stays counted for the window. */
export interface CountedAttempt {
  succeeded(): Promise<void>;
}

/** Usernames are at most 50 characters, so a longer one cannot exist; it is stored cut to keep rows small. */
export const usernameKey = (username: string) => username.slice(0, 64);

/**
 * Counts an attempt, or answers the seconds until one is allowed again. Counted in Redis when it answers
 * (shared by every process), never below what the database records; otherwise in the database. The
 * database row is written either way: it is the record a fallback counts from, and what Redis is brought
 * up to after an outage.
 */
export async function countAttempt(
  db: Db,
  redis: RedisLink | undefined,
  attempt: LoginAttempt,
): Promise<CountedAttempt | { retryAfterSeconds: number }> {
  if (redis) {
    const inRedis = await countInRedis(db, redis, attempt);
    if (inRedis) return inRedis;
  }
  return countInDatabase(db, attempt);
}

/** Old attempts only matter inside the window; logins are rare, so a successful one trims the table. */
export async function trimAttempts(db: Db, now: Date): Promise<void> {
  await db
    .delete(loginAttempts)
    .where(lt(loginAttempts.createdAt, new Date(now.getTime() - LOGIN_WINDOW_MS)));
}

/** The three counts, in this order everywhere: (username, network), network, username. */
interface Recorded {
  pair: Date[];
  network: Date[];
  username: Date[];
}

/** The database's newest attempts of the window for each count, as many as its rule can need. */
async function recorded(db: Db | Tx, attempt: LoginAttempt): Promise<Recorded> {
  const since = new Date(attempt.now.getTime() - LOGIN_WINDOW_MS);
  const newest = async (where: ReturnType<typeof and>, limit: number) =>
    (
      await db
        .select({ at: loginAttempts.createdAt })
        .from(loginAttempts)
        .where(and(where, gt(loginAttempts.createdAt, since)))
        .orderBy(desc(loginAttempts.createdAt))
        .limit(limit)
    ).map((r) => r.at);
  const byUser = eq(loginAttempts.username, attempt.username);
  const byNetwork = eq(loginAttempts.ip, attempt.network);
  // One after the other: on PGlite a transaction's queries cannot overlap.
  const pair = await newest(and(byUser, byNetwork), MAX_FAILURES_PER_USERNAME_AND_NETWORK);
  const network = await newest(byNetwork, MAX_FAILURES_PER_NETWORK);
  const username = await newest(byUser, USERNAME_UNDER_ATTACK_AFTER);
  return { pair, network, username };
}

/**
 * Which rule refuses the attempt, given the counts (newest first), and the seconds until it lets one in:
 * when the entry whose expiry brings that count under its limit leaves the window. Undefined: allowed.
 */
function refusal(counts: Recorded, now: Date): number | undefined {
  const pairLimit =
    counts.username.length >= USERNAME_UNDER_ATTACK_AFTER
      ? MAX_FAILURES_PER_NETWORK_UNDER_ATTACK
      : MAX_FAILURES_PER_USERNAME_AND_NETWORK;
  const opening =
    counts.pair.length >= pairLimit
      ? counts.pair[pairLimit - 1]
      : counts.network.length >= MAX_FAILURES_PER_NETWORK
        ? counts.network[MAX_FAILURES_PER_NETWORK - 1]
        : undefined;
  return opening && (opening.getTime() + LOGIN_WINDOW_MS - now.getTime()) / 1000;
}

async function countInDatabase(
  db: Db,
  attempt: LoginAttempt,
): Promise<CountedAttempt | { retryAfterSeconds: number }> {
  const outcome = await db.transaction(
    async (tx): Promise<{ id: number } | { retryAfterSeconds: number }> => {
      // Parallel attempts on one username or from one network wait for each other here, so each counts the
      // ones before it. Always the username's lock first, then the network's: no two attempts can wait on
      // each other in a circle. Held for two small queries, never while a password is hashed.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(4613, hashtext(${attempt.username}))`);
      await tx.execute(sql`SELECT pg_advisory_xact_lock(4614, hashtext(${attempt.network}))`);
      const retryAfterSeconds = refusal(await recorded(tx, attempt), attempt.now);
      if (retryAfterSeconds !== undefined) return { retryAfterSeconds };
      return { id: await insertRow(tx, attempt) };
    },
  );
  if ("retryAfterSeconds" in outcome) return outcome;
  const { id } = outcome;
  return { succeeded: () => deleteRow(db, id) };
}

async function insertRow(db: Db | Tx, attempt: LoginAttempt): Promise<number> {
  const [row] = await db
    .insert(loginAttempts)
    .values({ ip: attempt.network, username: attempt.username, createdAt: attempt.now })
    .returning({ id: loginAttempts.id });
  if (!row) throw new Error("insert returned nothing");
  return row.id;
}

async function deleteRow(db: Db, id: number): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.id, id));
}

/**
 * The same rules as `refusal`, in one script: forget entries older than the window, bring each count up to
 * what the database records (ARGV[11..]: its times, newest first, ARGV[8..10] of them per count) so that
 * failures counted there while Redis was away still count, then refuse (answering the time of the entry
 * whose expiry opens the limit) or count the attempt under all three keys.
 */
const COUNT_ATTEMPT = `
local now, window, member = tonumber(ARGV[1]), tonumber(ARGV[2]), ARGV[3]
local counts, offset = {}, 10
for k = 1, 3 do
  redis.call('ZREMRANGEBYSCORE', KEYS[k], '-inf', now - window)
  local held = redis.call('ZCARD', KEYS[k])
  local recorded = tonumber(ARGV[7 + k])
  for i = 1, recorded - held do
    redis.call('ZADD', KEYS[k], ARGV[offset + i], 'db:' .. ARGV[offset + i] .. ':' .. i .. ':' .. member)
  end
  offset = offset + recorded
  if recorded > held then held = recorded end
  counts[k] = held
end
local pairLimit = tonumber(ARGV[4])
if counts[3] >= tonumber(ARGV[6]) then pairLimit = tonumber(ARGV[7]) end
local refused, limit
if counts[1] >= pairLimit then refused, limit = 1, pairLimit
elseif counts[2] >= tonumber(ARGV[5]) then refused, limit = 2, tonumber(ARGV[5]) end
if refused then
  return {0, redis.call('ZREVRANGE', KEYS[refused], limit - 1, limit - 1, 'WITHSCORES')[2]}
end
for k = 1, 3 do
  redis.call('ZADD', KEYS[k], now, member)
  redis.call('PEXPIRE', KEYS[k], window)
end
return {1}`;

function redisKeys(redis: RedisLink, attempt: LoginAttempt): [string, string, string] {
  return [
    redis.key("login", "pair", attempt.network, attempt.username),
    redis.key("login", "network", attempt.network),
    redis.key("login", "user", attempt.username),
  ];
}

/** Undefined when Redis cannot answer: the database counts instead. */
async function countInRedis(
  db: Db,
  redis: RedisLink,
  attempt: LoginAttempt,
): Promise<CountedAttempt | { retryAfterSeconds: number } | undefined> {
  const counts = await recorded(db, attempt);
  const keys = redisKeys(redis, attempt);
  const now = attempt.now.getTime();
  const member = `${now}:${randomBytes(6).toString("hex")}`;
  const times = [counts.pair, counts.network, counts.username];
  const answer = (await redis.attempt("login throttle", (r) =>
    r.eval(
      COUNT_ATTEMPT,
      3,
      ...keys,
      now,
      LOGIN_WINDOW_MS,
      member,
      MAX_FAILURES_PER_USERNAME_AND_NETWORK,
      MAX_FAILURES_PER_NETWORK,
      USERNAME_UNDER_ATTACK_AFTER,
      MAX_FAILURES_PER_NETWORK_UNDER_ATTACK,
      ...times.map((t) => t.length),
      ...times.flat().map((d) => d.getTime()),
    ),
  )) as [number, string?] | undefined;
  if (answer === undefined) return undefined;
  if (answer[0] === 0) return { retryAfterSeconds: (Number(answer[1]) + LOGIN_WINDOW_MS - now) / 1000 };
  const id = await insertRow(db, attempt);
  return {
    succeeded: async () => {
      await redis.attempt("login throttle", async (r) => {
        const multi = r.multi();
        for (const key of keys) multi.zrem(key, member);
        await multi.exec();
      });
      await deleteRow(db, id);
    },
  };
}
