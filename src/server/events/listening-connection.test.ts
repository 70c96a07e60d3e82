import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { type Database, openPostgres, rowsOf } from "../db/connect";
import { settings } from "../db/schema";
import { ensureSettings } from "../features/settings/settings.service";
import { createHeadline } from "../test/factories";
import { listenRefusingProxy, tcpProxy } from "../test/tcp-proxy";
import { createTestDatabase, testConfig } from "../test/test-app";
import type { App } from "../types";

/**
 * Decision 010 on PostgreSQL as operators run it: the pool may be PgBouncer in transaction mode, where a
 * pooled session is not this process's and LISTEN cannot work, so only one connection per process listens
 * (LISTEN_DATABASE_URL, else DATABASE_URL), and a request that changed a list still answers only once its
 * own change has been heard there.
 */
const ON_POSTGRES = process.env.TEST_DB === "postgres";

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Visitor ids have the server's cookie format: 22 URL-safe characters. */
const visitorId = (i: number) => `listenconn${String(i).padStart(12, "0")}`;

const vote = (app: App, headlineId: number, i: number) =>
  app.inject({
    method: "POST",
    url: "/api/vote",
    payload: { headlineId },
    cookies: { mg_visitor: visitorId(i) },
    remoteAddress: `198.51.100.${i % 250}`,
  });

const votesOf = async (app: App, id: number) =>
  (
    (await app.inject({ method: "GET", url: "/api/headlines" })).json() as Array<{
      id: number;
      votes: number;
    }>
  ).find((h) => h.id === id)?.votes;

/** Opens GET /api/events on a listening app and collects the data lines it receives. */
async function subscribe(app: App) {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as AddressInfo;
  const received: string[] = [];
  const request = http.get({ host: "127.0.0.1", port, path: "/api/events" });
  const response = await new Promise<http.IncomingMessage>((resolve) => request.on("response", resolve));
  response.setEncoding("utf8");
  response.on("data", (chunk: string) => {
    for (const line of chunk.split("\n")) if (line.startsWith("data: ")) received.push(line.slice(6));
  });
  cleanups.push(async () => void request.destroy());
  return received;
}

/** A migrated database with voting open and one headline in it. */
async function votingDatabase() {
  const database = await createTestDatabase();
  cleanups.push(() => database.close());
  await ensureSettings(database.db, new Date());
  await database.db.update(settings).set({ votingEndTime: new Date(Date.now() + 86_400_000) });
  const headline = await createHeadline(database.db);
  return { database, url: new URL(database.url as string), headline };
}

async function appOn(database: Database, listCacheMs = 60_000): Promise<App> {
  const app = await buildApp({ config: testConfig({ listCacheMs }), database });
  cleanups.push(async () => {
    await app.close();
    await database.close();
  });
  return app;
}

/** What each pooled connection listens to: as many at once as the pool holds, so each is a different one. */
async function pooledChannels(database: Database, connections: number): Promise<string[]> {
  const answers = await Promise.all(
    Array.from({ length: connections }, () =>
      database.db.execute(
        sql`SELECT pg_sleep(0.05), coalesce(array_agg(c), '{}') AS channels FROM pg_listening_channels() c`,
      ),
    ),
  );
  return answers.flatMap((answer) => rowsOf<{ channels: string[] }>(answer)[0]?.channels ?? []);
}

