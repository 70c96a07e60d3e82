import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  PUSH_ENDPOINT_TAKEN,
  PUSH_NOT_SUBSCRIBED,
  PUSH_SUBSCRIPTIONS_PER_NETWORK,
  PUSH_TOO_MANY,
} from "@/common/push";
import { buildApp } from "../../app";
import { type Database, openPostgres } from "../../db/connect";
import { pushDeliveries, pushSubscriptions, serverSecrets, settings } from "../../db/schema";
import { createPushFetch } from "../../integrations/outbound";
import { createHeadline } from "../../test/factories";
import { type FakePush, startFakePush } from "../../test/fake-push";
import { createTestApp, type TestApp, testConfig } from "../../test/test-app";
import type { App } from "../../types";
import { crownWinner } from "../headlines/headline-stage";
import { PUSH_MAX_FAILURES, runPushPass } from "./push-sender";
import { SERVICE_WORKER_JS } from "./service-worker";

let fake: FakePush;
let t: TestApp;
const cleanups: Array<() => Promise<void>> = [];

beforeEach(async () => {
  fake = await startFakePush();
  t = await createTestApp({ outboundAllowHosts: [fake.host], siteName: "Meme Gazette" });
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await t.close();
  await fake.close();
});

/** Visitor ids have the server's cookie format: 22 URL-safe characters. */
const visitor = (n: number) => `pushvisitor${String(n).padStart(11, "0")}`;

const subscribe = (subscription: unknown, who = visitor(1), ip = "198.51.100.7", app: App = t.app) =>
  app.inject({
    method: "POST",
    url: "/api/push/subscriptions",
    payload: subscription as object,
    cookies: { mg_visitor: who },
    remoteAddress: ip,
  });
const state = (endpoint: string, who = visitor(1)) =>
  t.app.inject({
    method: "POST",
    url: "/api/push/subscriptions/state",
    payload: { endpoint },
    cookies: { mg_visitor: who },
  });
const stop = (endpoint: string, who = visitor(1)) =>
  t.app.inject({
    method: "DELETE",
    url: "/api/push/subscriptions",
    payload: { endpoint },
    cookies: { mg_visitor: who },
  });

/** A second server process on the same database: its own pool on PostgreSQL, the same PGlite otherwise. */
async function secondApp(): Promise<App> {
  let database: Database = t.database;
  if (process.env.TEST_DB === "postgres") {
    database = openPostgres(t.database.url as string, 10);
    cleanups.push(() => database.close());
  }
  const app = await buildApp({ config: testConfig({ outboundAllowHosts: [fake.host] }), database });
  cleanups.push(() => app.close());
  return app;
}

