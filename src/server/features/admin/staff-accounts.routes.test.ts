import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { accounts, auditLog, sessions } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/test-app";
import {
  ADMIN_PASSWORD,
  createAccount,
  logInAs,
  STAFF_PASSWORD,
  staffSessions,
  withSession,
} from "../accounts/test-accounts";

/**
 * Staff Management (the account list, disable, re-enable, delete) and the security reset, through the API on
 * a real database. The accounts: `admin` (administrator), `staff` (not), and `editor` (a third account).
 */

const EDITOR_PASSWORD = "editor-password-9";
const COMMON =
  "This password is one of the 10,000 most common passwords. Please choose one that is harder to guess.";
const DISABLED = "This account is disabled. Ask an administrator to re-enable it.";

let t: TestApp;
let admin: string;
let staff: string;
let editorId: number;
beforeEach(async () => {
  t = await createTestApp();
  ({ admin, staff } = await staffSessions(t.app, t.db));
  editorId = (await createAccount(t.db, "editor", EDITOR_PASSWORD, false)).id;
});
afterEach(() => t.close());

type Method = "GET" | "POST" | "DELETE";
const call = (session: string, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, payload, cookies: withSession(session) });
const user = (session: string) =>
  t.app.inject({ method: "GET", url: "/api/user", cookies: withSession(session) });
const login = (username: string, password: string) =>
  t.app.inject({ method: "POST", url: "/api/login", payload: { username, password } });
const idOf = async (username: string) =>
  (await t.db.select().from(accounts).where(eq(accounts.username, username)))[0]?.id as number;
const auditRows = () => t.db.select().from(auditLog);

describe("GET /api/admin/accounts", () => {
  it("lists every account with its role, creation, last login and disabled time, never a hash", async () => {
    const res = await call(admin, "GET", "/api/admin/accounts");
    expect(res.statusCode).toBe(200);
    const list = res.json() as Record<string, unknown>[];
    expect(list.map((a) => [a.username, a.isAdmin, a.disabledAt])).toEqual([
      ["admin", true, null],
      ["editor", false, null],
      ["staff", false, null],
    ]);
    const byName = Object.fromEntries(list.map((a) => [a.username, a]));
    expect(byName.admin?.lastLoginAt).toEqual(expect.any(String)); // logged in by staffSessions
    expect(byName.editor?.lastLoginAt).toBeNull();
    expect(Date.parse(String(byName.editor?.createdAt))).not.toBeNaN();
    expect(res.body).not.toContain("argon2");
    expect(res.body).not.toContain("passwordHash");
  });

  it("records the last login time at each login", async () => {
    const before = Date.now();
    await logInAs(t.app, "editor", EDITOR_PASSWORD);
    const [row] = await t.db.select().from(accounts).where(eq(accounts.id, editorId));
    expect(row?.lastLoginAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });
});

describe("disable, re-enable and delete", () => {
  it("disables an account: its sessions end, its login is refused with a clear message, and it is audited", async () => {
    const editor = await logInAs(t.app, "editor", EDITOR_PASSWORD);
    const res = await call(admin, "POST", `/api/admin/accounts/${editorId}/disable`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: "editor", disabledAt: expect.any(String) });

    expect((await user(editor)).json()).toBeNull();
    const refused = await login("editor", EDITOR_PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: DISABLED });
    expect(refused.cookies.find((c) => c.name === "mg_session")).toBeUndefined();
    // A wrong password still gets the answer any wrong password gets: disabled accounts are not revealed.
    expect((await login("editor", "not-the-password")).json()).toEqual({
      message: "Invalid username or password",
    });
    await vi.waitFor(async () =>
      expect(await auditRows()).toContainEqual(
        expect.objectContaining({
          username: "admin",
          action: "POST /api/admin/accounts/:id/disable",
          target: String(editorId),
          details: { username: "editor" },
        }),
      ),
    );
  });

  it("re-enables an account only with a new password, which then logs in (the old one does not)", async () => {
    await call(admin, "POST", `/api/admin/accounts/${editorId}/disable`);
    const missing = await call(admin, "POST", `/api/admin/accounts/${editorId}/enable`, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: "Password must be at least 8 characters" });
    const common = await call(admin, "POST", `/api/admin/accounts/${editorId}/enable`, {
      password: "password123",
    });
    expect(common.statusCode).toBe(400);
    expect(common.json()).toEqual({ message: COMMON, errors: { password: COMMON } });
    expect((await login("editor", "password123")).statusCode).toBe(401);

    const res = await call(admin, "POST", `/api/admin/accounts/${editorId}/enable`, {
      password: "a-fresh-editor-pw",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: "editor", disabledAt: null });
    expect((await login("editor", EDITOR_PASSWORD)).statusCode).toBe(401);
    expect((await login("editor", "a-fresh-editor-pw")).json()).toEqual({
      username: "editor",
      isAdmin: false,
    });
    await vi.waitFor(async () =>
      expect((await auditRows()).map((r) => r.action)).toContain("POST /api/admin/accounts/:id/enable"),
    );
    expect(JSON.stringify(await auditRows())).not.toContain("a-fresh-editor-pw");
  });

  it("deletes an account: its sessions end and it can no longer log in", async () => {
    const editor = await logInAs(t.app, "editor", EDITOR_PASSWORD);
    const res = await call(admin, "DELETE", `/api/admin/accounts/${editorId}`);
    expect(res.statusCode).toBe(204);
    expect((await user(editor)).json()).toBeNull();
    expect((await login("editor", EDITOR_PASSWORD)).statusCode).toBe(401);
    expect(await t.db.select().from(accounts).where(eq(accounts.id, editorId))).toHaveLength(0);
    await vi.waitFor(async () =>
      expect(await auditRows()).toContainEqual(
        expect.objectContaining({
          action: "DELETE /api/admin/accounts/:id",
          target: String(editorId),
          details: { username: "editor" },
        }),
      ),
    );
  });

  it("answers 404 for an account that does not exist", async () => {
    for (const [method, url] of [
      ["POST", "/api/admin/accounts/999999/disable"],
      ["DELETE", "/api/admin/accounts/999999"],
    ] as const) {
      const res = await call(admin, method, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: "Account not found" });
    }
    const enable = await call(admin, "POST", "/api/admin/accounts/999999/enable", {
      password: "a-fresh-editor-pw",
    });
    expect(enable.statusCode).toBe(404);
  });

  it("refuses staff (403) and visitors (401), and changes nothing", async () => {
    const staffCalls: [Method, string, object?][] = [
      ["GET", "/api/admin/accounts"],
      ["POST", `/api/admin/accounts/${editorId}/disable`],
      ["POST", `/api/admin/accounts/${editorId}/enable`, { password: "a-fresh-editor-pw" }],
      ["DELETE", `/api/admin/accounts/${editorId}`],
    ];
    for (const [method, url, payload] of staffCalls) {
      const res = await call(staff, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual({ message: "Only administrators can do this." });
      expect((await t.app.inject({ method, url, payload })).statusCode).toBe(401);
    }
    expect((await login("editor", EDITOR_PASSWORD)).statusCode).toBe(200);
  });
});

