import type { ArchiveEntry } from "@/common/archive";

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

export interface ArchiveMonth {
  /** "2026-11", or "undated" for entries whose launch date cannot be read. */
  key: string;
  /** "November 2026" */
  label: string;
  entries: ArchiveEntry[];
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})/;

/**
 * The day an entry is shown and grouped under: the edition whose race crowned it (issue 23: a winner moved
 * days later is not dated by that later cycle's launch), or, for entries no race counted, the stored day.
 */
export function archiveDay(entry: Pick<ArchiveEntry, "editionDate" | "launchDate">): string {
  return entry.editionDate ?? entry.launchDate;
}

/**
 * Groups the archive into month tabs, latest month first, latest day first inside a month, by archiveDay. The
 * day is an Eastern calendar day (YYYY-MM-DD), so it is read as text: going through Date would move it
 * to the previous day west of UTC.
 */
export function groupArchiveByMonth(entries: readonly ArchiveEntry[]): ArchiveMonth[] {
  const months = new Map<string, ArchiveMonth>();
  for (const entry of entries) {
    const match = DAY.exec(archiveDay(entry));
    const monthIndex = match ? Number(match[2]) - 1 : -1;
    const valid = match && monthIndex >= 0 && monthIndex < 12;
    const key = valid ? `${match[1]}-${match[2]}` : "undated";
    const label = valid ? `${MONTHS[monthIndex]} ${match[1]}` : "Undated";
    let month = months.get(key);
    if (!month) {
      month = { key, label, entries: [] };
      months.set(key, month);
    }
    month.entries.push(entry);
  }
  for (const month of months.values()) {
    month.entries.sort((a, b) => archiveDay(b).localeCompare(archiveDay(a)) || b.id - a.id);
  }
  // "undated" sorts after every "YYYY-MM" key in descending order, so it lands last.
  return [...months.values()].sort((a, b) => {
    if (a.key === "undated") return 1;
    if (b.key === "undated") return -1;
    return b.key.localeCompare(a.key);
  });
}

/** "Nov 3, 2026" from "2026-11-03"; the raw text when it is not a calendar day. */
export function formatArchiveDay(launchDate: string, month: "short" | "long" = "short"): string {
  const match = DAY.exec(launchDate);
  if (!match) return launchDate;
  const name = MONTHS[Number(match[2]) - 1];
  if (!name) return launchDate;
  return `${month === "short" ? name.slice(0, 3) : name} ${Number(match[3])}, ${match[1]}`;
}

/**
 * The Meme Coin column: the coin's symbol, or the headline's title when it has none (entries written
 * without a symbol stored the title in its place, or nothing); never "—" (issue 23).
 */
export function memeCoinLabel(entry: Pick<ArchiveEntry, "memeCoin" | "title">): string {
  const coin = entry.memeCoin?.trim() ?? "";
  return coin === "" ? entry.title : coin;
}
