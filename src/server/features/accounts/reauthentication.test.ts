import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { accounts } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/test-app";
import { ADMIN_PASSWORD, createAccount, logInAs, withSession } from "./test-accounts";

/**
 * The security reset asks the logged-in administrator for their current password: a stolen session must not
 * be able to guess it faster than the login form could (issue 20: 340 wrong guesses in 13 s, never a 429).
 */

let t: TestApp;
let session: string;
beforeEach(async () => {
  t = await createTestApp();
  await createAccount(t.db, "admin", ADMIN_PASSWORD, true);
  session = await logInAs(t.app, "admin", ADMIN_PASSWORD);
});
afterEach(() => t.close());

const NEW = { newAdminPassword: "brand-new-admin-1", newStaffPassword: "brand-new-staff-1" };
const TOO_MANY = "Too many wrong passwords. Please wait a few minutes and try again.";
const reset = (currentPassword: string, remoteAddress = "198.51.100.9", extra: object = {}) =>
  t.app.inject({
    method: "POST",
    url: "/api/admin/security-reset",
    payload: { ...NEW, ...extra, currentPassword },
    cookies: withSession(session),
    remoteAddress,
  });
const passwordHash = async () => (await t.db.select({ h: accounts.passwordHash }).from(accounts))[0]?.h;

describe("the security reset's current-password check", () => {
  it("refuses an account's 11th guess from one network with 429 and Retry-After, even the right password", async () => {
    const before = await passwordHash();
    for (let i = 0; i < 10; i++) expect((await reset(`wrong-guess-${i}`)).statusCode).toBe(403);
    const refused = await reset(ADMIN_PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: TOO_MANY });
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(await passwordHash()).toBe(before); // nothing was reset
  });

  it("lets no parallel burst past the limit: of 20 guesses at once, 10 are checked and 10 refused", async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => reset(`burst-guess-${i}`)));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 403)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(10);
  });

  it("does not count a right password: 9 failures, a right one refused for its new password, still one guess left", async () => {
    for (let i = 0; i < 9; i++) expect((await reset(`wrong-guess-${i}`)).statusCode).toBe(403);
    const common = await reset(ADMIN_PASSWORD, undefined, { newStaffPassword: "qwertyuiop" });
    expect(common.statusCode).toBe(400);
    expect((await reset("wrong-guess-9")).statusCode).toBe(403);
    expect((await reset(ADMIN_PASSWORD)).statusCode).toBe(429);
  });

  it("counts with the login's throttle: guesses here refuse the account's login from that network too", async () => {
    for (let i = 0; i < 10; i++) expect((await reset(`wrong-guess-${i}`)).statusCode).toBe(403);
    const login = (remoteAddress: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/login",
        payload: { username: "admin", password: ADMIN_PASSWORD },
        remoteAddress,
      });
    expect((await login("198.51.100.9")).statusCode).toBe(429);
    // Another network that has not failed is never refused the right password.
    expect((await login("203.0.113.20")).statusCode).toBe(200);
    expect((await reset(ADMIN_PASSWORD, "203.0.113.20")).statusCode).toBe(200);
  });
});
