import { Writable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import type { Database } from "../db/connect";
import {
  ADMIN_PASSWORD,
  createAccount,
  STAFF_PASSWORD,
  withSession,
} from "../features/accounts/test-accounts";
import { ensureSettings } from "../features/settings/settings.service";
import { createTestDatabase, testConfig } from "../test/test-app";
import type { App } from "../types";

/**
 * The security log (ASVS 16.3): failed logins, refused staff calls and 429s at warn, logins and logouts at
 * info, one line each with the request id, and never a password. Read from the app's real logger output.
 */

type Line = Record<string, unknown> & { level: number; msg: string; reqId?: string };
const WARN = 40;
const INFO = 30;

let database: Database;
let app: App;
let lines: Line[];
beforeEach(async () => {
  database = await createTestDatabase();
  await ensureSettings(database.db, new Date());
  lines = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n")) if (line.trim()) lines.push(JSON.parse(line) as Line);
      done();
    },
  });
  app = await buildApp({ config: testConfig(), database, logger: { level: "info", stream } });
  await createAccount(database.db, "admin", ADMIN_PASSWORD, true);
  await createAccount(database.db, "staff", STAFF_PASSWORD, false);
  lines.length = 0;
});
afterEach(async () => {
  await app.close();
  await database.close();
});

const login = (username: string, password: string, remoteAddress = "203.0.113.7") =>
  app.inject({ method: "POST", url: "/api/login", payload: { username, password }, remoteAddress });
const logged = (msg: string) => lines.filter((l) => l.msg === msg);
/** Every line but the one-per-request access line (observability.ts), which every answer writes. */
const securityLines = () => lines.filter((l) => l.msg !== "request");
const sessionOf = (res: { cookies: { name: string; value: string }[] }) =>
  res.cookies.find((c) => c.name === "mg_session")?.value as string;

describe("security log", () => {
  it("logs a failed login at warn with the username, the IP and the request id, never the password", async () => {
    const res = await login("admin", "wrong-secret-guess");
    expect(res.statusCode).toBe(401);
    expect(logged("login failed")).toEqual([
      expect.objectContaining({
        level: WARN,
        username: "admin",
        ip: "203.0.113.0/24",
        statusCode: 401,
        reqId: expect.any(String),
      }),
    ]);
    expect(JSON.stringify(lines)).not.toContain("wrong-secret-guess");
  });

  it("logs a failed login for an unknown username the same way", async () => {
    await login("nobody-here", "whatever-it-is");
    expect(logged("login failed")).toEqual([
      expect.objectContaining({ level: WARN, username: "nobody-here", statusCode: 401 }),
    ]);
  });

  it("logs a successful login and a logout at info, one line each, without the password", async () => {
    const res = await login("staff", STAFF_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(logged("login")).toEqual([
      expect.objectContaining({
        level: INFO,
        username: "staff",
        ip: "203.0.113.0/24",
        reqId: expect.any(String),
      }),
    ]);
    await app.inject({ method: "POST", url: "/api/logout", cookies: withSession(sessionOf(res)) });
    expect(logged("logout")).toEqual([expect.objectContaining({ level: INFO, username: "staff" })]);
    expect(JSON.stringify(lines)).not.toContain(STAFF_PASSWORD);
  });

  it("logs every 401 and 403 on a staff route at warn, one line each, with who and where", async () => {
    const staff = sessionOf(await login("staff", STAFF_PASSWORD));
    lines.length = 0;
    const anonymous = await app.inject({
      method: "GET",
      url: "/api/admin/headlines",
      remoteAddress: "198.51.100.4",
    });
    expect(anonymous.statusCode).toBe(401);
    const refused = await app.inject({
      method: "POST",
      url: "/api/admin/register-staff",
      payload: { username: "sneaky", password: "sneaky-password-1" },
      cookies: withSession(staff),
    });
    expect(refused.statusCode).toBe(403);
    const denied = logged("staff route refused");
    expect(denied).toEqual([
      expect.objectContaining({
        level: WARN,
        statusCode: 401,
        method: "GET",
        url: "/api/admin/headlines",
        ip: "198.51.100.0/24",
        reqId: expect.any(String),
      }),
      expect.objectContaining({
        level: WARN,
        statusCode: 403,
        method: "POST",
        url: "/api/admin/register-staff",
        username: "staff",
      }),
    ]);
    expect(securityLines()).toHaveLength(2);
    expect(JSON.stringify(lines)).not.toContain("sneaky-password-1");
  });

  it("logs every 429 at warn, one line each", async () => {
    let tooMany = 0;
    for (let i = 0; i < 40 && tooMany < 2; i++) {
      if ((await login("admin", `wrong-guess-${i}`, "192.0.2.50")).statusCode === 429) tooMany += 1;
    }
    expect(tooMany).toBe(2);
    const limited = logged("too many requests");
    expect(limited).toHaveLength(2);
    expect(limited[0]).toMatchObject({
      level: WARN,
      statusCode: 429,
      method: "POST",
      url: "/api/login",
      ip: "192.0.2.0/24",
      username: "admin",
      reqId: expect.any(String),
    });
    // A refused login is one line: the 429 line, not a "login failed" line as well.
    const reqIds = securityLines().map((l) => l.reqId);
    expect(new Set(reqIds).size).toBe(reqIds.length);
  });

  it("logs each wrong current password of the security reset at warn, once, without any password", async () => {
    const admin = sessionOf(await login("admin", ADMIN_PASSWORD));
    lines.length = 0;
    const reset = (currentPassword: string) =>
      app.inject({
        method: "POST",
        url: "/api/admin/security-reset",
        payload: { currentPassword, newAdminPassword: "new-admin-pw-1", newStaffPassword: "new-staff-pw-1" },
        cookies: withSession(admin),
        remoteAddress: "198.51.100.4",
      });
    expect((await reset("first-wrong-guess")).statusCode).toBe(403);
    expect((await reset("second-wrong-guess")).statusCode).toBe(403);
    expect(logged("wrong current password")).toEqual([
      expect.objectContaining({
        level: WARN,
        statusCode: 403,
        url: "/api/admin/security-reset",
        username: "admin",
        ip: "198.51.100.0/24",
        reqId: expect.any(String),
      }),
      expect.objectContaining({ level: WARN, username: "admin" }),
    ]);
    expect(securityLines()).toHaveLength(2); // not a "staff route refused" line as well
    const text = JSON.stringify(lines);
    for (const secret of ["wrong-guess", "new-admin-pw-1", "new-staff-pw-1"])
      expect(text).not.toContain(secret);
  });

  it("logs no security line for a visitor's ordinary request, only its access line", async () => {
    await app.inject({ method: "GET", url: "/api/settings" });
    await app.inject({ method: "GET", url: "/api/user" }); // a visitor checking whether they are logged in
    expect(securityLines()).toEqual([]);
    expect(logged("request").map((l) => l.level)).toEqual([INFO, INFO]);
  });
});
