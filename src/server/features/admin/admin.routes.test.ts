import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { accounts, archiveEntries, auditLog, sessions } from "../../db/schema";
import { createArchiveEntry, createNotification } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import {
  ADMIN_PASSWORD,
  logInAs,
  STAFF_PASSWORD,
  staffSessions,
  withSession,
} from "../accounts/test-accounts";

let t: TestApp;
let admin: string;
let staff: string;
beforeEach(async () => {
  t = await createTestApp();
  ({ admin, staff } = await staffSessions(t.app, t.db));
});
afterEach(() => t.close());

const call = (session: string, method: "GET" | "POST" | "DELETE", url: string, payload?: object) =>
  t.app.inject({ method, url, payload, cookies: withSession(session) });
const user = (session: string) =>
  t.app.inject({ method: "GET", url: "/api/user", cookies: withSession(session) });
const login = (username: string, password: string) =>
  t.app.inject({ method: "POST", url: "/api/login", payload: { username, password } });

describe("POST /api/admin/register-staff", () => {
  it("registers an account that can log in; administrator unless the switch is off", async () => {
    const res = await call(admin, "POST", "/api/admin/register-staff", {
      username: "editor",
      password: "editor-pw-123",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ username: "editor", isAdmin: true });
    const helper = await call(admin, "POST", "/api/admin/register-staff", {
      username: "helper",
      password: "helper-pw-123",
      isAdmin: false,
    });
    expect(helper.json()).toEqual({ username: "helper", isAdmin: false });
    expect((await login("helper", "helper-pw-123")).json()).toEqual({ username: "helper", isAdmin: false });
    const [row] = await t.db.select().from(accounts).where(eq(accounts.username, "editor"));
    expect(row?.passwordHash.startsWith("$argon2id$")).toBe(true);
  });

  it("answers 409 with the spec's message for a username that exists", async () => {
    const res = await call(admin, "POST", "/api/admin/register-staff", {
      username: "staff",
      password: "another-pw-1",
    });
    expect(res.statusCode).toBe(409);
    const message = "Username already exists. Please choose a different username.";
    expect(res.json()).toEqual({ message, errors: { username: message } });
    // The existing account is untouched.
    expect((await login("staff", STAFF_PASSWORD)).statusCode).toBe(200);
  });

  it("checks the username and password lengths with the spec's messages", async () => {
    const short = await call(admin, "POST", "/api/admin/register-staff", {
      username: "ab",
      password: "long-enough-1",
    });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ message: "Username must be at least 3 characters" });
    const weak = await call(admin, "POST", "/api/admin/register-staff", {
      username: "abc",
      password: "1234567",
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ message: "Password must be at least 8 characters" });
  });

  it("leaves an audit row naming the new account but not its password", async () => {
    await call(admin, "POST", "/api/admin/register-staff", {
      username: "editor",
      password: "secret-editor-pw",
    });
    await vi.waitFor(async () => {
      const [row] = await t.db.select().from(auditLog);
      expect(row).toMatchObject({
        action: "POST /api/admin/register-staff",
        username: "admin",
        details: { username: "editor", isAdmin: true },
      });
      expect(JSON.stringify(row)).not.toContain("secret-editor-pw");
    });
  });
});

describe("POST /api/admin/security-reset", () => {
  it("sets both passwords and ends every session at once", async () => {
    const other = await logInAs(t.app, "admin", ADMIN_PASSWORD); // a second browser
    const res = await call(admin, "POST", "/api/admin/security-reset", {
      newAdminPassword: "brand-new-admin-1",
      newStaffPassword: "brand-new-staff-1",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updatedUsers: ["admin", "staff"] });
    expect(res.cookies.find((c) => c.name === "mg_session")?.value).toBe("");

    for (const session of [admin, staff, other]) expect((await user(session)).json()).toBeNull();
    expect((await call(staff, "GET", "/api/admin/headlines")).statusCode).toBe(401);
    expect(await t.db.select().from(sessions)).toHaveLength(0);

    expect((await login("admin", ADMIN_PASSWORD)).statusCode).toBe(401);
    expect((await login("staff", STAFF_PASSWORD)).statusCode).toBe(401);
    expect((await login("admin", "brand-new-admin-1")).json()).toEqual({ username: "admin", isAdmin: true });
    expect((await login("staff", "brand-new-staff-1")).json()).toEqual({ username: "staff", isAdmin: false });
  });

  it("creates staff when it does not exist", async () => {
    await t.db.delete(accounts).where(eq(accounts.username, "staff"));
    await call(admin, "POST", "/api/admin/security-reset", {
      newAdminPassword: "brand-new-admin-1",
      newStaffPassword: "brand-new-staff-1",
    });
    expect((await login("staff", "brand-new-staff-1")).json()).toEqual({ username: "staff", isAdmin: false });
  });

  it("refuses short passwords with the spec's message and changes nothing", async () => {
    for (const payload of [
      { newAdminPassword: "short", newStaffPassword: "long-enough-1" },
      { newAdminPassword: "long-enough-1", newStaffPassword: "" },
      { newAdminPassword: "long-enough-1" },
    ]) {
      const res = await call(admin, "POST", "/api/admin/security-reset", payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: "Passwords must be at least 8 characters long." });
    }
    expect((await user(admin)).json()).not.toBeNull();
    expect((await login("staff", STAFF_PASSWORD)).statusCode).toBe(200);
  });
});