describe("browser reminders: keys and subscriptions", () => {
  it("keeps one VAPID key pair in the database, the same for every process", async () => {
    const first = await t.app.inject({ method: "GET", url: "/api/push/key" });
    expect(first.statusCode).toBe(200);
    expect(first.headers["set-cookie"]).toBeUndefined();
    const { publicKey } = first.json() as { publicKey: string };
    expect(Buffer.from(publicKey, "base64url")).toHaveLength(65);
    const other = await secondApp();
    const again = await other.inject({ method: "GET", url: "/api/push/key" });
    expect(again.json()).toEqual({ publicKey });
    const rows = await t.db.select().from(serverSecrets).where(eq(serverSecrets.name, "vapid"));
    expect(rows).toHaveLength(1);
  });

  it("subscribes, tells the visitor its state, and stops only the visitor's own", async () => {
    const browser = fake.browser();
    const endpoint = browser.subscription.endpoint;
    expect((await state(endpoint)).json()).toEqual({ subscribed: false });
    const answer = await subscribe(browser.subscription);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ subscribed: true });
    expect((await state(endpoint)).json()).toEqual({ subscribed: true });
    expect((await state(endpoint, visitor(2))).json()).toEqual({ subscribed: false });

    // Someone else cannot stop it: to them it is no subscription at all.
    const theirs = await stop(endpoint, visitor(2));
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ message: PUSH_NOT_SUBSCRIBED });
    expect(await t.db.select().from(pushSubscriptions)).toHaveLength(1);
    expect((await stop(endpoint)).json()).toEqual({ subscribed: false });
    expect(await t.db.select().from(pushSubscriptions)).toHaveLength(0);
    expect((await state(endpoint)).json()).toEqual({ subscribed: false });
    expect((await stop(endpoint)).statusCode).toBe(404);
  });

  it("never lets a second visitor who knows the endpoint rewrite its keys or owner (409), then stop it", async () => {
    const browser = fake.browser();
    const endpoint = browser.subscription.endpoint;
    expect((await subscribe(browser.subscription)).statusCode).toBe(200);
    const [before] = await t.db.select().from(pushSubscriptions);

    const intruder = { ...fake.browser().subscription, endpoint };
    const taken = await subscribe(intruder, visitor(2), "203.0.113.9");
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: PUSH_ENDPOINT_TAKEN });
    expect((await stop(endpoint, visitor(2))).statusCode).toBe(404);
    expect(await t.db.select().from(pushSubscriptions)).toEqual([before]);
    expect((await state(endpoint)).json()).toEqual({ subscribed: true });

    // The owner's browser subscribing again (new keys) still updates its own row.
    const renewed = { ...fake.browser().subscription, endpoint };
    expect((await subscribe(renewed)).statusCode).toBe(200);
    const [after] = await t.db.select().from(pushSubscriptions);
    expect(after).toMatchObject({ id: before?.id, p256dh: renewed.keys.p256dh, visitorId: visitor(1) });
  });

  it("refuses endpoints that are not https, are on private addresses, or keys of the wrong size", async () => {
    const { keys } = fake.browser().subscription;
    const refused = [
      { endpoint: "http://push.example.com/send/1", keys },
      { endpoint: "https://10.0.0.5/send/1", keys },
      { endpoint: "https://[::1]/send/1", keys },
      { endpoint: "https://localhost/send/1", keys },
      { endpoint: "ftp://push.example.com/1", keys },
      { endpoint: "https://push.example.com/1", keys: { ...keys, p256dh: "AAAA" } },
      { endpoint: "https://push.example.com/1", keys: { ...keys, auth: "not base64!" } },
    ];
    for (const subscription of refused) {
      const answer = await subscribe(subscription);
      expect(answer.statusCode, subscription.endpoint).toBe(400);
      expect(answer.json().message).toBeTruthy();
    }
    expect(await t.db.select().from(pushSubscriptions)).toHaveLength(0);
    // A public https endpoint is taken.
    expect((await subscribe({ endpoint: "https://push.example.com/send/1", keys })).statusCode).toBe(200);
  });

  it(`keeps at most ${PUSH_SUBSCRIPTIONS_PER_NETWORK} per network, in parallel too, with a clear 429`, async () => {
    const browsers = Array.from({ length: PUSH_SUBSCRIPTIONS_PER_NETWORK + 5 }, () => fake.browser());
    // One IPv6 /64: every address in it is one network.
    const answers = await Promise.all(
      browsers.map((b, i) => subscribe(b.subscription, visitor(i), `2001:db8:1:2::${(i + 1).toString(16)}`)),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(PUSH_SUBSCRIPTIONS_PER_NETWORK);
    const refusal = answers.find((a) => a.statusCode === 429);
    expect(refusal?.json()).toEqual({ message: PUSH_TOO_MANY });
    expect(Number(refusal?.headers["retry-after"])).toBeGreaterThan(0);
    // A browser already in keeps its place (re-subscribing is not a new one); another network is not affected.
    const index = answers.findIndex((a) => a.statusCode === 200);
    const kept = browsers[index] as (typeof browsers)[number];
    expect((await subscribe(kept.subscription, visitor(index), "2001:db8:1:2::ffff")).statusCode).toBe(200);
    expect((await subscribe(fake.browser().subscription, visitor(901), "198.51.100.20")).statusCode).toBe(
      200,
    );
    const metrics = await t.app.inject({ method: "GET", url: "/metrics" });
    expect(metrics.body).toMatch(/limit_refusals_total\{limit="push"\} 5\b/);
  });
});

