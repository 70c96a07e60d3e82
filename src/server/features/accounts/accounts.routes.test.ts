import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { accounts, loginAttempts, sessions } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/test-app";
import { hashSessionId } from "./sessions.service";
import { ADMIN_PASSWORD, createAccount, logInAs, STAFF_PASSWORD, withSession } from "./test-accounts";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
  await createAccount(t.db, "admin", ADMIN_PASSWORD, true);
});
afterEach(() => t.close());

const login = (payload: unknown, extra: { cookies?: Record<string, string>; remoteAddress?: string } = {}) =>
  t.app.inject({ method: "POST", url: "/api/login", payload: payload as object, ...extra });
const user = (session: string) =>
  t.app.inject({ method: "GET", url: "/api/user", cookies: withSession(session) });

describe("POST /api/login", () => {
  it("logs in with the right password: a fresh httpOnly, SameSite=Lax session cookie and the account", async () => {
    const res = await login({ username: "admin", password: ADMIN_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ username: "admin", isAdmin: true });
    const cookie = res.cookies.find((c) => c.name === "mg_session");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(cookie?.secure).toBeFalsy(); // plain http in tests; https sets Secure
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await user(cookie?.value as string)).json()).toEqual({ username: "admin", isAdmin: true });
  });

  it("stores only the SHA-256 of the session id", async () => {
    const id = await logInAs(t.app, "admin", ADMIN_PASSWORD);
    const rows = await t.db.select().from(sessions);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.idHash).toBe(hashSessionId(id));
    expect(rows[0]?.idHash).not.toContain(id);
  });

  it("names the cookie __Host-mg_session on https (Secure, Path=/, no Domain) and reads only that name there", async () => {
    const trusted = await createTestApp({ trustProxy: true });
    try {
      await createAccount(trusted.db, "admin", ADMIN_PASSWORD, true);
      const https = { "x-forwarded-proto": "https" };
      const res = await trusted.app.inject({
        method: "POST",
        url: "/api/login",
        headers: https,
        payload: { username: "admin", password: ADMIN_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      expect(res.cookies.map((c) => c.name)).not.toContain("mg_session");
      const cookie = res.cookies.find((c) => c.name === "__Host-mg_session");
      expect(cookie).toMatchObject({ secure: true, path: "/", httpOnly: true, sameSite: "Lax" });
      expect(cookie?.domain).toBeUndefined();
      const id = cookie?.value as string;
      const asUser = (cookies: Record<string, string>, headers: Record<string, string> = https) =>
        trusted.app.inject({ method: "GET", url: "/api/user", headers, cookies });
      expect((await asUser({ "__Host-mg_session": id })).json()).not.toBeNull();
      // The unprefixed name is not read over https: a cookie planted without the prefix's guarantees
      // (by a sibling subdomain or over plain http) never counts there.
      expect((await asUser({ mg_session: id })).json()).toBeNull();

      const out = await trusted.app.inject({
        method: "POST",
        url: "/api/logout",
        headers: https,
        cookies: { "__Host-mg_session": id },
      });
      const cleared = out.cookies.find((c) => c.name === "__Host-mg_session");
      expect(cleared).toMatchObject({ value: "", secure: true, path: "/" });
      expect((await asUser({ "__Host-mg_session": id })).json()).toBeNull();
    } finally {
      await trusted.close();
    }
  }, 90_000); // a second database and app of its own, beside the file's own: slow on a loaded machine

  it("keeps the plain name mg_session, without Secure, over http", async () => {
    const res = await login({ username: "admin", password: ADMIN_PASSWORD });
    const names = res.cookies.map((c) => c.name);
    expect(names).toContain("mg_session");
    expect(names).not.toContain("__Host-mg_session");
    expect(res.cookies.find((c) => c.name === "mg_session")?.secure).toBeFalsy();
  });

  it("answers the same 401 for an unknown username and for a wrong password", async () => {
    const unknown = await login({ username: "nobody", password: "whatever-123" });
    const wrong = await login({ username: "admin", password: "not-the-password" });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
    expect(unknown.json()).toEqual({ message: "Invalid username or password" });
    expect(unknown.cookies.find((c) => c.name === "mg_session")).toBeUndefined();
  });

  it("refuses a 10 kB password without trouble, like any wrong password", async () => {
    const res = await login({ username: "admin", password: "x".repeat(10_000) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: "Invalid username or password" });
  });

  it("asks for the username and the password with the spec's messages", async () => {
    const noUser = await login({ password: "something" });
    expect(noUser.statusCode).toBe(400);
    expect(noUser.json()).toMatchObject({ message: "Username is required" });
    const blankUser = await login({ username: "   ", password: "something" });
    expect(blankUser.json()).toMatchObject({ message: "Username is required" });
    const noPassword = await login({ username: "admin", password: "" });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json()).toMatchObject({ message: "Password is required" });
  });

  it("never adopts a session id the browser brought (session fixation)", async () => {
    const planted = "P".repeat(43);
    expect((await user(planted)).json()).toBeNull();
    const res = await login(
      { username: "admin", password: ADMIN_PASSWORD },
      { cookies: withSession(planted) },
    );
    const issued = res.cookies.find((c) => c.name === "mg_session")?.value as string;
    expect(issued).toBeDefined();
    expect(issued).not.toBe(planted);
    expect((await user(planted)).json()).toBeNull();
    expect((await user(issued)).json()).not.toBeNull();
  });

  it("replaces the session a logged-in browser had: a new id, the old one ends", async () => {
    const first = await logInAs(t.app, "admin", ADMIN_PASSWORD);
    const res = await login({ username: "admin", password: ADMIN_PASSWORD }, { cookies: withSession(first) });
    const second = res.cookies.find((c) => c.name === "mg_session")?.value as string;
    expect(second).not.toBe(first);
    expect((await user(first)).json()).toBeNull();
    expect((await user(second)).json()).not.toBeNull();
  });

  it("throttles a username from one network after 10 failures in 15 minutes, refusing even the right password (429)", async () => {
    for (let i = 0; i < 10; i++) {
      const res = await login(
        { username: "admin", password: `wrong-${i}` },
        { remoteAddress: "198.51.100.9" },
      );
      expect(res.statusCode).toBe(401);
    }
    const res = await login(
      { username: "admin", password: ADMIN_PASSWORD },
      { remoteAddress: "198.51.100.9" },
    );
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      message: "Too many login attempts. Please wait a few minutes and try again.",
    });
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);

    // Failures older than the window no longer count.
    await t.db.update(loginAttempts).set({ createdAt: new Date(Date.now() - 16 * 60 * 1000) });
    expect(
      (await login({ username: "admin", password: ADMIN_PASSWORD }, { remoteAddress: "198.51.100.9" }))
        .statusCode,
    ).toBe(200);
  });

  it("throttles an IP after 30 failures in 15 minutes, whatever usernames it tries", async () => {
    const ip = "203.0.113.7";
    for (let i = 0; i < 30; i++) {
      expect(
        (await login({ username: `guess${i}`, password: "nope-nope" }, { remoteAddress: ip })).statusCode,
      ).toBe(401);
    }
    expect(
      (await login({ username: "admin", password: ADMIN_PASSWORD }, { remoteAddress: ip })).statusCode,
    ).toBe(429);
    // Another address is not affected.
    expect(
      (await login({ username: "admin", password: ADMIN_PASSWORD }, { remoteAddress: "203.0.113.8" }))
        .statusCode,
    ).toBe(200);
  });

  it("refuses a login from another site's page", async () => {
    const res = t.app.inject({
      method: "POST",
      url: "/api/login",
      headers: { host: "localhost", origin: "https://evil.example" },
      payload: { username: "admin", password: ADMIN_PASSWORD },
    });
    expect((await res).statusCode).toBe(403);
  });
});

