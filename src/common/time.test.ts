import { describe, expect, it } from "vitest";
import { easternDay, isVotingOpen } from "./time";

describe("easternDay", () => {
  it("turns the day at midnight Eastern, in winter (UTC-5) and in summer (UTC-4)", () => {
    expect(easternDay(new Date("2026-11-23T04:59:59.999Z"))).toBe("2026-11-22");
    expect(easternDay(new Date("2026-11-23T05:00:00.000Z"))).toBe("2026-11-23");
    expect(easternDay(new Date("2026-07-01T03:59:59.999Z"))).toBe("2026-06-30");
    expect(easternDay(new Date("2026-07-01T04:00:00.000Z"))).toBe("2026-07-01");
  });

  it("keeps one day through the clock changes and across a year end", () => {
    expect(easternDay(new Date("2026-03-08T06:59:00Z"))).toBe("2026-03-08"); // 3:59 AM EDT, after the jump
    expect(easternDay(new Date("2026-11-01T05:30:00Z"))).toBe("2026-11-01"); // 1:30 AM EDT, before the fall back
    expect(easternDay(new Date("2027-01-01T04:59:59Z"))).toBe("2026-12-31");
  });

  it("answers from its per-hour memory exactly as Intl does, in order and out of order", () => {
    const intlDay = (at: Date) => at.toLocaleDateString("en-CA", { timeZone: "America/New_York" });
    // Every 10 minutes around both clock changes and a year end, forwards and then backwards.
    const instants: Date[] = [];
    for (const start of ["2026-03-07T00:00:00Z", "2026-10-31T00:00:00Z", "2026-12-31T00:00:00Z"]) {
      for (let m = 0; m < 3 * 24 * 60; m += 10) instants.push(new Date(Date.parse(start) + m * 60_000));
    }
    for (const at of [...instants, ...instants.reverse()])
      expect(easternDay(at), at.toISOString()).toBe(intlDay(at));
  });
});

describe("isVotingOpen", () => {
  it("says voting is over at the end time exactly", () => {
    expect(isVotingOpen("2026-11-22T20:00:00.000Z", new Date("2026-11-22T19:59:59.999Z"))).toBe(true);
    expect(isVotingOpen("2026-11-22T20:00:00.000Z", new Date("2026-11-22T20:00:00.000Z"))).toBe(false);
  });
});
