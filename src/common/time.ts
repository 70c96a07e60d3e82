import { TZDate } from "@date-fns/tz";

export const EASTERN = "America/New_York";
export const CENTRAL = "America/Chicago";

/** The calendar day (YYYY-MM-DD) in US Eastern time: the edition date and the vote-limit day. */
export function easternDay(at: Date): string {
  const d = new TZDate(at.getTime(), EASTERN);
  const mm = String(d.getMonth() + 1).padStart(2, "0");
  const dd = String(d.getDate()).padStart(2, "0");
  return `${d.getFullYear()}-${mm}-${dd}`;
}

/** "Sunday, November 22, 2026": the header's long English date. */
export function longDate(at: Date, timeZone?: string): string {
  return at.toLocaleDateString("en-US", {
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone,
  });
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
