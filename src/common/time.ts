/*
 * Instants, zones and their display, with the platform's Intl only: the front page uses this module, and the
 * time-zone arithmetic of the schedule (@date-fns/tz) stays out of its first load.
 */
export const EASTERN = "America/New_York";
export const CENTRAL = "America/Chicago";

const easternDate = new Intl.DateTimeFormat("en-US", {
  timeZone: EASTERN,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

const HOUR_MS = 3_600_000;
/** The last day worked out, by the UTC hour it was asked for. */
let lastDay: { hour: number; day: string } | undefined;

/**
 * The calendar day (YYYY-MM-DD) in US Eastern time: the edition date and the vote-limit day. Every vote asks
 * for it, and Intl's formatToParts costs about as much as the rest of the vote's JavaScript: the answer is
 * kept per UTC hour, within which it cannot change (Eastern time is always a whole number of hours from
 * UTC, so its midnight falls on a UTC hour).
 */
export function easternDay(at: Date): string {
  const hour = Math.floor(at.getTime() / HOUR_MS);
  if (lastDay?.hour === hour) return lastDay.day;
  const parts = easternDate.formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  const day = `${part("year")}-${part("month")}-${part("day")}`;
  lastDay = { hour, day };
  return day;
}

/**
 * The next midnight Eastern after `at`: when the daily vote limit starts again. Eastern's midnight falls on
 * a UTC hour, so it is the first whole hour whose Eastern day is another (25 steps at most).
 */
export function nextEasternMidnight(at: Date): Date {
  const today = easternDay(at);
  let hour = Math.floor(at.getTime() / HOUR_MS) + 1;
  while (easternDay(new Date(hour * HOUR_MS)) === today) hour++;
  return new Date(hour * HOUR_MS);
}

/** Voting is open until its end time, exclusive. */
export function isVotingOpen(votingEndTime: Date | string, now: Date): boolean {
  return now.getTime() < new Date(votingEndTime).getTime();
}

/** "Monday, November 23 at 8:00 PM ET": a cycle time (a close, a launch) on the paper's clock. */
export function formatEastern(at: Date | string): string {
  const d = new Date(at);
  const day = d.toLocaleDateString("en-US", {
    timeZone: EASTERN,
    weekday: "long",
    month: "long",
    day: "numeric",
  });
  return `${day} at ${formatEasternClock(d)}`;
}

/** "8:00 PM ET": the time of day alone, on the paper's clock (a list of votes within one day). */
export function formatEasternClock(at: Date | string): string {
  const time = new Date(at).toLocaleTimeString("en-US", {
    timeZone: EASTERN,
    hour: "numeric",
    minute: "2-digit",
  });
  return `${time} ET`;
}

/** "November 23, 2026": the calendar day of a moment in Eastern, whatever the reader's or the server's zone. */
export function formatEasternDay(at: Date | string, month: "long" | "short" = "long"): string {
  return new Date(at).toLocaleDateString("en-US", {
    timeZone: EASTERN,
    year: "numeric",
    month,
    day: "numeric",
  });
}

/**
 * "(5:00 PM your time)", or "(Tuesday 10:00 AM your time)" when the reader's calendar day is not Eastern's:
 * the reader's own time beside an Eastern one, or null when their clock reads the same at that instant
 * (compared by offset at that instant, so New York, Toronto and Detroit say nothing, and Phoenix says
 * something only in summer). The zone is a parameter (the browser's, from `localTimeZone()`), so the rule
 * is tested for any zone without changing the process's.
 */
export function localTimeBeside(
  at: Date | string,
  localZone: string | undefined,
  eastern: string = EASTERN,
): string | null {
  // Self-contained (nothing from this module but the default above): the page's first paint runs this very
  // function's text before the app's JavaScript arrives, passing `eastern` (features/share/first-paint.ts).
  const d = new Date(at);
  // The same wall clock at that instant is the same offset; an unknown zone (RangeError) says nothing.
  const wall = (zone: string) => d.toLocaleString("en-US", { timeZone: zone });
  try {
    if (!localZone || wall(localZone) === wall(eastern)) return null;
  } catch {
    return null;
  }
  const time = d.toLocaleTimeString("en-US", { timeZone: localZone, hour: "numeric", minute: "2-digit" });
  const day = d.toLocaleDateString("en-US", { timeZone: localZone, weekday: "long" });
  return `(${day === d.toLocaleDateString("en-US", { timeZone: eastern, weekday: "long" }) ? "" : `${day} `}${time} your time)`;
}

/**
 * The reader's time zone, as the browser knows it. Undefined on the server, which draws a page's first paint
 * for every visitor at once (decision 014): it never knows the reader's zone, and its own must never show.
 */
export function localTimeZone(): string | undefined {
  if (typeof window === "undefined") return undefined;
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The one-hour reminder (Telegram's and the browser's) goes out this long before voting closes. */
export const REMINDER_BEFORE_CLOSE_MS = 60 * 60_000;

/** "7:00 PM ET" (with the day when it is not today in Eastern): the close in reminders. */
export function easternTime(at: Date, now: Date): string {
  const day = (d: Date) => d.toLocaleDateString("en-US", { timeZone: EASTERN });
  const time = at.toLocaleTimeString("en-US", { timeZone: EASTERN, hour: "numeric", minute: "2-digit" });
  if (day(at) === day(now)) return `${time} ET`;
  const date = at.toLocaleDateString("en-US", {
    timeZone: EASTERN,
    weekday: "short",
    month: "short",
    day: "numeric",
  });
  return `${date}, ${time} ET`;
}
