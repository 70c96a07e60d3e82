import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { LiveTopic } from "@/common/live";
import { buildApp } from "../app";
import { openPostgres } from "../db/connect";
import { headlines, notifications, settings } from "../db/schema";
import { startFakeSources, TOKENS } from "../integrations/fixtures/fake-sources";
import { startMarketJob } from "../jobs/market";
import { createArchiveEntry, createHeadline } from "../test/factories";
import { createTestApp, type TestApp, testConfig } from "../test/test-app";
import type { App } from "../types";

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

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
  cleanups.push(async () => {
    request.destroy();
  });
  return { response, received };
}

async function openVoting(t: TestApp) {
  await t.db.update(settings).set({ votingEndTime: new Date(Date.now() + 86_400_000) });
  return createHeadline(t.db);
}

/**
 * Runs a change and answers what was heard for it (`heard` is filled by the caller's listener, a marker
 * notification's "notifications" last).
 */
function announcer(t: TestApp, heard: string[]) {
  return async (change: () => Promise<unknown>) => {
    // What was written before has been heard (on PostgreSQL a change made outside a request reaches the
    // listening connection a moment after its statement answers).
    await t.database.changesHeard();
    heard.length = 0;
    await change();
    // A marker after the change: once it is heard, the change's own announcement was too.
    await t.db.insert(notifications).values({ message: "marker", expiresAt: new Date(Date.now() + 60_000) });
    await expect.poll(() => heard.at(-1)).toBe("notifications");
    return heard.slice(0, -1);
  };
}

