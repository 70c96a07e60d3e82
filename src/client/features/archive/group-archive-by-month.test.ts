import { describe, expect, it } from "vitest";
import type { ArchiveEntry } from "@/common/archive";
import { archiveDay, formatArchiveDay, groupArchiveByMonth, memeCoinLabel } from "./group-archive-by-month";

function entry(id: number, launchDate: string): ArchiveEntry {
  return {
    id,
    title: `Headline ${id}`,
    description: null,
    imageUrl: null,
    votes: id,
    memeCoin: null,
    launchDate,
  };
}

describe("groupArchiveByMonth", () => {
  it("makes one tab per month-year, latest month first", () => {
    const months = groupArchiveByMonth([
      entry(1, "2026-10-30"),
      entry(2, "2026-11-02"),
      entry(3, "2025-12-31"),
      entry(4, "2026-11-20"),
    ]);
    expect(months.map((m) => m.label)).toEqual(["November 2026", "October 2026", "December 2025"]);
    expect(months.map((m) => m.key)).toEqual(["2026-11", "2026-10", "2025-12"]);
  });

  it("orders the days of a month latest first", () => {
    const [november] = groupArchiveByMonth([
      entry(1, "2026-11-02"),
      entry(2, "2026-11-20"),
      entry(3, "2026-11-09"),
    ]);
    expect(november?.entries.map((e) => e.id)).toEqual([2, 3, 1]);
  });

  it("reads the day as text, so the first of a month never slips into the previous month", () => {
    const [month] = groupArchiveByMonth([entry(1, "2026-03-01")]);
    expect(month?.label).toBe("March 2026");
  });

  it("accepts a full timestamp and puts unreadable dates in a last 'Undated' tab", () => {
    const months = groupArchiveByMonth([entry(1, "not a date"), entry(2, "2026-01-05T03:00:00Z")]);
    expect(months.map((m) => m.label)).toEqual(["January 2026", "Undated"]);
  });

  it("gives no tabs for an empty archive", () => {
    expect(groupArchiveByMonth([])).toEqual([]);
  });
});

describe("formatArchiveDay", () => {
  it("writes the day in English without a time-zone shift", () => {
    expect(formatArchiveDay("2026-11-03")).toBe("Nov 3, 2026");
    expect(formatArchiveDay("2026-11-03", "long")).toBe("November 3, 2026");
    expect(formatArchiveDay("garbage")).toBe("garbage");
  });
});

describe("memeCoinLabel", () => {
  it("shows the symbol, or the title when there is none, never a dash", () => {
    expect(memeCoinLabel({ title: "Frog Wins", memeCoin: "FROG" })).toBe("FROG");
    expect(memeCoinLabel({ title: "Frog Wins", memeCoin: "Frog Wins" })).toBe("Frog Wins");
    expect(memeCoinLabel({ title: "Frog Wins", memeCoin: null })).toBe("Frog Wins");
    expect(memeCoinLabel({ title: "Frog Wins", memeCoin: " " })).toBe("Frog Wins");
  });
});

describe("archiveDay", () => {
  it("dates an entry by the edition that crowned it, the stored day only when there is none", () => {
    // The Nov 24 winner moved to Yesterday's News on the Nov 26 edition: stored as Nov 27, shown as Nov 24.
    expect(archiveDay({ editionDate: "2026-11-24", launchDate: "2026-11-27" })).toBe("2026-11-24");
    expect(archiveDay({ editionDate: null, launchDate: "2026-11-27" })).toBe("2026-11-27");
    expect(archiveDay({ launchDate: "2026-11-27" })).toBe("2026-11-27");
  });

  it("groups and orders by that day, across a month boundary", () => {
    const entries = [
      {
        id: 1,
        title: "A",
        description: null,
        imageUrl: null,
        votes: 1,
        memeCoin: null,
        launchDate: "2026-12-01",
        editionDate: "2026-11-30",
      },
      {
        id: 2,
        title: "B",
        description: null,
        imageUrl: null,
        votes: 1,
        memeCoin: null,
        launchDate: "2026-11-29",
        editionDate: null,
      },
      {
        id: 3,
        title: "C",
        description: null,
        imageUrl: null,
        votes: 1,
        memeCoin: null,
        launchDate: "2026-12-02",
        editionDate: null,
      },
    ];
    const months = groupArchiveByMonth(entries);
    expect(months.map((m) => [m.key, m.entries.map((e) => e.id)])).toEqual([
      ["2026-12", [3]],
      ["2026-11", [1, 2]],
    ]);
  });
});