describe.runIf(ON_POSTGRES)("the listening connection of its own (PostgreSQL)", () => {
  it("serves lists and votes with the pool behind a connection that refuses LISTEN, fresh for the voter and live for the others", async () => {
    const { url, headline } = await votingDatabase();
    const proxy = listenRefusingProxy(url.hostname, Number(url.port || 5432));
    const pooled = new URL(url);
    pooled.port = String(await proxy.listen());
    cleanups.push(() => proxy.close());
    // The pool goes through the proxy (PgBouncer in transaction mode); the listening connection straight
    // to PostgreSQL (LISTEN_DATABASE_URL).
    const app = await appOn(openPostgres(pooled.toString(), 10, url.toString()));
    const other = await appOn(openPostgres(url.toString(), 2));

    for (const path of [
      "/api/settings",
      "/api/headlines",
      "/api/tomorrows-news",
      "/api/yesterdays-news",
      "/api/archive",
      "/api/notifications",
    ]) {
      const res = await app.inject({ method: "GET", url: path });
      expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
    }
    // The list is in the cache now (a minute's lifetime): only the announcement can drop it.
    expect(await votesOf(app, headline.id)).toBe(0);
    const first = await vote(app, headline.id, 1);
    expect(first.statusCode, first.body).toBe(200);
    // The voter's next read is fresh: the vote's own change was heard before its answer.
    expect(await votesOf(app, headline.id)).toBe(1);
    // Concurrent votes share the wait; each answer still comes after its own change is heard.
    const answers = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const answer = await vote(app, headline.id, 2 + i);
        return { status: answer.statusCode, votesSeen: await votesOf(app, headline.id) };
      }),
    );
    for (const answer of answers) expect(answer.status).toBe(200);
    // Each voter's read after its answer shows at least its own vote's list (never the cached one before it).
    expect(Math.min(...answers.map((a) => a.votesSeen ?? 0))).toBeGreaterThanOrEqual(2);
    expect(await votesOf(app, headline.id)).toBe(21);

    // Another process's vote reaches this one's open pages and drops its cached list.
    const received = await subscribe(app);
    expect((await vote(other, headline.id, 100)).statusCode).toBe(200);
    await expect.poll(() => received, { timeout: 5_000 }).toContain("headlines");
    expect(await votesOf(app, headline.id)).toBe(22);

    // Nothing tried to LISTEN through the pool; no pooled connection listens.
    expect(proxy.refused).toEqual([]);
    expect(await pooledChannels(app.database, 10)).toEqual([]);
    // The proxy does refuse it, and the connection serves on after.
    await expect(app.database.db.execute(sql`LISTEN mg_change`)).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/LISTEN is not allowed/) },
    });
    expect(proxy.refused).toEqual(["LISTEN mg_change"]);
    expect(await votesOf(app, headline.id)).toBe(22);
  });

  it("never LISTENs on a pooled connection on DATABASE_URL alone: one connection listens, apart from the pool", async () => {
    const { database: base, url } = await votingDatabase();
    const database = openPostgres(url.toString(), 10);
    await appOn(database);
    expect(await pooledChannels(database, 10)).toEqual([]);
    // The one listening session of this app: mg_change and its own token channel.
    const [listening] = rowsOf<{ sessions: number }>(
      await base.db.execute(
        sql`SELECT count(*)::int AS sessions FROM pg_stat_activity
          WHERE datname = current_database() AND query LIKE 'LISTEN mg_change%'`,
      ),
    );
    expect(listening?.sessions).toBe(1);
  });

  it("answers a vote anyway, soon, while the listening connection is cut, and is fresh again once it is back", async () => {
    const { url, headline } = await votingDatabase();
    const proxy = tcpProxy(url.hostname, Number(url.port || 5432));
    const listenUrl = new URL(url);
    listenUrl.port = String(await proxy.listen());
    cleanups.push(() => proxy.close());
    const app = await appOn(openPostgres(url.toString(), 4, listenUrl.toString()));
    expect(await votesOf(app, headline.id)).toBe(0);

    proxy.cut();
    const started = performance.now();
    expect((await vote(app, headline.id, 1)).statusCode).toBe(200);
    expect(performance.now() - started).toBeLessThan(1_500);

    // Back (it retries every 2 s): every list counts as changed, and a vote is heard before its answer again.
    proxy.restore();
    await expect.poll(() => votesOf(app, headline.id), { timeout: 10_000, interval: 200 }).toBe(1);
    expect((await vote(app, headline.id, 2)).statusCode).toBe(200);
    expect(await votesOf(app, headline.id)).toBe(2);
  });
});
