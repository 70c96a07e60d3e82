import { TZDate } from "@date-fns/tz";
import { EASTERN } from "@/common/time";

export type EasternTimeResult =
  | { ok: true; launch: Date }
  | { ok: false; reason: "Missing Date/Time" | "Invalid Date/Time" };

/**
 * The custom countdown's date ("YYYY-MM-DD") and time ("HH:MM") inputs, read as a wall-clock time in US
 * Eastern, whatever zone the admin's own computer is in: the paper's clock is US Eastern (decisions,
 * "Third wave"), and the input's label says so.
 * A day that does not exist (February 30) or a time skipped by the spring-forward change is invalid, rather
 * than silently moved to another day or hour.
 */
export function parseEasternDateTime(date: string, time: string): EasternTimeResult {
  if (date.trim() === "" || time.trim() === "") return { ok: false, reason: "Missing Date/Time" };
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim());
  const t = /^(\d{2}):(\d{2})(?::\d{2})?$/.exec(time.trim());
  if (!d || !t) return { ok: false, reason: "Invalid Date/Time" };
  const [year, month, day, hour, minute] = [d[1], d[2], d[3], t[1], t[2]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (hour > 23 || minute > 59) return { ok: false, reason: "Invalid Date/Time" };
  const launch = new TZDate(year, month - 1, day, hour, minute, 0, 0, EASTERN);
  const roundTrip =
    launch.getFullYear() === year &&
    launch.getMonth() === month - 1 &&
    launch.getDate() === day &&
    launch.getHours() === hour &&
    launch.getMinutes() === minute;
  if (Number.isNaN(launch.getTime()) || !roundTrip) return { ok: false, reason: "Invalid Date/Time" };
  return { ok: true, launch: new Date(launch.getTime()) };
}
