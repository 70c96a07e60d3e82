import { and, asc, eq, isNull, notInArray } from "drizzle-orm";
import {
  PASSWORD_MAX_LENGTH,
  type ResetAction,
  type SecurityResetInput,
  type SecurityResetResult,
  type StaffAccount,
} from "@/common/admin";
import type { Db } from "../../db/connect";
import { accounts, sessions } from "../../db/schema";
import { conflict, HttpError, notFound } from "../../lib/http-error";
import { hashPassword, verifyPassword } from "./accounts.service";
import { refuseCommonPassword } from "./password-rules";
import { deleteSessionsOf, type SessionAccount } from "./sessions.service";

/**
 * Staff Management (administrators only): the account list, disable, re-enable with a new password, delete;
 * and the security reset. The rule they share: at least one enabled administrator always remains.
 */

export const ACCOUNT_NOT_FOUND = "Account not found";
export const LAST_ADMIN =
  "The last enabled administrator cannot be disabled or deleted. Make another administrator first.";
export const DELETE_SELF = "You cannot delete your own account. Another administrator can.";
export const WRONG_CURRENT_PASSWORD = "Your current password is not correct. Nothing was changed.";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type AccountRow = typeof accounts.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toStaffAccount(row: AccountRow): StaffAccount {
  return {
    id: row.id,
    username: row.username,
    isAdmin: row.isAdmin,
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: iso(row.lastLoginAt),
    disabledAt: iso(row.disabledAt),
  };
}

export async function listAccounts(db: Db): Promise<StaffAccount[]> {
  const rows = await db.select().from(accounts).orderBy(asc(accounts.username));
  return rows.map(toStaffAccount);
}

/**
 * Locks the account and every enabled administrator for the rest of the transaction, and refuses (409) when
 * taking this account away would leave no enabled administrator. The locks make two administrators who
 * disable each other at the same moment wait for one another: the second sees the first's change.
 */
async function lockForRemoval(tx: Tx, id: number): Promise<AccountRow> {
  const enabledAdmins = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.isAdmin, true), isNull(accounts.disabledAt)))
    .for("update");
  const [row] = await tx.select().from(accounts).where(eq(accounts.id, id)).for("update");
  if (!row) throw notFound(ACCOUNT_NOT_FOUND);
  const isEnabledAdmin = enabledAdmins.some((a) => a.id === id);
  if (isEnabledAdmin && enabledAdmins.length <= 1) throw conflict(LAST_ADMIN);
  return row;
}

/** Disables an account and ends its sessions. Disabling a disabled account changes nothing. */
export async function disableAccount(db: Db, id: number, now: Date): Promise<StaffAccount> {
  return db.transaction(async (tx) => {
    const row = await lockForRemoval(tx, id);
    const [updated] = await tx
      .update(accounts)
      .set({ disabledAt: row.disabledAt ?? now })
      .where(eq(accounts.id, id))
      .returning();
    await deleteSessionsOf(tx, id);
    return toStaffAccount(updated ?? row);
  });
}

/**
 * Deletes an account; its sessions go with it (the foreign key cascades), its audit rows stay. Not one's own:
 * the audit row of the deletion names the account that did it, so another administrator does this.
 */
export async function deleteAccount(db: Db, actor: SessionAccount, id: number): Promise<StaffAccount> {
  if (actor.id === id) throw conflict(DELETE_SELF);
  return db.transaction(async (tx) => {
    const row = await lockForRemoval(tx, id);
    await tx.delete(accounts).where(eq(accounts.id, id));
    return toStaffAccount(row);
  });
}

/**
 * Re-enables an account with a new password (also a password change for an enabled one). Any session it
 * still had ends: whoever knew the old password is out.
 */
export async function enableAccount(db: Db, id: number, password: string): Promise<StaffAccount> {
  refuseCommonPassword(password, "password");
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(accounts)
      .set({ passwordHash, disabledAt: null })
      .where(eq(accounts.id, id))
      .returning();
    if (!row) throw notFound(ACCOUNT_NOT_FOUND);
    await deleteSessionsOf(tx, id);
    return toStaffAccount(row);
  });
}

/**
 * The security reset, after the logged-in administrator proves their password again (a stolen session alone
 * cannot run it): `admin` (an administrator again, whatever it was) and `staff` get the new passwords and are
 * enabled (either is created if missing); every other account is disabled until an administrator re-enables
 * it with a new password; every session of every account ends. All or nothing, in one transaction.
 */
export async function securityReset(
  db: Db,
  actor: SessionAccount,
  input: SecurityResetInput,
  now: Date,
): Promise<SecurityResetResult> {
  const [me] = await db
    .select({ passwordHash: accounts.passwordHash })
    .from(accounts)
    .where(eq(accounts.id, actor.id));
  const reauthenticated =
    me !== undefined &&
    input.currentPassword.length <= PASSWORD_MAX_LENGTH &&
    (await verifyPassword(me.passwordHash, input.currentPassword));
  if (!reauthenticated) {
    throw new HttpError(403, WRONG_CURRENT_PASSWORD, { currentPassword: WRONG_CURRENT_PASSWORD });
  }
  refuseCommonPassword(input.newAdminPassword, "newAdminPassword");
  refuseCommonPassword(input.newStaffPassword, "newStaffPassword");

  // Hashing happens before the transaction: it is slow and needs no lock.
  const [adminHash, staffHash] = await Promise.all([
    hashPassword(input.newAdminPassword),
    hashPassword(input.newStaffPassword),
  ]);
  const targets = [
    { username: "admin", passwordHash: adminHash, isAdmin: true },
    { username: "staff", passwordHash: staffHash, isAdmin: false },
  ];
  const targetNames = targets.map((t) => t.username);

  const done = await db.transaction(async (tx) => {
    const result: { username: string; action: ResetAction }[] = [];
    for (const target of targets) {
      const [existing] = await tx
        .update(accounts)
        .set({
          passwordHash: target.passwordHash,
          disabledAt: null,
          // The reset must leave an administrator who can log in: `admin` is one again.
          ...(target.isAdmin ? { isAdmin: true } : {}),
        })
        .where(eq(accounts.username, target.username))
        .returning({ id: accounts.id });
      if (existing) {
        result.push({ username: target.username, action: "password set" });
        continue;
      }
      await tx.insert(accounts).values(target);
      result.push({ username: target.username, action: "created" });
    }
    const others = await tx
      .select({ id: accounts.id, username: accounts.username, disabledAt: accounts.disabledAt })
      .from(accounts)
      .where(notInArray(accounts.username, targetNames))
      .orderBy(asc(accounts.username))
      .for("update");
    await tx
      .update(accounts)
      .set({ disabledAt: now })
      .where(and(notInArray(accounts.username, targetNames), isNull(accounts.disabledAt)));
    for (const other of others) {
      result.push({ username: other.username, action: other.disabledAt ? "stays disabled" : "disabled" });
    }
    await tx.delete(sessions);
    return result;
  });
  return { updatedUsers: targetNames, accounts: done };
}
