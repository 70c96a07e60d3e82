import type { ScheduleMode } from "./settings";

export interface EditionWords {
  /** "Today's" in "Vote on Today's Viral Headlines". */
  period: string;
  /** The hero's badge. */
  winner: string;
  /** The masthead's badge. */
  edition: string;
}

/**
 * The words that name the cycle, by the schedule staff chose: a daily paper never promises a weekly winner.
 * Until the settings arrive the daily words stand (the default schedule). No zod here: the shell uses it.
 */
const WORDS: Record<ScheduleMode, EditionWords> = {
  daily: { period: "Today's", winner: "Daily Winner Becomes a Meme Coin!", edition: "DAILY EDITION" },
  weekly: { period: "This Week's", winner: "Weekly Winner Becomes a Meme Coin!", edition: "WEEKLY EDITION" },
  custom: { period: "This Edition's", winner: "The Winner Becomes a Meme Coin!", edition: "SPECIAL EDITION" },
};

export function editionWords(mode: ScheduleMode | undefined): EditionWords {
  return WORDS[mode ?? "daily"];
}

/** "Monday, November 23, 2026" for an edition date (YYYY-MM-DD): the same words in every time zone. */
export function editionDate(day: string): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", {
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
}
