import { describe, expect, it } from "vitest";
import { editionWords } from "./edition";
import { editionDate } from "./edition-date";

describe("edition words", () => {
  it("name the cycle by the schedule: no weekly promise on a daily paper", () => {
    expect(editionWords("daily")).toEqual({
      period: "Today's",
      winner: "Daily Winner Becomes a Meme Coin!",
    });
    expect(editionWords("weekly").period).toBe("This Week's");
    expect(editionWords("weekly").winner).toBe("Weekly Winner Becomes a Meme Coin!");
    expect(editionWords("custom").winner).not.toMatch(/weekly|daily/i);
    expect(editionWords(undefined)).toEqual(editionWords("daily"));
  });

  it("write an edition date the same way whatever the machine's time zone", () => {
    expect(editionDate("2026-11-23")).toBe("Monday, November 23, 2026");
    expect(editionDate("2026-01-01")).toBe("Thursday, January 1, 2026");
  });
});
