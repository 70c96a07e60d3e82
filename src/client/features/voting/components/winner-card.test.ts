import { describe, expect, it } from "vitest";
import { launchWords } from "./winner-card";

describe("the winner card's launch time (issue 31)", () => {
  const now = Date.parse("2026-11-27T11:00:00Z");

  it("says the spec's words on the daily schedule", () => {
    expect(launchWords({ scheduleMode: "daily", launchTime: "2026-11-28T03:00:00Z" }, now)).toBe(
      "Coming soon at 10PM Eastern...",
    );
    expect(launchWords(undefined, now)).toBe("Coming soon at 10PM Eastern...");
  });

  it("says the launch time staff set on a custom schedule, and the weekly one's, on the paper's clock", () => {
    expect(launchWords({ scheduleMode: "custom", launchTime: "2026-11-27T13:29:00Z" }, now)).toBe(
      "Coming soon: Friday, November 27 at 8:29 AM ET...",
    );
    expect(launchWords({ scheduleMode: "weekly", launchTime: "2026-11-30T00:00:00Z" }, now)).toBe(
      "Coming soon: Sunday, November 29 at 7:00 PM ET...",
    );
  });

  it("names no time once the set one has passed", () => {
    expect(launchWords({ scheduleMode: "custom", launchTime: "2026-11-27T10:00:00Z" }, now)).toBe(
      "Coming soon...",
    );
  });
});
