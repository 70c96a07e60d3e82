import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { openPostgres } from "../db/connect";
import { settings } from "../db/schema";
import { createHeadline } from "../test/factories";
import { createTestApp, type TestApp, testConfig } from "../test/test-app";

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
  it("serves a list from memory and drops it as soon as a change in this process touches it", async () => {
    const t = await createTestApp({ listCacheMs: 60_000 });
    cleanups.push(() => t.close());
    await t.db.update(settings).set({ votingEndTime: new Date(Date.now() + 86_400_000) });
    const h = await createHeadline(t.db, { title: "Cached headline" });
    expect((await titles(t)).map((x) => x.title)).toEqual(["Cached headline"]);

    // A write that bypasses the app is not seen while the entry is fresh: the answer comes from memory.
    await createHeadline(t.db, { title: "Written behind the app's back" });
    expect(await titles(t)).toHaveLength(1);

    // A vote goes through the app: the list is dropped at once and the next answer is current.
    await t.app.inject({ method: "POST", url: "/api/vote", payload: { headlineId: h.id } });
    const fresh = await titles(t);
    expect(fresh).toHaveLength(2);
    expect(fresh.find((x) => x.title === "Cached headline")?.votes).toBe(1);
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
