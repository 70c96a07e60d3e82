import { describe, expect, it } from "vitest";
import { noVotesLeft } from "./votes-left";

describe("noVotesLeft", () => {
  const evening = new Date("2026-11-24T01:00:00.000Z"); // Monday 8 PM EST

  it("says the limit starts again at midnight ET", () => {
    expect(noVotesLeft(evening, "America/New_York")).toBe(
      "No votes left today (10 a day). More at midnight ET.",
    );
  });

  it("gives the visitor's own time of that midnight when it differs", () => {
    expect(noVotesLeft(evening, "America/Los_Angeles")).toBe(
      "No votes left today (10 a day). More at midnight ET (Monday 9:00 PM your time).",
    );
    expect(noVotesLeft(evening, "Asia/Tokyo")).toBe(
      "No votes left today (10 a day). More at midnight ET (2:00 PM your time).",
    );
  });
});
