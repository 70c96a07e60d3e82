import { describe, expect, it } from "vitest";
import {
  easternDay,
  formatEastern,
  formatEasternClock,
  formatEasternDay,
  isVotingOpen,
  localTimeBeside,
  nextEasternMidnight,
} from "./time";
import { formatEasternEt, withLocalTime } from "./time-text";

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

describe("formatEastern", () => {
  it("states a cycle time on the paper's clock, written ET, in winter and in summer", () => {
    expect(formatEastern("2026-11-24T01:00:00.000Z")).toBe("Monday, November 23 at 8:00 PM ET"); // EST
    expect(formatEastern("2026-07-14T00:00:00.000Z")).toBe("Monday, July 13 at 8:00 PM ET"); // EDT
    expect(formatEasternClock("2026-11-24T01:00:00.000Z")).toBe("8:00 PM ET");
    expect(formatEasternEt("2026-11-24T01:00:00.000Z")).toBe("Nov 23, 2026, 8:00 PM ET");
  });

  it("follows the March change: 8 PM ET is 01:00 UTC before it and 00:00 UTC after it", () => {
    expect(formatEastern("2026-03-08T01:00:00.000Z")).toBe("Saturday, March 7 at 8:00 PM ET");
    expect(formatEastern("2026-03-09T00:00:00.000Z")).toBe("Sunday, March 8 at 8:00 PM ET");
    // The instant of the jump: 1:59 AM EST, then 3:00 AM EDT.
    expect(formatEasternClock("2026-03-08T06:59:00.000Z")).toBe("1:59 AM ET");
    expect(formatEasternClock("2026-03-08T07:00:00.000Z")).toBe("3:00 AM ET");
  });

  it("follows the November change, 1:30 AM ET coming twice", () => {
    expect(formatEastern("2026-11-01T00:00:00.000Z")).toBe("Saturday, October 31 at 8:00 PM ET");
    expect(formatEastern("2026-11-02T01:00:00.000Z")).toBe("Sunday, November 1 at 8:00 PM ET");
    expect(formatEasternClock("2026-11-01T05:30:00.000Z")).toBe("1:30 AM ET");
    expect(formatEasternClock("2026-11-01T06:30:00.000Z")).toBe("1:30 AM ET");
  });

  it("says the Eastern calendar day, not UTC's", () => {
    expect(formatEasternDay("2026-11-24T03:00:00.000Z")).toBe("November 23, 2026");
    expect(formatEasternDay("2026-11-24T03:00:00.000Z", "short")).toBe("Nov 23, 2026");
  });
});

describe("localTimeBeside", () => {
  const winter8pm = "2026-11-24T01:00:00.000Z"; // Monday 8 PM EST
  const summer8pm = "2026-07-14T00:00:00.000Z"; // Monday 8 PM EDT

  it("says nothing where the reader's clock reads as Eastern's", () => {
    expect(localTimeBeside(winter8pm, "America/New_York")).toBeNull();
    expect(localTimeBeside(winter8pm, "America/Toronto")).toBeNull();
    expect(localTimeBeside(summer8pm, "America/Detroit")).toBeNull();
    expect(localTimeBeside(winter8pm, undefined)).toBeNull();
    expect(localTimeBeside(winter8pm, "Not/AZone")).toBeNull();
  });

  it("gives the reader's time on the same day", () => {
    expect(localTimeBeside(winter8pm, "America/Chicago")).toBe("(7:00 PM your time)");
    expect(localTimeBeside(winter8pm, "America/Los_Angeles")).toBe("(5:00 PM your time)");
    expect(localTimeBeside(summer8pm, "America/Los_Angeles")).toBe("(5:00 PM your time)");
  });

  it("names the reader's day when it is not Eastern's", () => {
    expect(localTimeBeside(winter8pm, "Asia/Tokyo")).toBe("(Tuesday 10:00 AM your time)");
    expect(localTimeBeside(winter8pm, "Europe/London")).toBe("(Tuesday 1:00 AM your time)");
    expect(localTimeBeside(summer8pm, "Europe/Berlin")).toBe("(Tuesday 2:00 AM your time)");
  });

  it("compares offsets at the instant: Phoenix matches Eastern in neither season but differs by 3 h or 2 h", () => {
    expect(localTimeBeside(winter8pm, "America/Phoenix")).toBe("(6:00 PM your time)");
    expect(localTimeBeside(summer8pm, "America/Phoenix")).toBe("(5:00 PM your time)");
  });

  it("follows the weeks where Europe and the US change on different days (March and October/November)", () => {
    // March 9-28, 2026: New York is on EDT (UTC-4), London still on GMT: 4 hours apart, not 5.
    expect(localTimeBeside("2026-03-17T00:00:00.000Z", "Europe/London")).toBe("(Tuesday 12:00 AM your time)");
    expect(localTimeBeside("2026-03-31T00:00:00.000Z", "Europe/London")).toBe("(Tuesday 1:00 AM your time)");
    // October 25 - November 1, 2026: London back on GMT, New York still on EDT.
    expect(localTimeBeside("2026-10-28T00:00:00.000Z", "Europe/London")).toBe(
      "(Wednesday 12:00 AM your time)",
    );
    expect(localTimeBeside("2026-11-04T01:00:00.000Z", "Europe/London")).toBe(
      "(Wednesday 1:00 AM your time)",
    );
  });

  it("sets it beside the Eastern text", () => {
    expect(withLocalTime(winter8pm, "America/Los_Angeles")).toBe(
      "Monday, November 23 at 8:00 PM ET (5:00 PM your time)",
    );
    expect(withLocalTime(winter8pm, "America/New_York")).toBe("Monday, November 23 at 8:00 PM ET");
    expect(withLocalTime(winter8pm, "Asia/Tokyo", formatEasternEt)).toBe(
      "Nov 23, 2026, 8:00 PM ET (Tuesday 10:00 AM your time)",
    );
  });
});

describe("nextEasternMidnight", () => {
  it("is the next midnight ET, across both clock changes", () => {
    expect(nextEasternMidnight(new Date("2026-11-24T01:00:00.000Z")).toISOString()).toBe(
      "2026-11-24T05:00:00.000Z",
    );
    expect(nextEasternMidnight(new Date("2026-07-14T00:00:00.000Z")).toISOString()).toBe(
      "2026-07-14T04:00:00.000Z",
    );
    // Saturday March 7, 11 PM EST: the next midnight is still EST; the one after is EDT.
    expect(nextEasternMidnight(new Date("2026-03-08T04:00:00.000Z")).toISOString()).toBe(
      "2026-03-08T05:00:00.000Z",
    );
    expect(nextEasternMidnight(new Date("2026-03-08T05:00:00.000Z")).toISOString()).toBe(
      "2026-03-09T04:00:00.000Z",
    );
    // Sunday November 1 is 25 hours long.
    expect(nextEasternMidnight(new Date("2026-11-01T04:00:00.000Z")).toISOString()).toBe(
      "2026-11-02T05:00:00.000Z",
    );
  });
});