describe("browser reminders: sending", () => {
  async function raceClosingIn(minutes: number) {
    const now = new Date();
    await t.db.update(settings).set({
      raceCycle: new Date(now.getTime() - 10 * 60 * 60_000),
      votingEndTime: new Date(now.getTime() + minutes * 60_000),
    });
    return now;
  }

  it("sends the one-hour reminder and the winner once per browser, across two processes, really encrypted", async () => {
    const a = fake.browser();
    const b = fake.browser();
    expect((await subscribe(a.subscription, visitor(1), "198.51.100.1")).statusCode).toBe(200);
    expect((await subscribe(b.subscription, visitor(2), "198.51.100.2")).statusCode).toBe(200);
    const now = await raceClosingIn(30);
    const winner = await createHeadline(t.db, { title: "Frog elected mayor of Pond Town" });
    await crownWinner(t.db, winner.id, { kind: "job", name: "test" }, new Date());

    const other = await secondApp();
    const outcomes = await Promise.all([runPushPass(t.app.push, now), runPushPass(other.push, now)]);
    expect(outcomes.reduce((n, o) => n + o.sent, 0)).toBe(4);
    // Later passes find nothing left to send.
    expect(await runPushPass(t.app.push, new Date(now.getTime() + 60_000))).toEqual({
      sent: 0,
      gone: 0,
      failed: 0,
    });
    expect(await runPushPass(other.push, new Date(now.getTime() + 120_000))).toEqual({
      sent: 0,
      gone: 0,
      failed: 0,
    });

    expect(fake.received).toHaveLength(4);
    const { publicKey } = (await t.app.inject({ method: "GET", url: "/api/push/key" })).json() as {
      publicKey: string;
    };
    for (const browser of [a, b]) {
      const got = fake.received.filter((r) => r.browser === browser.id);
      expect(got.map((r) => r.message)).toEqual(
        expect.arrayContaining([
          {
            // With its day when the close is on the next Eastern day (a run shortly before midnight).
            title: expect.stringMatching(
              /^Voting closes at (\w{3}, \w{3} \d{1,2}, )?\d{1,2}:\d{2} [AP]M ET$/,
            ),
            body: "Vote for today's headline on Meme Gazette: the winner becomes the community's meme coin.",
            url: "/",
            tag: "reminder",
          },
          {
            title: "Today's winner on Meme Gazette",
            body: "Frog elected mayor of Pond Town",
            url: `/h/${winner.id}/frog-elected-mayor-of-pond-town`,
            tag: "winner",
          },
        ]),
      );
      for (const r of got) {
        expect(r.headers["content-encoding"]).toBe("aes128gcm");
        expect(r.vapidKey).toBe(publicKey);
        expect(r.signatureValid).toBe(true);
        expect(Number(r.headers.ttl)).toBeGreaterThan(0);
      }
      const reminder = got.find((r) => (r.message as { tag: string }).tag === "reminder");
      expect(reminder?.headers.urgency).toBe("high");
      expect(Number(reminder?.headers.ttl)).toBeLessThanOrEqual(30 * 60);
    }
    const rows = await t.db.select().from(pushSubscriptions);
    expect(rows.every((r) => r.lastSentAt !== null && r.failures === 0)).toBe(true);
    expect(await t.db.select().from(pushDeliveries)).toHaveLength(4);
  });

  it("sends no reminder earlier than an hour before the close", async () => {
    await subscribe(fake.browser().subscription);
    const now = await raceClosingIn(90);
    expect(await runPushPass(t.app.push, now)).toEqual({ sent: 0, gone: 0, failed: 0 });
    expect(fake.received).toHaveLength(0);
  });

  it("drops a subscription the push service answers 404 or 410 for, and counts other failures", async () => {
    const gone = fake.browser();
    const missing = fake.browser();
    const failing = fake.browser();
    const fine = fake.browser();
    for (const [i, browser] of [gone, missing, failing, fine].entries())
      await subscribe(browser.subscription, visitor(i), `198.51.100.${i + 1}`);
    fake.answer(gone.id, 410);
    fake.answer(missing.id, 404);
    fake.answer(failing.id, 500);
    const now = await raceClosingIn(30);
    expect(await runPushPass(t.app.push, now)).toEqual({ sent: 1, gone: 2, failed: 1 });
    const rows = await t.db.select().from(pushSubscriptions);
    expect(rows.map((r) => r.endpoint).sort()).toEqual(
      [failing.subscription.endpoint, fine.subscription.endpoint].sort(),
    );
    expect(rows.find((r) => r.endpoint === failing.subscription.endpoint)?.failures).toBe(1);
    expect(fake.received.map((r) => r.browser)).toEqual([fine.id]);
  });

  it(`never sends to a private address, and drops a subscription after ${PUSH_MAX_FAILURES} failures in a row`, async () => {
    // Stored directly: the route refuses it, as a host name that resolves to a private address would pass it.
    const { keys } = fake.browser().subscription;
    await t.db.insert(pushSubscriptions).values({
      endpoint: "https://127.0.0.1:9/push/x",
      p256dh: keys.p256dh,
      auth: keys.auth,
      visitorId: visitor(1),
      network: "198.51.100.1",
      failures: PUSH_MAX_FAILURES - 1,
    });
    const strict = { ...t.app.push, http: createPushFetch({}) };
    const now = await raceClosingIn(30);
    expect(await runPushPass(strict, now)).toEqual({ sent: 0, gone: 0, failed: 1 });
    expect(await t.db.select().from(pushSubscriptions)).toHaveLength(0);
  });
});

describe("the service worker", () => {
  it("is served at /sw.js for the whole site, never cached stale, and handles push and clicks only", async () => {
    const answer = await t.app.inject({ method: "GET", url: "/sw.js" });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(answer.headers["cache-control"]).toBe("public, no-cache");
    expect(answer.headers["service-worker-allowed"]).toBe("/");
    expect(answer.headers["set-cookie"]).toBeUndefined();
    expect(answer.body).toBe(SERVICE_WORKER_JS);
    const listeners = [...SERVICE_WORKER_JS.matchAll(/addEventListener\("([a-z]+)"/g)].map((m) => m[1]);
    expect(listeners).toEqual(["push", "notificationclick"]);
    expect(SERVICE_WORKER_JS).not.toMatch(/caches|fetch\(/);
  });
});
