import { and, count, eq, ne, sql } from "drizzle-orm";
import webpush from "web-push";
import {
  PUSH_ENDPOINT_HTTPS,
  PUSH_ENDPOINT_PRIVATE,
  PUSH_ENDPOINT_TAKEN,
  PUSH_SUBSCRIPTIONS_PER_NETWORK,
  PUSH_TOO_MANY,
  type PushSubscriptionInput,
} from "@/common/push";
import type { Db } from "../../db/connect";
import { pushSubscriptions, serverSecrets } from "../../db/schema";
import { isBlockedAddress, isIpLiteral } from "../../integrations/ip-policy";
import { badRequest, conflict, tooMany } from "../../lib/http-error";

/**
 * Browser reminders' subscriptions and keys (issue 22): the VAPID key pair the site signs its messages with,
 * and the subscriptions visitors opt into, at most PUSH_SUBSCRIPTIONS_PER_NETWORK per network. Sending is in
 * push-sender.ts.
 */

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const SECRET_NAME = "vapid";
/** The advisory lock space of the per-network count (hourly limits use 4611-4614). */
const NETWORK_LOCK_SPACE = 4_615;
/** Retry-After of the per-network refusal: a subscription frees its place only when someone stops one. */
const TOO_MANY_RETRY_S = 60 * 60;

const keys = new WeakMap<Db, Promise<VapidKeys>>();

async function loadKeys(db: Db): Promise<VapidKeys> {
  // Generated once: of several processes starting together, the first insert wins and all read that pair.
  // A browser's subscription is bound to the public key, so the pair must never change under it.
  const fresh = webpush.generateVAPIDKeys();
  await db
    .insert(serverSecrets)
    .values({ name: SECRET_NAME, value: Buffer.from(JSON.stringify(fresh)) })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, SECRET_NAME));
  if (!row) throw new Error("the VAPID keys are missing");
  const stored = JSON.parse(Buffer.from(row.value).toString("utf8")) as VapidKeys;
  return { publicKey: stored.publicKey, privateKey: stored.privateKey };
}

/** The site's VAPID key pair, read from the database once per process (a failed read is retried next time). */
export function vapidKeys(db: Db): Promise<VapidKeys> {
  let pair = keys.get(db);
  if (!pair) {
    const loading = loadKeys(db);
    pair = loading;
    keys.set(db, loading);
    loading.catch(() => {
      if (keys.get(db) === loading) keys.delete(db);
    });
  }
  return pair;
}

/**
 * A push endpoint is visitor input that the server will POST to: https only, and not an IP literal on a
 * private network (a host name is checked on the address it connects to, when sending: safe-fetch). Tests'
 * local push services are the `allowHosts` (config.outboundAllowHosts, never set in production), which may
 * be http.
 */
export function checkEndpoint(endpoint: string, allowHosts: readonly string[] = []): void {
  const url = new URL(endpoint);
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  const allowed = allowHosts.some((h) => h === `${url.hostname}:${port}` || h === url.hostname);
  if (allowed) return;
  if (url.protocol !== "https:" || url.username || url.password) throw badRequest(PUSH_ENDPOINT_HTTPS);
  if (url.hostname === "localhost" || (isIpLiteral(url.hostname) && isBlockedAddress(url.hostname)))
    throw badRequest(PUSH_ENDPOINT_PRIVATE);
}

/**
 * Keeps the browser's subscription for the visitor. The same endpoint again from the same visitor (the
 * browser re-subscribed) updates its row; from another visitor it is refused (409): an endpoint is no
 * secret (it travels to the push service and back), so whoever learned one must not rewrite its keys or
 * take it over, and then stop it. A browser whose cookie changed gets a new endpoint instead (the button
 * drops the refused subscription). A new endpoint counts against the network's places, counted under a
 * per-network lock so that a parallel burst cannot pass the bound.
 */
export async function subscribe(
  db: Db,
  input: PushSubscriptionInput,
  visitor: { id: string; network: string },
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    // On `tx` only: inside a PGlite transaction, a query on the outer handle waits for ever.
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(${NETWORK_LOCK_SPACE}::int, hashtext(${visitor.network}))`,
    );
    const [held] = await tx
      .select({ n: count() })
      .from(pushSubscriptions)
      .where(
        and(eq(pushSubscriptions.network, visitor.network), ne(pushSubscriptions.endpoint, input.endpoint)),
      );
    if ((held?.n ?? 0) >= PUSH_SUBSCRIPTIONS_PER_NETWORK)
      throw tooMany(PUSH_TOO_MANY, TOO_MANY_RETRY_S, "push");
    const row = {
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      visitorId: visitor.id,
      network: visitor.network,
    };
    // One statement: the update happens only on the owner's row, so two visitors racing for one endpoint
    // cannot both pass a read. Nothing written (another's endpoint) is the 409.
    const kept = await tx
      .insert(pushSubscriptions)
      .values({ ...row, createdAt: now })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { ...row, failures: 0 },
        setWhere: eq(pushSubscriptions.visitorId, visitor.id),
      })
      .returning({ id: pushSubscriptions.id });
    if (kept.length === 0) throw conflict(PUSH_ENDPOINT_TAKEN);
  });
}

/** Removes the visitor's own subscription of that endpoint; false when there was none. */
export async function unsubscribe(db: Db, endpoint: string, visitorId: string): Promise<boolean> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.visitorId, visitorId)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}

/** Whether the endpoint is subscribed for this visitor (what the button shows). */
export async function isSubscribed(db: Db, endpoint: string, visitorId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.visitorId, visitorId)));
  return row !== undefined;
}
