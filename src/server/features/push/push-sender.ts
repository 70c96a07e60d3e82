import { and, eq, lt, sql } from "drizzle-orm";
import webpush from "web-push";
import { headlinePath } from "@/common/headline-path";
import type { PushMessage } from "@/common/push";
import { easternTime, REMINDER_BEFORE_CLOSE_MS } from "@/common/time";
import { type Db, rowsOf } from "../../db/connect";
import { pushDeliveries, pushSubscriptions, settings } from "../../db/schema";
import { type SafeFetch, SafeFetchError } from "../../integrations/safe-fetch";
import { recentCrowns } from "../headlines/headline-stage";
import { vapidKeys } from "./push.service";

/**
 * Sends the browser reminders (issue 22, decisions "Third wave": Reminders): the one-hour reminder of each
 * race and the winner when crowned, each once per subscription. The claim is the push_deliveries row: one
 * statement inserts the rows of a batch of subscriptions that have none for the event and returns those it
 * inserted, so of two processes (or two overlapping passes) each subscription's message is sent by one. A
 * process that stops between the insert and the send leaves that message unsent: a missed reminder is
 * better than a repeated one. The job's lease (jobs/push.ts) makes one process per tick do the work at all.
 */

/** A crown older than this when first seen is not sent: turning reminders on never sends history. */
export const PUSH_WINDOW_MS = 60 * 60_000;
/** Failed sends in a row (other than 404/410, which remove at once) after which a subscription is dropped. */
export const PUSH_MAX_FAILURES = 5;
/** Deliveries are kept this long: longer than any event stays due, so none is claimed twice. */
const DELIVERY_RETENTION_MS = 24 * 60 * 60_000;
/** Subscriptions claimed per statement, and messages in flight at once. */
const BATCH = 200;
const PARALLEL = 8;
/** How long the push service keeps a winner for a browser that is offline. */
const WINNER_TTL_S = 12 * 60 * 60;

export interface PushContext {
  db: Db;
  /** createPushFetch: visitor-given endpoints, no private addresses, counted as service "push". */
  http: SafeFetch;
  siteName: string;
  /** The VAPID "sub": the site's https URL, or a mailto: (push services may contact the operator). */
  subject: string;
}

export interface PushPassOutcome {
  sent: number;
  /** Subscriptions the push service said are gone (404/410), removed. */
  gone: number;
  failed: number;
}

