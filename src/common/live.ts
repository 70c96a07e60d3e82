/**
 * The lists a live update can name. An event says "this list changed"; open pages fetch it again. Names are
 * the client's query keys, so one word means the same thing on both sides.
 */
export const LIVE_TOPICS = [
  "headlines",
  "tomorrows-news",
  "yesterdays-news",
  "archive",
  "notifications",
  "settings",
  /** Submitters' receipts (/submission/{receipt}): a payment found, staff's approval or rejection. */
  "submission",
  /** An edition's standings frozen at its close (/edition/{date}, the feeds, the sitemap). */
  "editions",
  /** The paper's coin launches and their public receipts (/launch/{date}, issue 29). */
  "launches",
] as const;
export type LiveTopic = (typeof LIVE_TOPICS)[number];

export function isLiveTopic(value: string): value is LiveTopic {
  return (LIVE_TOPICS as readonly string[]).includes(value);
}
