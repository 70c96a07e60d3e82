import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { FastifyBaseLogger } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { buildApp } from "../app";
import { openPostgres } from "../db/connect";
import { settings } from "../db/schema";
import { LiveEvents } from "../events/live-events";
import { createHeadline, writeUnannounced } from "../test/factories";
import { createTestApp, type TestApp, testConfig } from "../test/test-app";
import { ListCache } from "./list-cache";

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const titles = async (t: { app: TestApp["app"] }) =>
  (await t.app.inject({ method: "GET", url: "/api/headlines" })).json() as Array<{
    title: string;
    votes: number;
  }>;

describe("the public list cache", () => {
  it("serves a list from memory and drops it as soon as the database announces a change to it", async () => {
    const t = await createTestApp({ listCacheMs: 60_000 });
    cleanups.push(() => t.close());
    await t.db.update(settings).set({ votingEndTime: new Date(Date.now() + 86_400_000) });
    const h = await createHeadline(t.db, { title: "Cached headline" });
    // Written straight to the database: on PostgreSQL heard a moment later, which would drop the list cached below.
    await t.database.changesHeard();
    expect((await titles(t)).map((x) => x.title)).toEqual(["Cached headline"]);

    // A write the database does not announce is not seen while the entry is fresh: it comes from memory.
    await writeUnannounced(t.db, (tx) => createHeadline(tx, { title: "Unannounced" }));
    expect(await titles(t)).toHaveLength(1);

    // A vote is announced as its transaction commits, and heard before its answer: the next answer is current.
    await t.app.inject({ method: "POST", url: "/api/vote", payload: { headlineId: h.id } });
    const fresh = await titles(t);
    expect(fresh).toHaveLength(2);
    expect(fresh.find((x) => x.title === "Cached headline")?.votes).toBe(1);

    // So is a change nobody made through the app (a job, a statement typed by hand).
    // (Heard on PostgreSQL's listening connection a moment after the statement answers: no request to wait.)
    await createHeadline(t.db, { title: "Written behind the app's back" });
    await t.database.changesHeard();
    expect(await titles(t)).toHaveLength(3);
  });

  it("keeps an entry no longer than its lifetime", async () => {
    const t = await createTestApp({ listCacheMs: 200 });
    cleanups.push(() => t.close());
    expect(await titles(t)).toHaveLength(0);
    await createHeadline(t.db);
    await new Promise((r) => setTimeout(r, 300));
    expect(await titles(t)).toHaveLength(1);
  });

  it.runIf(process.env.TEST_DB === "postgres")(
    "drops the list in another process on the same PostgreSQL",
    async () => {
      const t = await createTestApp({ listCacheMs: 60_000 });
      cleanups.push(() => t.close());
      await t.db.update(settings).set({ votingEndTime: new Date(Date.now() + 86_400_000) });
      const h = await createHeadline(t.db);
      const second = openPostgres(t.database.url as string, 2);
      const other = await buildApp({ config: testConfig({ listCacheMs: 60_000 }), database: second });
      cleanups.push(async () => {
        await other.close();
        await second.close();
      });
      expect((await titles({ app: other }))[0]?.votes).toBe(0);
      await new Promise((r) => setTimeout(r, 300));
      await t.app.inject({ method: "POST", url: "/api/vote", payload: { headlineId: h.id } });
      await expect.poll(async () => (await titles({ app: other }))[0]?.votes, { timeout: 5_000 }).toBe(1);
    },
  );
});

describe("ListCache loads", () => {
  const schema = z.array(z.object({ n: z.number() }));
  const quietLog = { warn() {}, error() {}, info() {} } as unknown as FastifyBaseLogger;

  function cacheWithCountedLoads() {
    const events = new LiveEvents(quietLog);
    cleanups.push(() => events.close());
    const cache = new ListCache(events, 60_000);
    let loads = 0;
    let release = () => {};
    const load = async () => {
      loads += 1;
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return [{ n: loads }];
    };
    return { events, cache, load, loads: () => loads, release: () => release() };
  }

  it("shares one database load between concurrent misses", async () => {
    const c = cacheWithCountedLoads();
    const answers = Array.from({ length: 20 }, () => c.cache.json("/list", "headlines", schema, c.load));
    await new Promise((r) => setTimeout(r, 0));
    c.release();
    const bodies = (await Promise.all(answers)).map((a) => a.body.toString());
    expect(c.loads()).toBe(1);
    expect(new Set(bodies)).toEqual(new Set(['[{"n":1}]']));
  });

  it("answers but does not keep a load that began before a change", async () => {
    const c = cacheWithCountedLoads();
    const before = c.cache.json("/list", "headlines", schema, c.load);
    await new Promise((r) => setTimeout(r, 0));
    c.events.changed("headlines");
    c.release();
    expect((await before).body.toString()).toBe('[{"n":1}]');
    // Kept, it would hide the change for the entry's lifetime: the next request loads again.
    const after = c.cache.json("/list", "headlines", schema, c.load);
    await new Promise((r) => setTimeout(r, 0));
    c.release();
    expect((await after).body.toString()).toBe('[{"n":2}]');
    expect(c.loads()).toBe(2);
  });
});

describe("compressed lists", () => {
  it("sends brotli or gzip to a browser that accepts it, the same JSON, and plain JSON otherwise", async () => {
    const t = await createTestApp({ listCacheMs: 60_000 });
    cleanups.push(() => t.close());
    await t.db.update(settings).set({ votingEndTime: new Date(Date.now() + 86_400_000) });
    for (let i = 0; i < 8; i += 1)
      await createHeadline(t.db, { description: `A long story, number ${i}. `.repeat(8) });
    const get = (acceptEncoding?: string) =>
      t.app.inject({
        method: "GET",
        url: "/api/headlines",
        headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {},
      });
    const plain = await get();
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await get("gzip, deflate, br, zstd");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toContain("accept-encoding");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);

    const gz = await get("gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(gz.headers.etag).toBe(plain.headers.etag);
  });
});
