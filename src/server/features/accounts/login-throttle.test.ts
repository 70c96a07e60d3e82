import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loginAttempts } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/test-app";
import { ADMIN_PASSWORD, createAccount } from "./test-accounts";

// Login throttling (login-throttle.ts): counted before the password is checked, atomically, per username
// and network, per network, and slowed per username over all networks without locking its owner out.

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
  await createAccount(t.db, "admin", ADMIN_PASSWORD, true);
});
afterEach(() => t.close());

const TOO_MANY = "Too many login attempts. Please wait a few minutes and try again.";

const login = (username: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: "POST", url: "/api/login", payload: { username, password }, remoteAddress });

const count = (answers: Array<{ statusCode: number }>, status: number) =>
  answers.filter((a) => a.statusCode === status).length;

describe("login throttling", () => {
  it("checks at most 10 of 60 wrong passwords for one account sent at once from one network", async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => login("admin", `wrong-${i}`, "203.0.113.20")),
    );
    expect(count(answers, 401)).toBe(10);
    expect(count(answers, 429)).toBe(50);
    expect((await t.db.select().from(loginAttempts)).length).toBe(10);
  });

  it("checks at most 30 of 100 guesses at once from one network with different usernames", async () => {
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => login(`guess${i}`, "nope-nope", "203.0.113.21")),
    );
    expect(count(answers, 401)).toBe(30);
    expect(count(answers, 429)).toBe(70);
    // Another network is not affected.
    expect((await login("admin", ADMIN_PASSWORD, "203.0.113.22")).statusCode).toBe(200);
  });

  it("counts the addresses of one IPv6 /64 as one network", async () => {
    const answers = [];
    for (let i = 0; i < 11; i += 1) answers.push(await login("admin", "wrong", `2001:db8:5:5::${i + 1}`));
    expect(answers.map((a) => a.statusCode)).toEqual([...Array(10).fill(401), 429]);
    expect((await login("admin", ADMIN_PASSWORD, "2001:db8:5:5:ffff::1")).statusCode).toBe(429);
    // Another /64 has not failed: the right password lets it in.
    expect((await login("admin", ADMIN_PASSWORD, "2001:db8:5:6::1")).statusCode).toBe(200);
  });

  it("answers 429 with Retry-After: the seconds until the oldest counted failure leaves the window", async () => {
    for (let i = 0; i < 10; i += 1) await login("admin", "wrong", "203.0.113.23");
    const refused = await login("admin", ADMIN_PASSWORD, "203.0.113.23");
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: TOO_MANY });
    const seconds = Number(refused.headers["retry-after"]);
    expect(seconds).toBeGreaterThan(14 * 60);
    expect(seconds).toBeLessThanOrEqual(15 * 60);
  });

  it("lets the owner in from a network that has not failed while an attacker keeps guessing elsewhere", async () => {
    // The attacker guesses from many networks, in parallel, and keeps at it.
    const attack = () =>
      Promise.all(Array.from({ length: 40 }, (_, i) => login("admin", `guess-${i}`, `198.51.100.${i % 20}`)));
    const first = await attack();
    expect(count(first, 200)).toBe(0);
    const [owner, more] = await Promise.all([login("admin", ADMIN_PASSWORD, "192.0.2.77"), attack()]);
    expect(owner.statusCode).toBe(200);
    expect(count(more, 200)).toBe(0);
    // The username is under attack: each attacking network has had its (smaller) share of guesses.
    const again = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login("admin", "guess", `198.51.100.${i}`)),
    );
    expect(count(again, 429)).toBe(20);
    // A right password from a network that has not failed still succeeds.
    expect((await login("admin", ADMIN_PASSWORD, "2001:db8:77::1")).statusCode).toBe(200);
  });

  it("slows a username under attack: each new network may then fail on it only 3 times", async () => {
    for (let i = 0; i < 10; i += 1)
      expect((await login("admin", "wrong", `198.51.100.${i}`)).statusCode).toBe(401);
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push(await login("admin", "wrong", "203.0.113.30"));
    expect(answers.map((a) => a.statusCode)).toEqual([401, 401, 401, 429, 429]);
  });

  it("does not count a successful login", async () => {
    for (let i = 0; i < 9; i += 1) await login("admin", "wrong", "203.0.113.31");
    expect((await login("admin", ADMIN_PASSWORD, "203.0.113.31")).statusCode).toBe(200);
    expect((await login("admin", "wrong", "203.0.113.31")).statusCode).toBe(401);
    expect((await login("admin", ADMIN_PASSWORD, "203.0.113.31")).statusCode).toBe(429);
  });
});
