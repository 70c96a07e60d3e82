/**
 * One formatter for every edition date: `toLocaleDateString` builds a new one on each call (~50 µs on the
 * server, where every page head and first paint names its edition: ~140 ms a minute of a crowd's CPU).
 */
const EDITION_DATE = new Intl.DateTimeFormat("en-US", {
  weekday: "long",
  year: "numeric",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});

/** "Monday, November 23, 2026" for an edition date (YYYY-MM-DD): the same words in every time zone. */
export function editionDate(day: string): string {
  return EDITION_DATE.format(new Date(`${day}T12:00:00Z`));
}