describe("the last administrator", () => {
  const LAST_ADMIN =
    "The last enabled administrator cannot be disabled or deleted. Make another administrator first.";

  it("cannot be disabled or deleted, not even by themselves (409), and keeps working", async () => {
    const adminId = await idOf("admin");
    const disabled = await call(admin, "POST", `/api/admin/accounts/${adminId}/disable`);
    expect(disabled.statusCode).toBe(409);
    expect(disabled.json()).toEqual({ message: LAST_ADMIN });
    const deleted = await call(admin, "DELETE", `/api/admin/accounts/${adminId}`);
    expect(deleted.statusCode).toBe(409);
    expect((await user(admin)).json()).not.toBeNull();
    const [row] = await t.db.select().from(accounts).where(eq(accounts.id, adminId));
    expect(row?.disabledAt).toBeNull();
  });

  it("counts only enabled administrators: a disabled second admin does not make the last one removable", async () => {
    const second = await createAccount(t.db, "chief", "chief-password-1", true);
    const chief = await logInAs(t.app, "chief", "chief-password-1");
    // With two enabled administrators, one may disable the other (or themselves)...
    expect((await call(admin, "POST", `/api/admin/accounts/${second.id}/disable`)).statusCode).toBe(200);
    expect((await user(chief)).json()).toBeNull();
    // ...but then `admin` is the last enabled one.
    const adminId = await idOf("admin");
    expect((await call(admin, "POST", `/api/admin/accounts/${adminId}/disable`)).statusCode).toBe(409);
    // A disabled administrator may be deleted: the enabled one stays.
    expect((await call(admin, "DELETE", `/api/admin/accounts/${second.id}`)).statusCode).toBe(204);
  });

  it("lets an administrator disable themselves when another stays, which ends their own session", async () => {
    await createAccount(t.db, "chief", "chief-password-1", true);
    const adminId = await idOf("admin");
    const res = await call(admin, "POST", `/api/admin/accounts/${adminId}/disable`);
    expect(res.statusCode).toBe(200);
    expect((await user(admin)).json()).toBeNull();
  });

  it("two administrators disabling each other at once leave one enabled", async () => {
    const second = await createAccount(t.db, "chief", "chief-password-1", true);
    const chief = await logInAs(t.app, "chief", "chief-password-1");
    const adminId = await idOf("admin");
    const [a, b] = await Promise.all([
      call(admin, "POST", `/api/admin/accounts/${second.id}/disable`),
      call(chief, "POST", `/api/admin/accounts/${adminId}/disable`),
    ]);
    // One wins; the other is refused: 409 when its check waited for the winner's lock, or 401 when the
    // winner had already ended its session before it reached the guard.
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses[0]).toBe(200);
    expect([401, 409]).toContain(statuses[1]);
    const enabledAdmins = (await t.db.select().from(accounts)).filter((r) => r.isAdmin && !r.disabledAt);
    expect(enabledAdmins).toHaveLength(1);
  });
});