describe("live updates", () => {
  it("hears every change from the database, whoever made it, as the lists the changed rows appear in", async () => {
    const t = await createTestApp();
    cleanups.push(() => t.close());
    const heard: string[] = [];
    t.app.liveEvents.onChange((topics) => heard.push(topics.join(",")));
    // Each statement below is written straight to the database: no route, service or job announces it.
    const announced = announcer(t, heard);

    const today = await createHeadline(t.db, { stage: "today" });
    expect(
      await announced(() => t.db.update(headlines).set({ votes: 3 }).where(eq(headlines.id, today.id))),
    ).toEqual(["headlines"]);
    expect(
      await announced(() => t.db.update(headlines).set({ votes: 3 }).where(eq(headlines.id, today.id))),
    ).toEqual([]); // a write that changes nothing
    expect(
      await announced(() =>
        t.db.update(headlines).set({ listedTomorrow: true }).where(eq(headlines.id, today.id)),
      ),
    ).toEqual(["headlines,tomorrows-news"]);
    // A count changes in every list the headline is in (the quick path of a vote: its lists stay as they were).
    expect(
      await announced(() => t.db.update(headlines).set({ votes: 4 }).where(eq(headlines.id, today.id))),
    ).toEqual(["headlines,tomorrows-news"]);
    // Leaving a list announces the list it left too.
    expect(
      await announced(() =>
        t.db.update(headlines).set({ listedTomorrow: false, votes: 5 }).where(eq(headlines.id, today.id)),
      ),
    ).toEqual(["headlines,tomorrows-news"]);
    const launched = await createHeadline(t.db, { stage: "launched", oldNewsAt: new Date() });
    expect(
      await announced(() => t.db.update(headlines).set({ buyVotes: 1 }).where(eq(headlines.id, launched.id))),
    ).toEqual(["headlines,yesterdays-news"]);
    expect(await announced(() => createHeadline(t.db, { stage: "launched", oldNewsAt: new Date() }))).toEqual(
      ["headlines,yesterdays-news"],
    );
    // Waiting for review: no public list shows it; its receipt page does.
    expect(await announced(() => createHeadline(t.db, { stage: "pending" }))).toEqual([]);
    const receipted = await createHeadline(t.db, { stage: "pending", receipt: "r".repeat(22) });
    expect(
      await announced(() =>
        t.db.update(headlines).set({ paymentNote: "not found yet" }).where(eq(headlines.id, receipted.id)),
      ),
    ).toEqual(["submission"]);
    expect(
      await announced(() =>
        t.db.update(headlines).set({ paymentCheckedAt: new Date() }).where(eq(headlines.id, receipted.id)),
      ),
    ).toEqual([]);
    // A published submission: a count change is its lists' news, not its receipt's; a payment change is both.
    const published = await createHeadline(t.db, { stage: "today", receipt: "p".repeat(22) });
    expect(
      await announced(() => t.db.update(headlines).set({ votes: 2 }).where(eq(headlines.id, published.id))),
    ).toEqual(["headlines"]);
    expect(
      await announced(() =>
        t.db.update(headlines).set({ paymentNote: "seen on chain" }).where(eq(headlines.id, published.id)),
      ),
    ).toEqual(["headlines,submission"]);
    expect(await announced(() => createArchiveEntry(t.db))).toEqual(["archive"]);
    expect(await announced(() => t.db.update(settings).set({ currentDay: "2026-11-20" }))).toEqual([
      "settings",
    ]);
    expect(await announced(() => t.db.update(settings).set({ currentDay: "2026-11-20" }))).toEqual([]);
    // One transaction touching many rows of one list announces it once.
    await createHeadline(t.db, { stage: "today" });
    expect(
      await announced(() =>
        t.db
          .update(headlines)
          .set({ votes: 9 })
          .where(and(eq(headlines.inTodaysVoting, true), eq(headlines.inTomorrowsNews, false))),
      ),
    ).toEqual(["headlines"]);
  });

  it("says when a change moved only counts: a vote, a market refresh, never an edit (migration 0021)", async () => {
    const t = await createTestApp();
    cleanups.push(() => t.close());
    const heard: string[] = [];
    t.app.liveEvents.onChange((topics, { countsOnly }) =>
      heard.push(`${topics.join(",")}${countsOnly ? " (counts only)" : ""}`),
    );
    const announced = announcer(t, heard);
    const today = await openVoting(t);
    const where = eq(headlines.id, today.id);

    // A vote through the site: its tally, its race and when it came.
    const vote = await t.app.inject({
      method: "POST",
      url: "/api/vote",
      payload: { headlineId: today.id },
      cookies: { mg_visitor: "countsonlyvisitor00001" },
    });
    expect(vote.statusCode).toBe(200);
    await t.database.changesHeard();
    expect(heard.at(-1)).toBe("headlines (counts only)");
    expect(
      await announced(() => t.db.update(headlines).set({ price: 0.5, marketCap: 1e6 }).where(where)),
    ).toEqual(["headlines (counts only)"]);
    // What a page shows beside its counts.
    expect(await announced(() => t.db.update(headlines).set({ title: "Edited" }).where(where))).toEqual([
      "headlines",
    ]);
    expect(
      await announced(() => t.db.update(headlines).set({ votes: 9, title: "Again" }).where(where)),
    ).toEqual(["headlines"]);
    expect(await announced(() => t.db.update(headlines).set({ listedTomorrow: true }).where(where))).toEqual([
      "headlines,tomorrows-news",
    ]);
    // A count of a headline in both lists.
    expect(await announced(() => t.db.update(headlines).set({ votes: 10 }).where(where))).toEqual([
      "headlines,tomorrows-news (counts only)",
    ]);
  });

  it("streams server-sent events and announces a vote to an open page", async () => {
    const t = await createTestApp();
    cleanups.push(() => t.close());
    const h = await openVoting(t);
    const { response, received } = await subscribe(t.app);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/event-stream");
    await t.app.inject({ method: "POST", url: "/api/vote", payload: { headlineId: h.id } });
    await expect
      .poll(() => received, { timeout: 5_000 })
      .toContainEqual(expect.stringContaining("headlines"));
  });

  it("announces a change the market job made to the pages showing market figures", async () => {
    const fake = await startFakeSources();
    cleanups.push(() => fake.close());
    const t = await createTestApp(fake.config);
    cleanups.push(() => t.close());
    await createHeadline(t.db, {
      stage: "launched",
      oldNewsAt: new Date(),
      contractAddress: TOKENS.moonCat,
    });
    const { received } = await subscribe(t.app);
    // Only the job's timer is faked: the refresh itself talks to the fake DexScreener for real.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    cleanups.push(async () => void vi.useRealTimers());
    const stop = startMarketJob(t.db, { ...t.app.config, marketRefreshMinutes: 1 }, t.app.log);
    cleanups.push(stop);
    vi.advanceTimersByTime(60_000);
    await expect
      .poll(() => received, { timeout: 5_000 })
      .toContainEqual(expect.stringContaining("yesterdays-news"));
    expect(received.join(",")).toContain("headlines");
  });

  it("announces nothing for a refused vote", async () => {
    const t = await createTestApp();
    cleanups.push(() => t.close());
    const h = await openVoting(t);
    await t.database.changesHeard();
    const heard: LiveTopic[][] = [];
    t.app.liveEvents.onChange((topics) => heard.push(topics));
    await t.app.inject({ method: "POST", url: "/api/vote", payload: { headlineId: 424242 } });
    // An accepted vote after it: once its announcement is heard, the refused one's would have been too
    // (announcements arrive in commit order), so nothing has to be waited for.
    await t.app.inject({ method: "POST", url: "/api/vote", payload: { headlineId: h.id } });
    await expect.poll(() => heard.length).toBe(1);
    expect(heard).toEqual([["headlines"]]);
  });

  it.runIf(process.env.TEST_DB === "postgres")(
    "reaches the visitors of another process on the same PostgreSQL",
    async () => {
      const t = await createTestApp();
      cleanups.push(() => t.close());
      const h = await openVoting(t);
      const second = openPostgres(t.database.url as string, 2);
      const other = await buildApp({ config: testConfig(), database: second });
      cleanups.push(async () => {
        await other.close();
        await second.close();
      });
      const { received } = await subscribe(other);
      // Give the second process's LISTEN a moment to be in place.
      await new Promise((r) => setTimeout(r, 300));
      await t.app.inject({ method: "POST", url: "/api/vote", payload: { headlineId: h.id } });
      await expect.poll(() => received, { timeout: 5_000 }).toContain("headlines");
    },
  );
});

describe("ETags", () => {
  it("answers an unchanged public list with 304 and a changed one with 200", async () => {
    const t = await createTestApp();
    cleanups.push(() => t.close());
    const h = await openVoting(t);
    const first = await t.app.inject({ method: "GET", url: "/api/headlines" });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    // private: this first answer gives a new visitor its id cookie, which no shared cache may keep.
    expect(first.headers["cache-control"]).toBe("private, no-cache");
    const again = await t.app.inject({
      method: "GET",
      url: "/api/headlines",
      headers: { "if-none-match": etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    await t.app.inject({ method: "POST", url: "/api/vote", payload: { headlineId: h.id } });
    const changed = await t.app.inject({
      method: "GET",
      url: "/api/headlines",
      headers: { "if-none-match": etag },
    });
    expect(changed.statusCode).toBe(200);
  });
});
