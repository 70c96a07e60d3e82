import { z } from "zod";

/**
 * Browser reminders (issue 22, decisions "Third wave": Reminders): a visitor's opt-in Web Push subscription
 * for the one-hour reminder and the winner. The API's requests and answers, and the texts both sides show.
 */

/** How many subscriptions one network (an IPv4 address, an IPv6 /64) may hold at once. */
export const PUSH_SUBSCRIPTIONS_PER_NETWORK = 20;

export const PUSH_TOO_MANY = `Your network already has ${PUSH_SUBSCRIPTIONS_PER_NETWORK} browsers with reminders on, the most one network may have. Stop reminders in one of them first.`;
export const PUSH_ENDPOINT_HTTPS = "The push endpoint must be an https URL.";
export const PUSH_ENDPOINT_PRIVATE = "The push endpoint must be on a public address.";
/** A push service gives each browser its own endpoint: one already kept for another visitor is not this one's. */
export const PUSH_ENDPOINT_TAKEN =
  "This push endpoint is already kept for another visitor. Turn reminders on again to get a new one.";
export const PUSH_NOT_SUBSCRIBED = "No reminders are on for this browser.";

/** Base64url without padding: what PushSubscription.toJSON() gives for the keys. */
const base64url = (bytes: number, label: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${label} must be base64url`)
    .refine((s) => byteLength(s) === bytes, `${label} must be ${bytes} bytes`);

/** The decoded length of a base64url string (padding ignored). */
function byteLength(text: string): number {
  const n = text.replace(/=+$/, "").length;
  return Math.floor((n * 3) / 4);
}

/** PushSubscription.toJSON(): the endpoint the push service gave the browser and the browser's keys. */
export const PushSubscriptionInputSchema = z.object({
  endpoint: z
    .string()
    .max(2048, "The push endpoint is too long.")
    .refine((s) => URL.canParse(s) && /^https?:$/.test(new URL(s).protocol), PUSH_ENDPOINT_HTTPS),
  // Chrome also sends expirationTime (always null in practice): accepted and ignored.
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    /** The browser's P-256 public key, uncompressed (65 bytes). */
    p256dh: base64url(65, "keys.p256dh"),
    /** The browser's authentication secret (16 bytes). */
    auth: base64url(16, "keys.auth"),
  }),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInputSchema>;

export const PushEndpointSchema = z.object({ endpoint: z.string().max(2048) });

/** GET /api/push/key: the application server's VAPID public key (base64url), for pushManager.subscribe. */
export const PushKeySchema = z.object({ publicKey: z.string() });

/** Whether this browser's endpoint is subscribed for this visitor. */
export const PushStateSchema = z.object({ subscribed: z.boolean() });
export type PushState = z.infer<typeof PushStateSchema>;

/** What the service worker gets in a push message (encrypted on the way): shown as a notification. */
export const PushMessageSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** A path on this site, opened (or focused) when the notification is clicked. */
  url: z.string(),
  /** A second message with the same tag replaces the first on the screen. */
  tag: z.string(),
});
export type PushMessage = z.infer<typeof PushMessageSchema>;
