import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import pino from "pino";
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { type Db, openPostgres } from "../db/connect";
import { runCycle } from "../features/votes/cycle.service";
import { freePort } from "../test/free-port";
import { createTestDatabase } from "../test/test-app";
import { claimJobRun, startIntervalJob } from "./interval-job";
import { startMarketJob } from "./market";
import { startPaymentJob } from "./payments";

const silentLog = { error: vi.fn(), info: vi.fn(), warn: vi.fn() } as unknown as Parameters<
  typeof startIntervalJob
>[3];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("startIntervalJob", () => {
  // The job's timers and the passes' sleeps run on fake time: no real waiting, the same on a busy machine.
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it("never runs two passes at once, logs errors instead of throwing, and waits for a running pass on stop", async () => {
    let running = 0;
    let maxRunning = 0;
    let passes = 0;
    const stop = startIntervalJob(
      "test job",
      5,
      async () => {
        running += 1;
        maxRunning = Math.max(maxRunning, running);
        passes += 1;
        await sleep(30);
        running -= 1;
        if (passes === 1) throw new Error("first pass fails");
      },
      silentLog,
    );
    await vi.advanceTimersByTimeAsync(150);
    const stopped = stop();
    await vi.advanceTimersByTimeAsync(30);
    await stopped;
    expect(running).toBe(0);
    expect(maxRunning).toBe(1);
    expect(passes).toBeGreaterThanOrEqual(2);
    expect(silentLog.error).toHaveBeenCalled();
    const after = passes;
    await vi.advanceTimersByTimeAsync(30);
    expect(passes).toBe(after);
  });

  it("starts no job when its interval is 0", async () => {
    const db = {} as Db;
    const base = {
      dexscreenerBaseUrl: "https://api.dexscreener.com",
      jupiterBaseUrl: "https://lite-api.jup.ag",
    };
    // An empty database handle: a pass that ran would throw on it, and log an error.
    await startMarketJob(db, { ...base, marketRefreshMinutes: 0 }, silentLog)();
    const checks = { pass: vi.fn() } as unknown as Parameters<typeof startPaymentJob>[2];
    await startPaymentJob(db, { paymentCheckMinutes: 0 }, checks, silentLog)();
    expect(checks.pass).not.toHaveBeenCalled();
  });
});

describe("claimJobRun", () => {
  it("gives each interval's pass to one caller, and the next one once it is due", async () => {
    const database = await createTestDatabase();
    try {
      const { db } = database;
      const claims = await Promise.all(
        Array.from({ length: 8 }, () => claimJobRun(db, "market refresh", 60_000)),
      );
      expect(claims.filter(Boolean)).toHaveLength(1);
      // Another job has its own schedule.
      const payment = await claimJobRun(db, "payment check", 60_000);
      expect(payment).not.toBeNull();
      expect(await claimJobRun(db, "market refresh", 60_000)).toBeNull();
      await db.execute(sql`UPDATE job_runs SET next_run_at = now() - interval '1 second'`);
      const again = await claimJobRun(db, "market refresh", 60_000);
      expect(again).not.toBeNull();
      for (const lease of [...claims, payment, again]) lease?.release();
    } finally {
      await database.close();
    }
  });

  it("holds the lease while a pass outlasts its interval, so no other process starts one beside it", async () => {
    const database = await createTestDatabase();
    try {
      const { db } = database;
      // A 1 s interval: the lease is 0.9 s, renewed every 0.3 s while the pass runs.
      const lease = await claimJobRun(db, "slow pass", 1_000);
      expect(lease).not.toBeNull();
      const others: Array<Awaited<ReturnType<typeof claimJobRun>>> = [];
      for (let i = 0; i < 6; i += 1) {
        await new Promise((r) => setTimeout(r, 400));
        others.push(await claimJobRun(db, "slow pass", 1_000));
      }
      expect(others.filter(Boolean)).toEqual([]); // 2.4 s: well past the first lease
      lease?.release();
      await new Promise((r) => setTimeout(r, 1_200));
      const next = await claimJobRun(db, "slow pass", 1_000);
      expect(next).not.toBeNull();
      next?.release();
    } finally {
      await database.close();
    }
  });

  it("is what lets a process run a pass: a refused claim skips it", async () => {
    vi.useFakeTimers();
    onTestFinished(() => void vi.useRealTimers());
    let passes = 0;
    const stop = startIntervalJob(
      "claimed job",
      5,
      async () => {
        passes += 1;
      },
      silentLog,
      { claim: async () => null },
    );
    await vi.advanceTimersByTimeAsync(50);
    await stop();
    expect(passes).toBe(0);
  });
});

describe("a job during a database outage", () => {
  it("logs one short line per 10 s per job: no stack, no SQL, the shape requests use", async () => {
    // A real outage: a pool pointed at a port nobody listens on (ECONNREFUSED, wrapped by drizzle with the
    // query's text), running the cycle job's own work.
    const database = openPostgres(`postgres://postgres@127.0.0.1:${await freePort()}/gone`, 2);
    onTestFinished(() => database.close());
    const lines: Array<Record<string, unknown>> = [];
    const log = pino(
      { level: "info" },
      new Writable({
        write(chunk, _enc, done) {
          lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
          done();
        },
      }),
    );
    // Only the clock the log's window reads is fake: the passes and the sockets run for real.
    vi.useFakeTimers({ toFake: ["Date"] });
    onTestFinished(() => void vi.useRealTimers());
    let failed = 0;
    const cycle = async () => {
      await runCycle(database.db, new Date()).catch((error: unknown) => {
        failed += 1;
        throw error;
      });
    };
    const stops = [
      startIntervalJob("cycle job", 10, cycle, log, { runAtStart: true }),
      startIntervalJob("market refresh", 10, cycle, log, { runAtStart: true }),
    ];
    await vi.waitFor(() => expect(failed).toBeGreaterThanOrEqual(20), { timeout: 10_000, interval: 20 });
    const errors = () => lines.filter((l) => l.level === 50);
    expect(
      errors()
        .map((l) => l.job)
        .sort(),
    ).toEqual(["cycle job", "market refresh"]);
    vi.setSystemTime(Date.now() + 10_001);
    const before = failed;
    await vi.waitFor(() => expect(failed).toBeGreaterThanOrEqual(before + 10), {
      timeout: 10_000,
      interval: 20,
    });
    await Promise.all(stops.map((stop) => stop()));
    expect(errors()).toHaveLength(4);
    for (const line of errors()) {
      expect(line).toMatchObject({ failure: "database unreachable", code: "ECONNREFUSED" });
      expect(line.err).toBeUndefined();
      const text = JSON.stringify(line);
      expect(text).not.toMatch(/select|update|insert| {4}at /i);
      expect(text.length).toBeLessThan(400);
      expect(line.msg).toMatch(/^(cycle job|market refresh) failed: database unreachable/);
    }
    expect(errors()[2]?.unloggedSince).toBeGreaterThan(0);
  });
});
