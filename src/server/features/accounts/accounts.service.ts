import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { type Algorithm, hash, verify } from "@node-rs/argon2";
import { and, eq, isNull } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { PASSWORD_MAX_LENGTH, type SessionUser } from "@/common/admin";
import type { Config } from "../../config";
import type { Db } from "../../db/connect";
import { accounts } from "../../db/schema";
import { forbidden, HttpError, tooMany, unauthorized } from "../../lib/http-error";
import type { RedisLink } from "../../lib/redis";
import { type CountedAttempt, countAttempt, trimAttempts, usernameKey } from "./login-throttle";
import { refuseCommonPassword } from "./password-rules";
import type { SessionAccount } from "./sessions.service";

// --- passwords ------------------------------------------------------------------------------------------

// The package declares its enum as an ambient const enum, which isolated modules cannot read: 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;

/**
 * argon2id cost. The defaults are OWASP's minimum for argon2id (19 MiB, 2 passes, 1 lane): ~30-60 ms per
 * hash here, on the thread pool, not the event loop. Tests lower them with setPasswordHashCost.
 */
const hashCost = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** For tests only: cheaper hashes. Hashes made with any cost still verify (the cost is in the hash). */
export function setPasswordHashCost(cost: Partial<typeof hashCost>): void {
  Object.assign(hashCost, cost);
  dummyHash = undefined;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, { ...hashCost, algorithm: ARGON2ID });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // a malformed stored hash logs nobody in
  }
}

/**
 * A hash of a random password, checked when the username is unknown, so that an unknown user and a wrong
 * password cost the same time and give the same answer: the login never tells which usernames exist.
 */
let dummyHash: Promise<string> | undefined;
const dummy = () => {
  dummyHash ??= hashPassword(randomBytes(24).toString("base64url"));
  return dummyHash;
};

// --- start-up --------------------------------------------------------------------------------------------

/**
 * First start: creates `admin` when there is no account at all (with ADMIN_PASSWORD, or a generated password
 * printed once), and `staff` when STAFF_PASSWORD is set and it does not exist. Several processes may start
 * together: the unique username decides, and only the process whose insert went through prints a password.
 * A password set later in the environment changes nothing for an existing account (the security reset does).
 */
export async function ensureAccounts(db: Db, config: Config, log: FastifyBaseLogger): Promise<void> {
  const [anyAccount] = await db.select({ id: accounts.id }).from(accounts).limit(1);
  if (!anyAccount) {
    const password = config.adminPassword ?? randomBytes(18).toString("base64url"); // 24 characters
    // A generated password goes to a file only the server's user can read, never into the log: logs are
    // shipped and kept. The file is written before the account exists, so the password is never lost.
    const file = config.adminPassword === undefined ? writePasswordFile(config.dataDir, password) : undefined;
    const created = await db
      .insert(accounts)
      .values({ username: "admin", passwordHash: await hashPassword(password), isAdmin: true })
      .onConflictDoNothing({ target: accounts.username })
      .returning({ id: accounts.id });
    if (created.length > 0 && file !== undefined) {
      log.warn(
        { file },
        `ADMIN_PASSWORD is not set: created the account "admin" with a generated password, written to ${file} ` +
          "(readable by this user only; keep it elsewhere, then delete the file, or change the password " +
          "with the dashboard's Security Reset)",
      );
    } else if (created.length > 0) {
      log.info('created the account "admin" with ADMIN_PASSWORD');
    } else if (file !== undefined) {
      // Another process created admin first: its password is the one, in its own file.
      fs.rmSync(file, { force: true });
    }
  }

  if (config.staffPassword !== undefined) {
    const [staff] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.username, "staff"));
    if (!staff) {
      const created = await db
        .insert(accounts)
        .values({ username: "staff", passwordHash: await hashPassword(config.staffPassword), isAdmin: false })
        .onConflictDoNothing({ target: accounts.username })
        .returning({ id: accounts.id });
      if (created.length > 0) log.info('created the account "staff" with STAFF_PASSWORD');
    }
  }
}

/** Where a generated admin password is written: DATA_DIR, also on PostgreSQL (README, Accounts). */
export const ADMIN_PASSWORD_FILE = "admin-password.txt";

/**
 * Writes the password to DATA_DIR/admin-password.txt, mode 0600, and answers its path. Atomic: written in
 * full to a temporary file, then linked to its name, which fails rather than replaces when the name is taken,
 * so a reader never sees half a password and an earlier file (an earlier database's password, or another
 * process's) is never overwritten: the next free name (admin-password-2.txt, ...) is taken instead.
 */
