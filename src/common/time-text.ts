import { EASTERN, formatEastern, localTimeBeside } from "./time";

/*
 * Texts of moments on the paper's clock that only some screens use (the dashboard, receipts): apart from
 * time.ts, which the front page loads first (its 110 kB budget).
 */

/** An Eastern time with the reader's beside it when it differs: for texts (toasts, dialog descriptions). */
export function withLocalTime(
  at: Date | string,
  localZone: string | undefined,
  format: (at: Date | string) => string = formatEastern,
): string {
  const beside = localTimeBeside(at, localZone);
  return beside ? `${format(at)} ${beside}` : format(at);
}

/** "Nov 26, 2026, 3:04:05 PM ET": a logged moment, in the paper's clock (US Eastern), to the second. */
export function formatEasternStamp(at: Date | string): string {
  const stamp = new Date(at).toLocaleString("en-US", {
    timeZone: EASTERN,
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    second: "2-digit",
  });
  return `${stamp} ET`;
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