it("an administrator cannot delete their own account (409); another administrator can", async () => {
  const adminId = await idOf("admin");
  const own = await call(admin, "DELETE", `/api/admin/accounts/${adminId}`);
  expect(own.statusCode).toBe(409);
  expect(own.json()).toEqual({ message: "You cannot delete your own account. Another administrator can." });
  await createAccount(t.db, "chief", "chief-password-1", true);
  const chief = await logInAs(t.app, "chief", "chief-password-1");
  expect((await call(chief, "DELETE", `/api/admin/accounts/${adminId}`)).statusCode).toBe(204);
  expect((await user(admin)).json()).toBeNull();
});

describe("passwords", () => {
  it("registration refuses a common password (any case) and one over 128 characters, and accepts 128", async () => {
    for (const password of ["password123", "PassWord123", "iloveyou1"]) {
      const res = await call(admin, "POST", "/api/admin/register-staff", { username: "newbie", password });
      expect(res.statusCode, password).toBe(400);
      expect(res.json()).toEqual({ message: COMMON, errors: { password: COMMON } });
    }
    const long = await call(admin, "POST", "/api/admin/register-staff", {
      username: "newbie",
      password: "x".repeat(129),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ message: "Password must be at most 128 characters" });
    expect(await t.db.select().from(accounts).where(eq(accounts.username, "newbie"))).toHaveLength(0);

    // No composition rules: eight lowercase letters that are not common are fine, and so is the maximum.
    const plain = await call(admin, "POST", "/api/admin/register-staff", {
      username: "newbie",
      password: "zebraquiltmoss",
    });
    expect(plain.statusCode).toBe(201);
    const max = "long passphrase ".repeat(8);
    expect(max).toHaveLength(128);
    const longest = await call(admin, "POST", "/api/admin/register-staff", {
      username: "longpw",
      password: max,
    });
    expect(longest.statusCode).toBe(201);
    expect((await login("longpw", max)).statusCode).toBe(200);
  });
});

