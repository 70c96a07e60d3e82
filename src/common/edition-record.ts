import { z } from "zod";

/** An edition's date in its address and API: `YYYY-MM-DD`, US Eastern. */
export const EDITION_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A real calendar date in YYYY-MM-DD form, the one check for every edition route (API, CSV, page, card):
 * 2026-02-30 and 9999-99-99 are not dates, and year 0000 is none either (PostgreSQL's calendar has no year
 * 0, so the database would refuse it with an error instead of finding no edition).
 */
export function isEditionDate(text: string): boolean {
  if (!EDITION_DATE.test(text) || text.startsWith("0000")) return false;
  const at = new Date(`${text}T12:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(text);
}

/** One headline of a race, as the edition records it. */
export const EditionEntrySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The headline's own page, `/h/{id}/{slug}`. */
  path: z.string(),
  /** Counted votes: the race's votes not voided by staff. */
  votes: z.number().int(),
  /** Votes staff voided, with their reasons (each once). */
  voided: z.number().int(),
  voidReasons: z.array(z.string()),
  /**
   * Removed by staff after votes were cast for it: still on the record with its votes, like a void, ranked
   * after the headlines still standing; its votes are not counted in the race's total, and it has no page.
   */
  removed: z.boolean(),
  /** 1 for the most voted (the tie rule of the cycle); every headline ranked. */
  rank: z.number().int(),
  isWinner: z.boolean(),
});
export type EditionEntry = z.infer<typeof EditionEntrySchema>;

/** The edition page's word on a race whose crown waits (issue 30); null once crowned or when nothing held it. */
export const EditionCrownSchema = z.object({
  status: z.enum(["proposed", "held", "awaiting"]),
  headlineId: z.number().int().nullable(),
  crownAt: z.string().nullable(),
  reason: z.string().nullable(),
});
export type EditionCrown = z.infer<typeof EditionCrownSchema>;

/** One race of the day: today's voting, and the Tomorrow's race that qualified the next day's headlines. */
export const EditionRaceSchema = z.object({
  /** The race's name: the instant it opened. */
  race: z.string(),
  closesAt: z.string(),
  /** Frozen at the close: these numbers never change again. Until then, the live standings. */
  final: z.boolean(),
  headlines: z.array(EditionEntrySchema),
  /** Moved to today's voting by "Move Top 4" during this race, with their Tomorrow's race counts. */
  qualifiers: z.array(EditionEntrySchema),
  /**
   * Why the race has no winner yet, when its crown waits (issue 30): proposed in its veto window, held for a
   * flagged burst, or awaiting the editors. Absent or null once crowned, and for a race nothing held.
   */
  crown: EditionCrownSchema.nullable().optional(),
});
export type EditionRace = z.infer<typeof EditionRaceSchema>;

/** `GET /api/editions/{date}`: the public record of one day (usually one race; a reset may add one). */
export const EditionRecordSchema = z.object({
  date: z.string(),
  races: z.array(EditionRaceSchema),
  /** The editions before and after this one, for the page's links; null at either end. */
  previous: z.string().nullable(),
  next: z.string().nullable(),
  /** Whether the paper launched (or is launching) this edition's coin: its receipt is /launch/{date}. */
  launched: z.boolean().optional(),
});
export type EditionRecord = z.infer<typeof EditionRecordSchema>;

/**
 * The CSV download's columns, one row per headline of each race. `race` says which vote the row counts
 * (today's or the Tomorrow's race); `raceOpened` and `closesAt` name the race itself (the JSON's `race` and
 * `closesAt`), so a day with two races (a reset) has two rank-1 rows that can be told apart; `isWinner` is
 * true or false, and so is `removed` (a headline staff removed, kept on the record with its votes). Columns are only ever added at the end: a sheet that reads them by position keeps working.
 */
export const EDITION_CSV_COLUMNS = [
  "id",
  "title",
  "race",
  "votes",
  "voided",
  "rank",
  "raceOpened",
  "closesAt",
  "isWinner",
  "removed",
] as const;