function writePasswordFile(dataDir: string, password: string): string {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const temporary = path.join(
    dataDir,
    `.${ADMIN_PASSWORD_FILE}.${process.pid}.${randomBytes(6).toString("hex")}`,
  );
  const fd = fs.openSync(temporary, "wx", 0o600);
  try {
    fs.writeFileSync(fd, `${password}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  try {
    for (let n = 1; ; n++) {
      const file = path.join(dataDir, n === 1 ? ADMIN_PASSWORD_FILE : `admin-password-${n}.txt`);
      try {
        fs.linkSync(temporary, file);
        return file;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST" || n >= 100) throw error;
      }
    }
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}

// --- login ----------------------------------------------------------------------------------------------

export const INVALID_LOGIN = "Invalid username or password";
export const TOO_MANY_LOGINS = "Too many login attempts. Please wait a few minutes and try again.";

/**
 * Checks a login. The attempt is counted first, atomically, before any password is checked (see
 * login-throttle.ts): a throttled guess learns nothing even when it is right, and no parallel burst gets
 * past the limit. A right password uncounts its attempt; a wrong one stays counted as a failure.
 */
export async function logIn(
  db: Db,
  redis: RedisLink | undefined,
  input: { username: string; password: string; network: string },
  now: Date,
): Promise<SessionAccount> {
  const counted = await countAttempt(db, redis, {
    username: usernameKey(input.username),
    network: input.network,
    now,
  });
  if ("retryAfterSeconds" in counted) throw tooMany(TOO_MANY_LOGINS, counted.retryAfterSeconds, "login");

  // A password longer than any we accept is wrong without hashing it: argon2 on megabytes is a DoS lever.
  let account: typeof accounts.$inferSelect | undefined;
  let valid = false;
  if (input.password.length <= PASSWORD_MAX_LENGTH) {
    [account] = await db.select().from(accounts).where(eq(accounts.username, input.username));
    valid = await verifyPassword(account?.passwordHash ?? (await dummy()), input.password);
  }
  if (!account || !valid) throw unauthorized(INVALID_LOGIN);
  await counted.succeeded();
  await trimAttempts(db, now);
  return { id: account.id, username: account.username, isAdmin: account.isAdmin };
}

export const TOO_MANY_REAUTHENTICATIONS =
  "Too many wrong passwords. Please wait a few minutes and try again.";

/**
 * Counts a logged-in account's attempt to prove its password again (the security reset asks for it), with
 * the login's throttle and under the login's keys: a guess there is a guess at the same password, so a
 * stolen session cannot try more of them than a login form could, and failures on either count for both.
 * Counted before the password is checked; the caller uncounts it (succeeded) once the password was right.
 */
export async function countReauthentication(
  db: Db,
  redis: RedisLink | undefined,
  input: { username: string; network: string },
  now: Date,
): Promise<CountedAttempt> {
  const counted = await countAttempt(db, redis, {
    username: usernameKey(input.username),
    network: input.network,
    now,
  });
  if ("retryAfterSeconds" in counted)
    throw tooMany(TOO_MANY_REAUTHENTICATIONS, counted.retryAfterSeconds, "reauthentication");
  return counted;
}

export const ACCOUNT_DISABLED = "This account is disabled. Ask an administrator to re-enable it.";

/**
 * After the password was found right: refuses a disabled account (403) and records the login time, in one
 * statement, so a disable that lands at the same moment either refuses this login or ends its session.
 */
export async function admitLogin(db: Db, accountId: number, now: Date): Promise<void> {
  const admitted = await db
    .update(accounts)
    .set({ lastLoginAt: now })
    .where(and(eq(accounts.id, accountId), isNull(accounts.disabledAt)))
    .returning({ id: accounts.id });
  if (admitted.length === 0) throw forbidden(ACCOUNT_DISABLED);
}

// --- staff management -----------------------------------------------------------------------------------

export const USERNAME_TAKEN = "Username already exists. Please choose a different username.";

/** A unique-constraint violation, wherever the driver wraps it (drizzle puts the pg error in `cause`). */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/** Registers an account; the unique username answers "taken", so two registrations cannot race past it. */
export async function registerAccount(
  db: Db,
  input: { username: string; password: string; isAdmin: boolean },
): Promise<SessionUser> {
  refuseCommonPassword(input.password, "password");
  const passwordHash = await hashPassword(input.password);
  try {
    const [row] = await db
      .insert(accounts)
      .values({ username: input.username, passwordHash, isAdmin: input.isAdmin })
      .returning({ username: accounts.username, isAdmin: accounts.isAdmin });
    if (!row) throw new Error("insert returned nothing");
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, USERNAME_TAKEN, { username: USERNAME_TAKEN });
    throw error;
  }
}