describe("POST /api/admin/security-reset", () => {
  const reset = (session: string, payload: object) =>
    call(session, "POST", "/api/admin/security-reset", payload);
  const newPasswords = { newAdminPassword: "brand-new-admin-1", newStaffPassword: "brand-new-staff-1" };

  it("asks for the current password: missing is 400, wrong is 403, and either changes nothing", async () => {
    const missing = await reset(admin, newPasswords);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: "Enter your current password." });
    const wrong = await reset(admin, { ...newPasswords, currentPassword: "not-my-password" });
    expect(wrong.statusCode).toBe(403);
    const message = "Your current password is not correct. Nothing was changed.";
    expect(wrong.json()).toEqual({ message, errors: { currentPassword: message } });
    for (const session of [admin, staff]) expect((await user(session)).json()).not.toBeNull();
    expect((await login("admin", ADMIN_PASSWORD)).statusCode).toBe(200);
    expect((await login("editor", EDITOR_PASSWORD)).statusCode).toBe(200);
  });

  it("sets both passwords, disables every other account, ends every session, and says what it did", async () => {
    const other = await logInAs(t.app, "admin", ADMIN_PASSWORD); // a second browser
    const editor = await logInAs(t.app, "editor", EDITOR_PASSWORD);
    const res = await reset(admin, { ...newPasswords, currentPassword: ADMIN_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      updatedUsers: ["admin", "staff"],
      accounts: [
        { username: "admin", action: "password set" },
        { username: "staff", action: "password set" },
        { username: "editor", action: "disabled" },
      ],
    });
    expect(res.cookies.find((c) => c.name === "mg_session")?.value).toBe("");

    for (const session of [admin, staff, other, editor]) expect((await user(session)).json()).toBeNull();
    expect(await t.db.select().from(sessions)).toHaveLength(0);

    // The third account: disabled, and told so when it logs in with its (right) old password.
    const refused = await login("editor", EDITOR_PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: DISABLED });

    expect((await login("admin", ADMIN_PASSWORD)).statusCode).toBe(401);
    expect((await login("staff", STAFF_PASSWORD)).statusCode).toBe(401);
    const adminAgain = await login("admin", "brand-new-admin-1");
    expect(adminAgain.json()).toEqual({ username: "admin", isAdmin: true });
    expect((await login("staff", "brand-new-staff-1")).json()).toEqual({ username: "staff", isAdmin: false });

    // Until an administrator re-enables it with a new password.
    const adminSession = adminAgain.cookies.find((c) => c.name === "mg_session")?.value as string;
    const enabled = await call(adminSession, "POST", `/api/admin/accounts/${editorId}/enable`, {
      password: "editor-after-reset-1",
    });
    expect(enabled.statusCode).toBe(200);
    expect((await login("editor", "editor-after-reset-1")).statusCode).toBe(200);

    await vi.waitFor(async () =>
      expect(await auditRows()).toContainEqual(
        expect.objectContaining({
          action: "POST /api/admin/security-reset",
          details: {
            accounts: [
              { username: "admin", action: "password set" },
              { username: "staff", action: "password set" },
              { username: "editor", action: "disabled" },
            ],
          },
        }),
      ),
    );
    expect(JSON.stringify(await auditRows())).not.toContain("brand-new");
  });

  it("re-enables admin and staff if they were disabled, creates staff when missing, and keeps disabled ones", async () => {
    await createAccount(t.db, "chief", "chief-password-1", true);
    await t.db.update(accounts).set({ disabledAt: new Date() }).where(eq(accounts.username, "editor"));
    await t.db.delete(accounts).where(eq(accounts.username, "staff"));
    const res = await reset(admin, { ...newPasswords, currentPassword: ADMIN_PASSWORD });
    expect(res.json().accounts).toEqual([
      { username: "admin", action: "password set" },
      { username: "staff", action: "created" },
      { username: "chief", action: "disabled" },
      { username: "editor", action: "stays disabled" },
    ]);
    expect((await login("staff", "brand-new-staff-1")).json()).toEqual({ username: "staff", isAdmin: false });
    expect((await login("chief", "chief-password-1")).statusCode).toBe(403);
  });

  it("re-authenticates the administrator who is logged in, whoever it is", async () => {
    await createAccount(t.db, "chief", "chief-password-1", true);
    const chief = await logInAs(t.app, "chief", "chief-password-1");
    expect((await reset(chief, { ...newPasswords, currentPassword: ADMIN_PASSWORD })).statusCode).toBe(403);
    const res = await reset(chief, { ...newPasswords, currentPassword: "chief-password-1" });
    expect(res.statusCode).toBe(200);
    // chief ran it, and is disabled by it too: only admin and staff hold known passwords afterwards.
    expect(res.json().accounts).toContainEqual({ username: "chief", action: "disabled" });
  });

  it("refuses short, long and common new passwords with a clear message and changes nothing", async () => {
    const cases: [object, string][] = [
      [
        { newAdminPassword: "short", newStaffPassword: "long-enough-1" },
        "Passwords must be at least 8 characters long.",
      ],
      [
        { newAdminPassword: "long-enough-1", newStaffPassword: "" },
        "Passwords must be at least 8 characters long.",
      ],
      [
        { newAdminPassword: "y".repeat(129), newStaffPassword: "long-enough-1" },
        "Passwords must be at most 128 characters long.",
      ],
      [{ newAdminPassword: "long-enough-1", newStaffPassword: "qwertyuiop" }, COMMON],
    ];
    for (const [payload, message] of cases) {
      const res = await reset(admin, { ...payload, currentPassword: ADMIN_PASSWORD });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message });
    }
    const common = await reset(admin, {
      currentPassword: ADMIN_PASSWORD,
      newAdminPassword: "long-enough-1",
      newStaffPassword: "qwertyuiop",
    });
    expect(common.json()).toEqual({ message: COMMON, errors: { newStaffPassword: COMMON } });
    expect((await user(admin)).json()).not.toBeNull();
    expect((await login("staff", STAFF_PASSWORD)).statusCode).toBe(200);
    expect((await login("editor", EDITOR_PASSWORD)).statusCode).toBe(200);
  });
});
