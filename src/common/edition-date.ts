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
