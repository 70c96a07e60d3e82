import { describe, expect, it } from "vitest";
import { customCycle, dailyCycle, defaultCycle, nextCycle, weeklyCycle } from "./schedule";

const iso = (d: Date) => d.toISOString();

describe("schedule", () => {
  it("defaults to launch tomorrow 9 PM Central and voting end 7 PM Central", () => {
    const c = defaultCycle(new Date("2026-11-22T15:00:00Z")); // CST = UTC-6
    expect(iso(c.votingEndTime)).toBe("2026-11-24T01:00:00.000Z");
    expect(iso(c.launchTime)).toBe("2026-11-24T03:00:00.000Z");
  });

  it("sets today's 8 PM / 10 PM Eastern in winter and in summer", () => {
    const winter = dailyCycle(new Date("2026-01-15T12:00:00Z")); // EST = UTC-5
    expect(iso(winter.votingEndTime)).toBe("2026-01-16T01:00:00.000Z");
    expect(iso(winter.launchTime)).toBe("2026-01-16T03:00:00.000Z");
    const summer = dailyCycle(new Date("2026-07-15T12:00:00Z")); // EDT = UTC-4
    expect(iso(summer.votingEndTime)).toBe("2026-07-16T00:00:00.000Z");
    expect(iso(summer.launchTime)).toBe("2026-07-16T02:00:00.000Z");
  });

  it("uses the Eastern calendar day, not the UTC one, late in the evening", () => {
    // 23:30 Eastern on Nov 22 is already Nov 23 in UTC.
    const c = dailyCycle(new Date("2026-11-23T04:30:00Z"));
    expect(iso(c.votingEndTime)).toBe("2026-11-23T01:00:00.000Z");
  });

  it("finds the next Monday 7 PM Central across the spring DST change", () => {
    // Sunday Mar 8 2026 is the change to CDT (UTC-5); the next Monday is Mar 9.
    const c = weeklyCycle(new Date("2026-03-07T18:00:00Z"));
    expect(iso(c.launchTime)).toBe("2026-03-10T00:00:00.000Z"); // Mar 9, 19:00 CDT
    expect(iso(c.votingEndTime)).toBe("2026-03-09T22:00:00.000Z"); // Mar 9, 17:00 CDT
  });

  it("finds the next Monday 7 PM Central across the autumn DST change", () => {
    // Sunday Nov 1 2026 is the change back to CST (UTC-6); the next Monday is Nov 2.
    const c = weeklyCycle(new Date("2026-10-31T18:00:00Z"));
    expect(iso(c.launchTime)).toBe("2026-11-03T01:00:00.000Z"); // Nov 2, 19:00 CST
    expect(iso(c.votingEndTime)).toBe("2026-11-02T23:00:00.000Z");
  });

  it("keeps a Monday before 5 PM Central and moves a later Monday a week on", () => {
    expect(iso(weeklyCycle(new Date("2026-11-23T20:00:00Z")).launchTime)).toBe("2026-11-24T01:00:00.000Z");
    expect(iso(weeklyCycle(new Date("2026-11-23T23:30:00Z")).launchTime)).toBe("2026-12-01T01:00:00.000Z");
  });

  it("ends voting 2 hours before a custom launch", () => {
    const c = customCycle(new Date("2026-12-01T18:30:00Z"));
    expect(iso(c.votingEndTime)).toBe("2026-12-01T16:30:00.000Z");
  });

  it("rolls a daily cycle to the next day and catches up after downtime", () => {
    const closed = dailyCycle(new Date("2026-11-22T12:00:00Z"));
    const next = nextCycle("daily", closed, new Date("2026-11-23T01:00:01Z"));
    expect(iso(next?.votingEndTime as Date)).toBe("2026-11-24T01:00:00.000Z");
    const afterDowntime = nextCycle("daily", closed, new Date("2026-11-26T12:00:00Z"));
    expect(iso(afterDowntime?.votingEndTime as Date)).toBe("2026-11-27T01:00:00.000Z");
    expect(nextCycle("custom", closed, new Date())).toBeNull();
  });

  it("rolls a daily cycle across the spring change keeping 8 PM Eastern", () => {
    const closed = dailyCycle(new Date("2026-03-07T15:00:00Z")); // Sat Mar 7, EST
    const next = nextCycle("daily", closed, new Date("2026-03-08T01:00:01Z"));
    expect(iso(next?.votingEndTime as Date)).toBe("2026-03-09T00:00:00.000Z"); // Sun Mar 8, 20:00 EDT
  });
});
