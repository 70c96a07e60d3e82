import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildApp } from "../app";
import { openPostgres } from "../db/connect";
import { settings } from "../db/schema";
import { startFakeSources, TOKENS } from "../integrations/fixtures/fake-sources";
import { startMarketJob } from "../jobs/market";
import { createHeadline } from "../test/factories";
import { createTestApp, type TestApp, testConfig } from "../test/test-app";
import type { App } from "../types";
import { topicsForChange } from "./live-events";

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

describe("live updates", () => {
  it("maps each change to the lists it touches", () => {
    expect(topicsForChange("POST", "/api/vote")).toEqual(["headlines"]);
    expect(topicsForChange("POST", "/api/community-vote/:id")).toContain("tomorrows-news");
    expect(topicsForChange("POST", "/api/admin/notifications")).toEqual(["notifications"]);
    expect(topicsForChange("POST", "/api/admin/move-winner-to-yesterday")).toContain("archive");
    expect(topicsForChange("GET", "/api/headlines")).toEqual([]);
  });

  it("streams server-sent events and announces a vote to an open page", async () => {
    const t = await createTestApp();
    cleanups.push(() => t.close());
    const h = await openVoting(t);
    const { response, received } = await subscribe(t.app);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/event-stream");
    await t.app.inject({ method: "POST", url: "/api/vote", payload: { headlineId: h.id } });
    await expect.poll(() => received, { timeout: 5_000 }).toContain("headlines");
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
    const stop = startMarketJob(t.db, { ...t.app.config, marketRefreshMinutes: 1 }, t.app.log, (...topics) =>
      t.app.liveEvents.publish(...topics),
    );
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
    const publish = vi.spyOn(t.app.liveEvents, "publish");
    await t.app.inject({ method: "POST", url: "/api/vote", payload: { headlineId: 424242 } });
    // An accepted vote after it: once its announcement is seen, the refused one's would have been too (the
    // answers' hooks run in order), so nothing has to be waited for.
    await t.app.inject({ method: "POST", url: "/api/vote", payload: { headlineId: h.id } });
    await expect.poll(() => publish.mock.calls.length).toBe(1);
    expect(publish.mock.calls).toEqual([["headlines"]]);
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
