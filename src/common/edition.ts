import type { ScheduleMode } from "./settings";

export interface EditionWords {
  /** "Today's" in "Vote on Today's Viral Headlines". */
  period: string;
  /** The hero's badge. */
  winner: string;
}

/**
 * The words that name the cycle, by the schedule staff chose: a daily paper never promises a weekly winner.
 * Until the settings arrive the daily words stand (the default schedule). The masthead's badge is its own.
 */
const WORDS: Record<ScheduleMode, EditionWords> = {
  daily: { period: "Today's", winner: "Daily Winner Becomes a Meme Coin!" },
  weekly: { period: "This Week's", winner: "Weekly Winner Becomes a Meme Coin!" },
  custom: { period: "This Edition's", winner: "The Winner Becomes a Meme Coin!" },
};

export function editionWords(mode: ScheduleMode | undefined): EditionWords {
  return WORDS[mode ?? "daily"];
}