describe("notifications", () => {
  it("creates a notification that every visitor sees, lists it for staff, and deletes it", async () => {
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    const created = await call(staff, "POST", "/api/admin/notifications", {
      message: "  Launch at 10 PM!  ",
      expiresAt,
    });
    expect(created.statusCode).toBe(201);
    const notification = created.json() as { id: number; message: string; expiresAt: string };
    expect(notification).toMatchObject({ message: "Launch at 10 PM!", expiresAt });

    const publicList = await t.app.inject({ method: "GET", url: "/api/notifications" });
    expect((publicList.json() as Array<{ id: number }>).map((n) => n.id)).toEqual([notification.id]);
    const staffList = await call(staff, "GET", "/api/admin/notifications");
    expect((staffList.json() as Array<{ id: number }>).map((n) => n.id)).toEqual([notification.id]);

    expect((await call(staff, "DELETE", `/api/admin/notifications/${notification.id}`)).statusCode).toBe(204);
    expect((await t.app.inject({ method: "GET", url: "/api/notifications" })).json()).toEqual([]);
    expect((await call(staff, "DELETE", `/api/admin/notifications/${notification.id}`)).statusCode).toBe(404);
  });

  it("accepts no expiry (absent, null or an empty field)", async () => {
    for (const payload of [
      { message: "a" },
      { message: "b", expiresAt: null },
      { message: "c", expiresAt: "" },
    ]) {
      const res = await call(staff, "POST", "/api/admin/notifications", payload);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ expiresAt: null });
    }
  });

  it("requires a message, and an expiry in the future", async () => {
    for (const payload of [{}, { message: "" }, { message: "   " }]) {
      const res = await call(staff, "POST", "/api/admin/notifications", payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: "Message is required" });
    }
    const tooLong = await call(staff, "POST", "/api/admin/notifications", { message: "x".repeat(281) });
    expect(tooLong.statusCode).toBe(400);
    const past = await call(staff, "POST", "/api/admin/notifications", {
      message: "Too late",
      expiresAt: new Date(Date.now() - 1000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ message: "The expiry must be in the future" });
    const garbage = await call(staff, "POST", "/api/admin/notifications", {
      message: "When?",
      expiresAt: "soon",
    });
    expect(garbage.statusCode).toBe(400);
    expect((await t.app.inject({ method: "GET", url: "/api/notifications" })).json()).toEqual([]);
  });

  it("lists only active notifications for staff", async () => {
    await createNotification(t.db, { message: "Expired", expiresAt: new Date(Date.now() - 1000) });
    const live = await createNotification(t.db, { message: "Live" });
    const res = await call(staff, "GET", "/api/admin/notifications");
    expect((res.json() as Array<{ id: number }>).map((n) => n.id)).toEqual([live.id]);
  });
});

describe("DELETE /api/admin/archive/:id", () => {
  it("deletes an archive entry; an unknown id is 404", async () => {
    const entry = await createArchiveEntry(t.db);
    expect((await call(staff, "DELETE", `/api/admin/archive/${entry.id}`)).statusCode).toBe(204);
    expect(await t.db.select().from(archiveEntries)).toEqual([]);
    const again = await call(staff, "DELETE", `/api/admin/archive/${entry.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: "Archive entry not found" });
  });
});
