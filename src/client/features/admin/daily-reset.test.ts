import { describe, expect, it } from "vitest";
import { dailyResetCycle, dailyResetText } from "./daily-reset";

describe("dailyResetCycle", () => {
  it("sets today's 8 PM / 10 PM ET before 8 PM ET", () => {
    const now = new Date("2026-11-26T22:00:00.000Z"); // Thursday 5 PM EST
    expect(dailyResetCycle(now)).toEqual({
      cycle: {
        votingEndTime: new Date("2026-11-27T01:00:00.000Z"),
        launchTime: new Date("2026-11-27T03:00:00.000Z"),
      },
      tomorrow: false,
    });
  });

  it("sets tomorrow's once 8 PM ET has passed, across the November change", () => {
    const now = new Date("2026-11-01T00:30:00.000Z"); // Saturday Oct 31, 8:30 PM EDT
    expect(dailyResetCycle(now)).toEqual({
      cycle: {
        votingEndTime: new Date("2026-11-02T01:00:00.000Z"), // Sunday 8 PM EST
        launchTime: new Date("2026-11-02T03:00:00.000Z"),
      },
      tomorrow: true,
    });
  });
});

describe("dailyResetText", () => {
  it("states the times it sets, today", () => {
    expect(dailyResetText(new Date("2026-11-26T22:00:00.000Z"), "America/New_York")).toBe(
      "Voting closes today, Thursday, November 26 at 8:00 PM ET, and the coin launches Thursday, November 26 at 10:00 PM ET. The schedule switches to daily.",
    );
  });

  it("says tomorrow, with the dates, when pressed after 8 PM ET, and the reader's own time beside them", () => {
    // Friday 9 PM EST, across the March change: Saturday's 8 PM is EST, not yet EDT (that is Sunday's).
    expect(dailyResetText(new Date("2026-03-07T02:00:00.000Z"), "America/Los_Angeles")).toBe(
      "Today's 8 PM ET has passed, so voting closes tomorrow, Saturday, March 7 at 8:00 PM ET (5:00 PM your time), and the coin launches Saturday, March 7 at 10:00 PM ET (7:00 PM your time). The schedule switches to daily.",
    );
    expect(dailyResetText(new Date("2026-03-08T01:30:00.000Z"), "America/New_York")).toBe(
      "Today's 8 PM ET has passed, so voting closes tomorrow, Sunday, March 8 at 8:00 PM ET, and the coin launches Sunday, March 8 at 10:00 PM ET. The schedule switches to daily.",
    );
  });
});