describe("sessions", () => {
  it("GET /api/user answers 200 null without a session (a visitor is not an error), never cached", async () => {
    for (const cookies of [{}, withSession("P".repeat(43))]) {
      const res = await t.app.inject({ method: "GET", url: "/api/user", cookies });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      expect(res.body).toBe("null");
      expect(res.headers["cache-control"]).toBe("no-store");
    }
  });

  it("ends after 12 hours without a request", async () => {
    const id = await logInAs(t.app, "admin", ADMIN_PASSWORD);
    await t.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 12 * 60 * 60 * 1000 - 1000) })
      .where(eq(sessions.idHash, hashSessionId(id)));
    expect((await user(id)).json()).toBeNull();
  });

  it("ends 7 days after the login however active it was", async () => {
    const id = await logInAs(t.app, "admin", ADMIN_PASSWORD);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.idHash, hashSessionId(id)));
    expect((await user(id)).json()).toBeNull();
  });

  it("moves lastSeenAt forward on use, at most once a minute", async () => {
    const id = await logInAs(t.app, "admin", ADMIN_PASSWORD);
    const tenMinutesAgo = new Date(Date.now() - 10 * 60 * 1000);
    await t.db.update(sessions).set({ lastSeenAt: tenMinutesAgo });
    await user(id);
    const [touched] = await t.db.select().from(sessions);
    expect(touched?.lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 5000);
    await user(id);
    const [again] = await t.db.select().from(sessions);
    expect(again?.lastSeenAt.getTime()).toBe(touched?.lastSeenAt.getTime());
  });

  it("POST /api/logout ends the session and clears the cookie", async () => {
    const id = await logInAs(t.app, "admin", ADMIN_PASSWORD);
    const res = await t.app.inject({ method: "POST", url: "/api/logout", cookies: withSession(id) });
    expect(res.statusCode).toBe(204);
    const cleared = res.cookies.find((c) => c.name === "mg_session");
    expect(cleared?.value).toBe("");
    expect((await user(id)).json()).toBeNull();
    expect(await t.db.select().from(sessions)).toHaveLength(0);
  });

  it("ends when its account is deleted", async () => {
    const staff = await createAccount(t.db, "staff", STAFF_PASSWORD, false);
    const id = await logInAs(t.app, "staff", STAFF_PASSWORD);
    await t.db.delete(accounts).where(eq(accounts.id, staff.id));
    expect((await user(id)).json()).toBeNull();
  });
});
