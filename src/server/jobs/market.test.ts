import { describe, expect, it, vi } from "vitest";
import type { Db } from "../db/connect";
import { startIntervalJob, startMarketJob } from "./market";
import { startPaymentJob } from "./payments";

const silentLog = { error: vi.fn(), info: vi.fn(), warn: vi.fn() } as unknown as Parameters<
  typeof startIntervalJob
>[3];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("startIntervalJob", () => {
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
    await sleep(150);
    await stop();
    expect(running).toBe(0);
    expect(maxRunning).toBe(1);
    expect(passes).toBeGreaterThanOrEqual(2);
    expect(silentLog.error).toHaveBeenCalled();
    const after = passes;
    await sleep(30);
    expect(passes).toBe(after);
  });

  it("starts no job when its interval is 0 or payment checks are not configured", async () => {
    const db = {} as Db;
    const base = {
      dexscreenerBaseUrl: "https://api.dexscreener.com",
      jupiterBaseUrl: "https://lite-api.jup.ag",
    };
    await startMarketJob(db, { ...base, marketRefreshMinutes: 0 }, silentLog)();
    const payments = { solanaRpcUrl: undefined, paymentAddress: undefined, submissionPriceSol: 0.35 };
    await startPaymentJob(db, { ...payments, paymentCheckMinutes: 5 }, silentLog)();
  });
});
