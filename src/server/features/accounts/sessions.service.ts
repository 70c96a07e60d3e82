import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lt, or } from "drizzle-orm";
import type { Db } from "../../db/connect";
import { accounts, sessions } from "../../db/schema";

/**
 * Server-side sessions. The cookie carries a random 256-bit id; the table keeps only its SHA-256, so a
 * leaked copy of the database (or a backup) holds nothing that logs anyone in.
 */

export const SESSION_COOKIE = "mg_session";
/**
 * The name over https. The __Host- prefix makes browsers accept the cookie only when it is Secure, has
 * Path=/ and no Domain: no sibling subdomain and no plain-http page can plant or overwrite it.
 */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

/** A session ends after this long without a request... */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** ...and in any case this long after the login. */
export const SESSION_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** lastSeenAt is written at most this often: a dashboard's every request must not be a write. */
const TOUCH_EVERY_MS = 60 * 1000;

/** 32 random bytes in base64url: exactly 43 characters from the URL-safe alphabet. */
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

export interface SessionAccount {
  id: number;
  username: string;
  isAdmin: boolean;
}

export function hashSessionId(id: string): string {
  return createHash("sha256").update(id).digest("hex");
}

/** Starts a session for an account; answers the id for the cookie (it is stored only as its hash). */
export async function createSession(db: Db, accountId: number, now: Date): Promise<string> {
  const id = randomBytes(32).toString("base64url");
  await db.insert(sessions).values({
    idHash: hashSessionId(id),
    accountId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_MAX_AGE_MS),
  });
  return id;
}

/**
 * The account behind a cookie value, or null when the id is malformed, unknown, idle too long or past its
 * absolute expiry. A live session's lastSeenAt moves forward (at most once a minute).
 */
export async function findSession(db: Db, id: string | undefined, now: Date): Promise<SessionAccount | null> {
  if (!id || !SESSION_ID.test(id)) return null;
  const idHash = hashSessionId(id);
  const [row] = await db
    .select({
      id: accounts.id,
      username: accounts.username,
      isAdmin: accounts.isAdmin,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(
      and(
        eq(sessions.idHash, idHash),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)),
        // Disabling deletes the sessions; this also refuses one a login created in the same instant.
        isNull(accounts.disabledAt),
      ),
    );
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
  }
  return { id: row.id, username: row.username, isAdmin: row.isAdmin };
}

export async function deleteSession(db: Db, id: string | undefined): Promise<void> {
  if (!id || !SESSION_ID.test(id)) return;
  await db.delete(sessions).where(eq(sessions.idHash, hashSessionId(id)));
}

/** Ends every session of one account (disabled, deleted or given a new password). */
export async function deleteSessionsOf(db: Pick<Db, "delete">, accountId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.accountId, accountId));
}

/** Housekeeping: sessions that can no longer be used are removed (run at each login). */
export async function deleteDeadSessions(db: Db, now: Date): Promise<void> {
  await db
    .delete(sessions)
    .where(
      or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS))),
    );
}
