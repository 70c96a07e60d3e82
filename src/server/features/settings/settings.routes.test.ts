import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe("GET /api/settings", () => {
  it("answers the default cycle on a new database: voting ends tomorrow 7 PM Central, launch 9 PM Central", async () => {
    t = await createTestApp({}, new Date("2026-11-22T15:00:00Z"));
    const res = await t.app.inject({ method: "GET", url: "/api/settings" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      votingEndTime: "2026-11-24T01:00:00.000Z", // Nov 23, 19:00 CST
      launchTime: "2026-11-24T03:00:00.000Z", // Nov 23, 21:00 CST
      // The edition of the day whose evening this race closes (decisions, "Third wave").
      currentDay: "2026-11-23",
      scheduleMode: "daily",
      // No winner's launch is late (the autopilot's launch check, issue 30).
      launchDelayedFor: null,
    });
  });
});

describe("GET /api/payment-info", () => {
  it("answers 0.35 SOL by default", async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: "GET", url: "/api/payment-info" });
    expect(res.json()).toEqual({ submissionPrice: 0.35, paymentAddress: "" });
  });

  it("answers the configured price and address", async () => {
    t = await createTestApp({
      submissionPriceSol: 1.5,
      paymentAddress: "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM",
    });
    const res = await t.app.inject({ method: "GET", url: "/api/payment-info" });
    expect(res.json()).toEqual({
      submissionPrice: 1.5,
      paymentAddress: "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM",
    });
  });
});
