import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import type { Db } from "../db/connect";
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
