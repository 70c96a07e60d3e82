import type { Db } from "../../db/connect";
import { accounts } from "../../db/schema";
import type { App } from "../../types";
import { hashPassword, setPasswordHashCost } from "./accounts.service";
import { SESSION_COOKIE } from "./sessions.service";

/**
 * Test helpers for accounts and sessions (imported by test files only). Importing this module makes password
 * hashing cheap for the test file: argon2 at production cost would make every login ~50 ms.
 */
setPasswordHashCost({ memoryCost: 1024, timeCost: 1 });

export const ADMIN_PASSWORD = "admin-password-123";
export const STAFF_PASSWORD = "staff-password-123";

export async function createAccount(db: Db, username: string, password: string, isAdmin: boolean) {
  const [row] = await db
    .insert(accounts)
    .values({ username, passwordHash: await hashPassword(password), isAdmin })
    .returning();
  if (!row) throw new Error("insert returned nothing");
  return row;
}

/** Logs in through the API and answers the session cookie's value. */
export async function logInAs(app: App, username: string, password: string): Promise<string> {
  const res = await app.inject({ method: "POST", url: "/api/login", payload: { username, password } });
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
  if (res.statusCode !== 200 || !cookie)
    throw new Error(`login as ${username} failed: ${res.statusCode} ${res.body}`);
  return cookie.value;
}

/** Creates `admin` (an administrator) and `staff` (not), logs both in, and answers their session cookies. */
export async function staffSessions(app: App, db: Db): Promise<{ admin: string; staff: string }> {
  await createAccount(db, "admin", ADMIN_PASSWORD, true);
  await createAccount(db, "staff", STAFF_PASSWORD, false);
  return {
    admin: await logInAs(app, "admin", ADMIN_PASSWORD),
    staff: await logInAs(app, "staff", STAFF_PASSWORD),
  };
}

/** The cookies option of app.inject() for a session. */
export const withSession = (id: string) => ({ [SESSION_COOKIE]: id });
