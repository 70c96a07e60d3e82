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

/** Voting is open until its end time, exclusive. */
export function isVotingOpen(votingEndTime: Date | string, now: Date): boolean {
  return now.getTime() < new Date(votingEndTime).getTime();
}

/** "Monday, November 23 at 7:00 PM CST": a cycle time as the hero states it, in Central time. */
export function formatCentral(at: Date | string): string {
  const d = new Date(at);
  const day = d.toLocaleDateString("en-US", {
    timeZone: "America/Chicago",
    weekday: "long",
    month: "long",
    day: "numeric",
  });
  const time = d.toLocaleTimeString("en-US", {
    timeZone: "America/Chicago",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  });
  return `${day} at ${time}`;
}

/** "Nov 26, 2026, 3:04:05 PM EST": a logged moment, in the paper's clock (US Eastern), to the second. */
export function formatEasternStamp(at: Date | string): string {
  return new Date(at).toLocaleString("en-US", {
    timeZone: EASTERN,
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    second: "2-digit",
    timeZoneName: "short",
  });
}

/** "Nov 26, 2026, 3:04 PM ET": a moment in the paper's clock, the zone written "ET" (decisions, "Third wave"). */
export function formatEasternEt(at: Date | string): string {
  const stamp = new Date(at).toLocaleString("en-US", {
    timeZone: EASTERN,
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });
  return `${stamp} ET`;
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
