import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app";
import type { Config } from "./config";
import type { Database } from "./db/connect";
import { createAccount } from "./features/accounts/test-accounts";
import { ensureSettings } from "./features/settings/settings.service";
import { SUBMISSION_REFUSALS } from "./features/submissions/submissions.service";
import { tcpProxy } from "./test/tcp-proxy";
import { createTestDatabase, testConfig } from "./test/test-app";
import type { App } from "./types";

// Redis runs beside the databases in CI (TEST_REDIS_URL); each test uses keys and channels of its own prefix.
const REDIS_URL = process.env.TEST_REDIS_URL;

interface Instance {
  app: App;
  database: Database;
  /** Everything the app logged at warn level or above. */
  warnings: string[];
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** One server process's app on a database of its own, sharing Redis (at `redisUrl`) under `prefix`. */
async function instance(
  redisUrl: string,
  prefix: string,
  overrides: Partial<Config> = {},
): Promise<Instance> {
  const database = await createTestDatabase();
  await ensureSettings(database.db, new Date());
  const warnings: string[] = [];
  const app = await buildApp({
    config: testConfig({ redisUrl, redisKeyPrefix: prefix, ...overrides }),
    database,
    logger: { level: "warn", stream: { write: (line: string) => warnings.push(line) } },
  });
  cleanups.push(async () => {
    await app.close();
    await database.close();
  });
  return { app, database, warnings };
}

const newPrefix = () => `mgtest:${randomBytes(4).toString("hex")}:`;

const logIn = (app: App, username: string, password: string, ip: string) =>
  app.inject({ method: "POST", url: "/api/login", payload: { username, password }, remoteAddress: ip });

const submit = (app: App, ip: string) =>
  app.inject({
    method: "POST",
    url: "/api/headlines",
    remoteAddress: ip,
    payload: {
      title: "Frog buys the moon",
      description: "A frog bought the moon for one SOL and a pond.",
      imageUrl: "https://cdn.example.com/frog.png",
    },
  });

const statuses = (answers: Array<{ statusCode: number }>) => answers.map((a) => a.statusCode).sort();

/** Waits until the app's Redis link is connected (it connects in the background, never blocking start-up). */
async function redisReady(app: App) {
  await expect.poll(() => app.redis?.client.status, { timeout: 10_000 }).toBe("ready");
}

describe.runIf(REDIS_URL)("with REDIS_URL", () => {
  const url = REDIS_URL as string;
  let inspector: Redis;
  beforeAll(() => {
    inspector = new Redis(url);
  });
  afterAll(() => inspector.quit());

  it("throttles logins through Redis, so every process sees the same failures", async () => {
    const prefix = newPrefix();
    const [a, b] = await Promise.all([instance(url, prefix), instance(url, prefix)]);
    await Promise.all([redisReady(a.app), redisReady(b.app)]);
    await createAccount(b.database.db, "editor", "right-password-1", false);

    // Ten wrong passwords on process A from one network: the per-username-and-network limit.
    for (let i = 0; i < 10; i += 1) {
      expect((await logIn(a.app, "editor", "wrong-password", "198.51.100.9")).statusCode).toBe(401);
    }
    expect(await inspector.zcard(`${prefix}login:user:editor`)).toBe(10);
    // Process B has its own database, with no failure in it: only Redis can tell it to refuse.
    const refused = await logIn(b.app, "editor", "right-password-1", "198.51.100.9");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe("Too many login attempts. Please wait a few minutes and try again.");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // Another network with the right password is let in.
    expect((await logIn(b.app, "editor", "right-password-1", "198.51.100.99")).statusCode).toBe(200);
  });

  it("counts parallel login bursts in one Redis script: at most the limit are checked", async () => {
    const prefix = newPrefix();
    const [a, b] = await Promise.all([instance(url, prefix), instance(url, prefix)]);
    await Promise.all([redisReady(a.app), redisReady(b.app)]);
    const one = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        logIn(i % 2 ? a.app : b.app, "editor", `wrong-${i}`, "203.0.113.1"),
      ),
    );
    expect(one.filter((r) => r.statusCode === 401)).toHaveLength(10);
    const spray = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        logIn(i % 2 ? a.app : b.app, `guess${i}`, "wrong-password", "203.0.113.2"),
      ),
    );
    expect(spray.filter((r) => r.statusCode === 401)).toHaveLength(30);
  });

  it("counts the hourly submission limit in Redis: exact under concurrency, across processes", async () => {
    const prefix = newPrefix();
    const [a, b] = await Promise.all([instance(url, prefix), instance(url, prefix)]);
    await Promise.all([redisReady(a.app), redisReady(b.app)]);

    const answers = await Promise.all(Array.from({ length: 15 }, () => submit(a.app, "203.0.113.50")));
    expect(statuses(answers)).toEqual([...Array(10).fill(201), ...Array(5).fill(429)]);
    expect(await inspector.zcard(`${prefix}submissions:203.0.113.50`)).toBe(10);
    // B's database holds none of those rows; the allowance is still used up.
    const fromB = await submit(b.app, "203.0.113.50");
    expect(fromB.statusCode).toBe(429);
    expect(fromB.json().message).toBe(SUBMISSION_REFUSALS.tooMany);
  });

  it("counts the hourly upload limit in Redis across processes", async () => {
    const prefix = newPrefix();
    const [a, b] = await Promise.all([
      instance(url, prefix, { uploadsPerHour: 2 }),
      instance(url, prefix, { uploadsPerHour: 2 }),
    ]);
    await Promise.all([redisReady(a.app), redisReady(b.app)]);
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#e33" } })
      .png()
      .toBuffer();
    const upload = async (app: App) => {
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "a.png");
      const response = new Response(form);
      return app.inject({
        method: "POST",
        url: "/api/upload",
        remoteAddress: "203.0.113.90",
        payload: Buffer.from(await response.arrayBuffer()),
        headers: { "content-type": response.headers.get("content-type") as string },
      });
    };
    expect((await upload(a.app)).statusCode).toBe(200);
    expect((await upload(b.app)).statusCode).toBe(200);
    // Each database holds one upload; Redis holds both.
    expect((await upload(a.app)).statusCode).toBe(429);
    expect(await inspector.zcard(`${prefix}uploads:203.0.113.90`)).toBe(2);
  });

  it("gives a refused submission's place back", async () => {
    const prefix = newPrefix();
    const { app } = await instance(url, prefix);
    await redisReady(app);
    const paid = {
      title: "Frog buys the moon",
      description: "A frog bought the moon for one SOL and a pond.",
      imageUrl: "https://cdn.example.com/frog.png",
      submittedBy: "Pond Labs",
      launchStatus: "launched",
      launchDate: "2025-06-01",
      transactionId: "5h6xBEauJ3PK6SWCredis1",
    };
    const send = () =>
      app.inject({
        method: "POST",
        url: "/api/headlines/paid-submission",
        payload: paid,
        remoteAddress: "203.0.113.60",
      });
    expect((await send()).statusCode).toBe(201);
    expect((await send()).statusCode).toBe(409);
    expect(await inspector.zcard(`${prefix}submissions:203.0.113.60`)).toBe(1);
  });

  describe("when Redis becomes unreachable", () => {
    let proxy: ReturnType<typeof tcpProxy>;
    let viaProxy: string;
    // Inside the hook: without TEST_REDIS_URL this block is skipped, but its body is still collected.
    beforeAll(async () => {
      const target = new URL(url);
      proxy = tcpProxy(target.hostname, Number(target.port || 6379));
      const viaProxyUrl = new URL(url);
      viaProxyUrl.port = String(await proxy.listen());
      viaProxy = viaProxyUrl.toString();
    });
    afterAll(() => proxy.close());

    it("keeps every limit on the database, logs a warning, and goes back to Redis when it returns", async () => {
      proxy.restore();
      const prefix = newPrefix();
      const { app, database, warnings } = await instance(viaProxy, prefix);
      await redisReady(app);
      await createAccount(database.db, "editor", "right-password-1", false);

      // Failures made while Redis answers are counted there, and recorded in the database too.
      for (let i = 0; i < 10; i += 1) {
        expect((await logIn(app, "editor", "wrong-password", "198.51.100.9")).statusCode).toBe(401);
      }
      expect(await inspector.zcard(`${prefix}login:user:editor`)).toBe(10);

      proxy.cut();
      // The limit does not open: the database remembers the ten failures.
      expect((await logIn(app, "editor", "right-password-1", "198.51.100.9")).statusCode).toBe(429);
      // Submissions are counted in the database: exactly the allowance, not one more.
      const answers = await Promise.all(Array.from({ length: 12 }, () => submit(app, "203.0.113.70")));
      expect(statuses(answers)).toEqual([...Array(10).fill(201), ...Array(2).fill(429)]);
      expect(warnings.join("\n")).toContain("redis unreachable");
      // The rest of the site does not depend on Redis.
      expect((await app.inject({ method: "GET", url: "/api/headlines" })).statusCode).toBe(200);

      proxy.restore();
      await redisReady(app);
      expect((await logIn(app, "other", "wrong-password", "198.51.100.200")).statusCode).toBe(401);
      expect(await inspector.zcard(`${prefix}login:user:other`)).toBe(1);
    });

    it("still counts what the database counted while Redis was away once Redis is back", async () => {
      proxy.restore();
      const prefix = newPrefix();
      const { app, database } = await instance(viaProxy, prefix);
      await redisReady(app);
      await createAccount(database.db, "editor", "right-password-1", false);
      const guess = () => logIn(app, "editor", "wrong-password", "198.51.100.50");
      const answers: number[] = [];
      const submissions: number[] = [];
      // Up: 5 of each, counted in Redis (and recorded in the database).
      for (let i = 0; i < 5; i += 1) {
        answers.push((await guess()).statusCode);
        submissions.push((await submit(app, "203.0.113.77")).statusCode);
      }
      // Down: 5 more of each, counted in the database only.
      proxy.cut();
      for (let i = 0; i < 5; i += 1) {
        answers.push((await guess()).statusCode);
        submissions.push((await submit(app, "203.0.113.77")).statusCode);
      }
      // Back: Redis holds 5 of each, the database 10; the limits stay shut.
      proxy.restore();
      await redisReady(app);
      for (let i = 0; i < 4; i += 1) {
        answers.push((await guess()).statusCode);
        submissions.push((await submit(app, "203.0.113.77")).statusCode);
      }
      expect(answers).toEqual([...Array(10).fill(401), ...Array(4).fill(429)]);
      expect(submissions).toEqual([...Array(10).fill(201), ...Array(4).fill(429)]);
      // Counted in Redis again, brought up to what the database holds.
      expect(await inspector.zcard(`${prefix}login:user:editor`)).toBe(10);
      expect(await inspector.zcard(`${prefix}submissions:203.0.113.77`)).toBe(10);
    });

    it("starts without Redis and enforces the limits on the database", async () => {
      proxy.cut();
      const { app, warnings } = await instance(viaProxy, newPrefix());
      const answers = await Promise.all(Array.from({ length: 12 }, () => submit(app, "203.0.113.80")));
      expect(statuses(answers)).toEqual([...Array(10).fill(201), ...Array(2).fill(429)]);
      expect(warnings.join("\n")).toContain("redis unreachable");
    });
  });
});
