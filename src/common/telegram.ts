import { z } from "zod";

/**
 * The dashboard's Telegram tab (GET /api/admin/telegram, POST /api/admin/telegram/test): whether the
 * channel is configured (never the token), and the posts, newest first.
 */
export const TELEGRAM_POST_KIND_LABELS = {
  race_open: "Race opened",
  reminder: "One hour left",
  winner: "Winner",
  launch: "Launch",
  test: "Test message",
} as const;
export type TelegramPostKind = keyof typeof TELEGRAM_POST_KIND_LABELS;

/**
 * pending: recorded, not sent yet; sending: a process is sending it (or stopped while it did: after a few
 * minutes it is marked failed, never sent again); skipped: older than the window when first seen.
 */
export const TelegramPostSchema = z.object({
  id: z.number().int(),
  kind: z.enum(["race_open", "reminder", "winner", "launch", "test"]),
  subject: z.string(),
  status: z.enum(["pending", "sending", "sent", "failed", "skipped"]),
  attempts: z.number().int(),
  eventAt: z.string(),
  updatedAt: z.string(),
  messageId: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type TelegramPost = z.infer<typeof TelegramPostSchema>;

/** The variables that turn the channel on, named by the tab when they are missing. */
export const TELEGRAM_VARIABLES = ["TELEGRAM_BOT_TOKEN", "TELEGRAM_CHAT_ID"] as const;

export const TelegramStatusSchema = z.object({
  configured: z.boolean(),
  /** The channel (a numeric id or an @name); null when not configured. Never the token. */
  chatId: z.string().nullable(),
  posts: z.array(TelegramPostSchema),
});
export type TelegramStatus = z.infer<typeof TelegramStatusSchema>;

export const TELEGRAM_POSTS_SHOWN = 50;
export const TELEGRAM_NOT_CONFIGURED =
  "Telegram is not configured: set TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID and restart the server.";

/** The dashboard's test message goes to a public channel: at most one per this long for the whole site. */
export const TELEGRAM_TEST_EVERY_MS = 30_000;
export const TELEGRAM_TEST_TOO_SOON = `A test message was sent less than ${TELEGRAM_TEST_EVERY_MS / 1000} seconds ago. Wait a moment before sending another.`;