type Kind = (typeof pushDeliveries.$inferSelect)["kind"];
interface PushEvent {
  kind: Kind;
  subject: string;
  message: PushMessage;
  options: { TTL: number; urgency: "high" | "normal"; topic: string };
}
interface Target {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** The VAPID subject for a site: its https URL, else a mailto: at its host (push services want one). */
export function vapidSubject(publicUrl: string): string {
  const url = new URL(publicUrl);
  return url.protocol === "https:" && url.hostname !== "localhost"
    ? url.origin
    : "mailto:webmaster@meme-gazette.invalid";
}

/** The events due now: the current race's reminder (from an hour before its close), fresh crowns. */
async function dueEvents(ctx: PushContext, now: Date): Promise<PushEvent[]> {
  const { db } = ctx;
  const events: PushEvent[] = [];
  const [s] = await db.select().from(settings).where(eq(settings.id, 1));
  if (s && now < s.votingEndTime && s.votingEndTime.getTime() - REMINDER_BEFORE_CLOSE_MS <= now.getTime()) {
    events.push({
      kind: "reminder",
      // The race's name, as Telegram's reminder: one reminder per race whatever the schedule does.
      subject: (s.raceCycle ?? s.votingEndTime).toISOString(),
      message: {
        title: `Voting closes at ${easternTime(s.votingEndTime, now)}`,
        body: `Vote for today's headline on ${ctx.siteName}: the winner becomes the community's meme coin.`,
        url: "/",
        tag: "reminder",
      },
      // Worth nothing after the close: the push service drops it then.
      options: {
        TTL: Math.max(60, Math.floor((s.votingEndTime.getTime() - now.getTime()) / 1000)),
        urgency: "high",
        topic: "reminder",
      },
    });
  }
  const crowns = await recentCrowns(db, new Date(now.getTime() - PUSH_WINDOW_MS));
  for (const h of crowns)
    events.push({
      kind: "winner",
      subject: String(h.id),
      message: {
        title: `Today's winner on ${ctx.siteName}`,
        body: h.title,
        url: headlinePath(h),
        tag: "winner",
      },
      options: { TTL: WINNER_TTL_S, urgency: "normal", topic: "winner" },
    });
  return events;
}

/** Inserts the event's deliveries for up to BATCH subscriptions that have none; answers those inserted. */
async function claimBatch(db: Db, event: PushEvent, now: Date): Promise<Target[]> {
  return rowsOf<Target>(
    await db.execute(sql`
      WITH claimed AS (
        INSERT INTO push_deliveries (subscription_id, kind, subject, created_at)
        SELECT s.id, ${event.kind}, ${event.subject}, ${now.toISOString()}::timestamptz
        FROM push_subscriptions s
        WHERE NOT EXISTS (SELECT 1 FROM push_deliveries d
          WHERE d.subscription_id = s.id AND d.kind = ${event.kind} AND d.subject = ${event.subject})
        ORDER BY s.id
        LIMIT ${BATCH}
        ON CONFLICT DO NOTHING
        RETURNING subscription_id
      )
      SELECT s.id::int AS id, s.endpoint, s.p256dh, s.auth
      FROM push_subscriptions s JOIN claimed c ON c.subscription_id = s.id`),
  ).map((row) => ({ ...row, id: Number(row.id) }));
}

/** One pass of the job: every due event to every subscription that has not had it. */
export async function runPushPass(ctx: PushContext, now: Date): Promise<PushPassOutcome> {
  const { db } = ctx;
  const outcome: PushPassOutcome = { sent: 0, gone: 0, failed: 0 };
  await db
    .delete(pushDeliveries)
    .where(lt(pushDeliveries.createdAt, new Date(now.getTime() - DELIVERY_RETENTION_MS)));
  const [any] = await db.select({ id: pushSubscriptions.id }).from(pushSubscriptions).limit(1);
  if (!any) return outcome;
  const events = await dueEvents(ctx, now);
  if (events.length === 0) return outcome;
  const vapid = await vapidKeys(db);
  for (const event of events) {
    for (;;) {
      const targets = await claimBatch(db, event, now);
      if (targets.length === 0) break;
      let next = 0;
      const worker = async () => {
        while (next < targets.length) {
          const target = targets[next++] as Target;
          outcome[await sendOne(ctx, vapid, target, event)]++;
        }
      };
      await Promise.all(Array.from({ length: Math.min(PARALLEL, targets.length) }, worker));
    }
  }
  return outcome;
}

/** Encrypts and sends one message (web-push's encryption and VAPID headers) and records what became of it. */
async function sendOne(
  ctx: PushContext,
  vapid: { publicKey: string; privateKey: string },
  target: Target,
  event: PushEvent,
): Promise<keyof PushPassOutcome> {
  const { db } = ctx;
  try {
    const request = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      JSON.stringify(event.message),
      { vapidDetails: { subject: ctx.subject, ...vapid }, ...event.options },
    );
    const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)]));
    // Through safe-fetch rather than web-push's own https call: the endpoint is visitor input, and only
    // safe-fetch checks the address it actually connects to (and times out, and counts the call).
    await ctx.http.request(request.endpoint, { method: "POST", headers, body: request.body });
    await db
      .update(pushSubscriptions)
      .set({ lastSentAt: new Date(), failures: 0 })
      .where(eq(pushSubscriptions.id, target.id));
    return "sent";
  } catch (error) {
    const status = error instanceof SafeFetchError ? error.details.status : undefined;
    if (status === 404 || status === 410) {
      // The browser unsubscribed or the subscription expired: it will never take a message again.
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, target.id));
      return "gone";
    }
    await db
      .update(pushSubscriptions)
      .set({ failures: sql`${pushSubscriptions.failures} + 1` })
      .where(eq(pushSubscriptions.id, target.id));
    await db
      .delete(pushSubscriptions)
      .where(
        and(eq(pushSubscriptions.id, target.id), sql`${pushSubscriptions.failures} >= ${PUSH_MAX_FAILURES}`),
      );
    return "failed";
  }
}
