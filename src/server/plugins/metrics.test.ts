import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { pageRouteOf } from "@/common/pages";
import type { Config } from "../config";
import { settings } from "../db/schema";
import { newPaymentReference } from "../features/submissions/receipts";
import {
  type FakeSources,
  PAYMENTS,
  payWithReference,
  RPC_PATH,
  startFakeSources,
} from "../integrations/fixtures/fake-sources";
import { outcomeOf, serviceOf } from "../integrations/outbound";
import { SafeFetchError } from "../integrations/safe-fetch";
import { startCycleJob } from "../jobs/cycle";
import { startIntervalJob } from "../jobs/interval-job";
import { createHeadline } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";

/**
 * /metrics as an operator reads it: each series the README names appears with its labels and moves when
 * the thing it counts happens. Every app has its own registry, so each test counts from zero.
 */

let t: TestApp | undefined;
let fake: FakeSources | undefined;
const servers: http.Server[] = [];
afterEach(async () => {
  await t?.close();
  await fake?.close();
  for (const server of servers.splice(0)) await new Promise((done) => server.close(done));
  t = undefined;
  fake = undefined;
});

async function app(overrides: Partial<Config> = {}) {
  t = await createTestApp(overrides);
  return t;
}

async function scrape(): Promise<string> {
  const res = await (t as TestApp).app.inject({ method: "GET", url: "/metrics" });
  expect(res.statusCode).toBe(200);
  return res.body;
}

/** The value of the one sample whose name and labels are exactly these (label order as prom-client prints). */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** A built browser app in miniature: the page and one hashed asset. */
function staticDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mg-metrics-"));
  fs.mkdirSync(path.join(dir, "assets"));
  fs.writeFileSync(path.join(dir, "index.html"), "<html><head><title>x</title></head><body></body></html>");
  fs.writeFileSync(path.join(dir, "assets", "app-abc123.js"), "console.log(1)");
  return dir;
}

describe("route labels", () => {
  it("labels pages by their route pattern, every built file as one route, and anything else unmatched", async () => {
    const { app: site, db } = await app({ staticDir: staticDir() });
    const headline = await createHeadline(db, { title: "Cat elected mayor" });
    const get = async (url: string) => (await site.inject({ method: "GET", url })).statusCode;
    expect(await get(`/h/${headline.id}/cat-elected-mayor`)).toBe(200);
    expect(await get(`/h/${headline.id}`)).toBe(301); // to the canonical slug
    expect(await get("/h/999999")).toBe(404); // no such headline: still the headline page's route
    expect(await get("/archive")).toBe(200);
    expect(await get("/ARCHIVE/")).toBe(301); // sent to /archive (issue 28)
    expect(await get("/")).toBe(200);
    expect(await get("/tomorrows-news")).toBe(200);
    expect(await get("/submission/abcdefgh")).toBe(404); // no such receipt (issue 28)
    expect(await get("/assets/app-abc123.js")).toBe(200);
    expect(await get("/assets/gone-999.js")).toBe(404);
    expect(await get("/no/such/page")).toBe(404);
    expect(await get("/wp-login.php")).toBe(404);

    const text = await scrape();
    const requests = (route: string, status: number) =>
      sample(text, `http_requests_total{method="GET",route="${route}",status="${status}"}`);
    expect(requests("/h/:id", 200)).toBe(1);
    expect(requests("/h/:id", 301)).toBe(1);
    expect(requests("/h/:id", 404)).toBe(1);
    expect(requests("/archive", 200)).toBe(1);
    expect(requests("/archive", 301)).toBe(1);
    expect(requests("/", 200)).toBe(1);
    expect(requests("/tomorrows-news", 200)).toBe(1);
    expect(requests("/submission/:receipt", 404)).toBe(1);
    expect(requests("/assets/*", 200)).toBe(1);
    expect(requests("unmatched", 404)).toBe(3);
    expect(text).toMatch(/^http_request_duration_seconds_count\{route="\/h\/:id"\} 3$/m);
    // Never a raw path or the static plugin's wildcard.
    const routes = new Set([...text.matchAll(/route="([^"]*)"/g)].map((m) => m[1]));
    expect([...routes].filter((r) => r?.includes("abc") || r?.includes("999") || r === "/*")).toEqual([]);
  });

  it("names page routes as the router matches them", () => {
    expect(pageRouteOf("/")).toBe("/");
    expect(pageRouteOf("/Archive/")).toBe("/archive");
    expect(pageRouteOf("/old-news")).toBe("/old-news");
    expect(pageRouteOf("/h/12")).toBe("/h/:id");
    expect(pageRouteOf("/h/12/some-slug/")).toBe("/h/:id");
    expect(pageRouteOf("/submission/r3ce1pt")).toBe("/submission/:receipt");
    expect(pageRouteOf("/h/x")).toBeUndefined();
    expect(pageRouteOf("/anything-else")).toBeUndefined();
  });
});

describe("refusals by limit", () => {
  it("counts the daily vote limit's 429 under limit=vote", async () => {
    const { app: site, db } = await app();
    await db.update(settings).set({ votingEndTime: new Date(Date.now() + 86_400_000) });
    const headline = await createHeadline(db);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await site.inject({
        method: "POST",
        url: "/api/vote",
        payload: { headlineId: headline.id },
        cookies: { mg_visitor: `visitor${String(i).padStart(15, "0")}` },
        remoteAddress: "203.0.113.7",
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.at(-1)).toBe(429);
    const text = await scrape();
    expect(sample(text, 'limit_refusals_total{limit="vote"}')).toBe(1);
    expect(text).not.toMatch(/limit_refusals_total\{limit="other"\}/);
  });

  it("counts the event streams' 429 under limit=event_stream", async () => {
    const { app: site } = await app({ eventStreamsMax: 0 });
    expect((await site.inject({ method: "GET", url: "/api/events" })).statusCode).toBe(429);
    expect(sample(await scrape(), 'limit_refusals_total{limit="event_stream"}')).toBe(1);
  });
});

/** A local server that answers every request with `status`. */
async function answering(status: number): Promise<string> {
  const server = http.createServer((_request, response) => response.writeHead(status).end("{}"));
  servers.push(server);
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("outbound calls", () => {
  it("counts a Solana RPC answering 500 as solana_rpc http_5xx, with its duration", async () => {
    const rpc = await answering(500);
    const { app: site } = await app({ solanaRpcUrl: `${rpc}/rpc` });
    const res = await site.inject({ method: "GET", url: "/api/payments/latest-blockhash" });
    expect(res.statusCode).toBe(503);
    const text = await scrape();
    expect(sample(text, 'outbound_requests_total{service="solana_rpc",outcome="http_5xx"}')).toBe(1);
    expect(sample(text, 'outbound_request_duration_seconds_count{service="solana_rpc"}')).toBe(1);
  });

  it("names the service by the configured base URL it calls, and the outcome by what happened", () => {
    const of = serviceOf({
      solanaRpcUrl: "http://10.0.0.5:8899",
      newsFeedBaseUrl: "https://news.google.com",
      nytFeedBaseUrl: "https://rss.nytimes.com",
      dexscreenerBaseUrl: "https://api.dexscreener.com",
      jupiterBaseUrl: "https://lite-api.jup.ag/",
      twitterApiBaseUrl: "https://api.x.com",
    });
    expect(of("http://10.0.0.5:8899")).toBe("solana_rpc");
    expect(of("https://rss.nytimes.com/services/xml/rss/nyt/World.xml")).toBe("news");
    expect(of("https://api.dexscreener.com/tokens/v1/solana/x")).toBe("dexscreener");
    expect(of("https://lite-api.jup.ag/tokens/v2/toptrending/1h")).toBe("jupiter");
    expect(of("https://api.x.com/2/trends/by/woeid/1")).toBe("x");
    expect(of("https://api.x.com.evil.example/2")).toBe("other");
    expect(of("https://example.com/image.png")).toBe("other");

    expect(outcomeOf(new SafeFetchError("timeout", "t"))).toBe("timeout");
    expect(outcomeOf(new SafeFetchError("bad_status", "s", { status: 429 }))).toBe("http_4xx");
    expect(outcomeOf(new SafeFetchError("network", "n"))).toBe("error");
    expect(outcomeOf(new Error("other"))).toBe("error");
  });
});

describe("payment checks", () => {
  it("counts each on-chain check by outcome: paid, not found, refused, error", async () => {
    fake = await startFakeSources();
    const { app: site, db } = await app({ ...fake.config, paymentAddress: PAYMENTS.paymentAddress });
    const promoted = () =>
      createHeadline(db, {
        stage: "pending",
        createdAt: new Date(Date.now() - 60_000),
        paymentReference: newPaymentReference(),
        launchStatus: "upcoming",
      });
    const paid = await promoted();
    payWithReference(fake.state, paid.paymentReference ?? "");
    await promoted(); // nothing sent to its reference
    const small = await promoted();
    payWithReference(fake.state, small.paymentReference ?? "", "solana-tx-too-small.json");
    await site.paymentChecks.pass();

    fake.state.failing.add(RPC_PATH);
    await promoted();
    await site.paymentChecks.pass();

    const text = await scrape();
    expect(sample(text, 'payment_checks_total{outcome="paid"}')).toBe(1);
    // The second pass looks again at the two still awaiting payment, then fails on all three.
    expect(sample(text, 'payment_checks_total{outcome="not_found"}')).toBe(1);
    expect(sample(text, 'payment_checks_total{outcome="refused"}')).toBe(1);
    expect(sample(text, 'payment_checks_total{outcome="error"}')).toBe(3);
    expect(sample(text, 'outbound_requests_total{service="solana_rpc",outcome="ok"}')).toBeGreaterThan(0);
    expect(sample(text, 'outbound_requests_total{service="solana_rpc",outcome="http_5xx"}')).toBe(3);
  });
});

describe("jobs", () => {
  it("counts each job's runs and failures and records its last success", async () => {
    const { app: site, db } = await app();
    const before = Date.now() / 1000;
    const stopCycle = startCycleJob(db, site.log, site.metrics);
    let calls = 0;
    const stopFlaky = startIntervalJob(
      "flaky job",
      20,
      async () => {
        calls += 1;
        if (calls === 1) throw new Error("first pass fails");
      },
      site.log,
      { runAtStart: true, metrics: site.metrics.jobs },
    );
    await expect.poll(() => calls, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
    await stopFlaky();
    await stopCycle();

    const text = await scrape();
    expect(sample(text, 'job_runs_total{job="cycle_job"}')).toBe(1);
    expect(sample(text, 'job_failures_total{job="cycle_job"}')).toBeUndefined();
    expect(sample(text, 'job_last_success_timestamp_seconds{job="cycle_job"}')).toBeGreaterThanOrEqual(
      Math.floor(before),
    );
    expect(sample(text, 'job_runs_total{job="flaky_job"}')).toBe(calls);
    expect(sample(text, 'job_failures_total{job="flaky_job"}')).toBe(1);
    expect(sample(text, 'job_last_success_timestamp_seconds{job="flaky_job"}')).toBeGreaterThanOrEqual(
      Math.floor(before),
    );
  });
});

describe("list cache, queues, pool and build", () => {
  it("counts list-cache misses and hits by list", async () => {
    const { app: site } = await app({ listCacheMs: 60_000 });
    for (let i = 0; i < 3; i++) await site.inject({ method: "GET", url: "/api/headlines" });
    const text = await scrape();
    expect(sample(text, 'list_cache_lookups_total{list="/api/headlines",result="miss"}')).toBe(1);
    expect(sample(text, 'list_cache_lookups_total{list="/api/headlines",result="hit"}')).toBe(2);
  });

  it("reports the image and card queues' depth and running work", async () => {
    const { app: site } = await app();
    let text = await scrape();
    expect(sample(text, 'work_queue_depth{queue="images"}')).toBe(0);
    expect(sample(text, 'work_queue_depth{queue="cards"}')).toBe(0);
    const ticket = site.imageWork.enter(); // an upload still being received
    text = await scrape();
    expect(sample(text, 'work_queue_depth{queue="images"}')).toBe(1);
    let release = () => {};
    const running = ticket.run(() => new Promise<void>((done) => (release = done)));
    text = await scrape();
    expect(sample(text, 'work_queue_depth{queue="images"}')).toBe(0);
    expect(sample(text, 'work_queue_running{queue="images"}')).toBe(1);
    release();
    await running;
    expect(sample(await scrape(), 'work_queue_running{queue="images"}')).toBe(0);
  });

  it("reports the database pool on PostgreSQL, and nothing for the embedded database", async () => {
    const { database } = await app();
    const text = await scrape();
    if (database.kind === "postgres") {
      expect(sample(text, "db_pool_connections")).toBeGreaterThanOrEqual(1);
      expect(sample(text, "db_pool_idle_connections")).toBeGreaterThanOrEqual(0);
      expect(sample(text, "db_pool_waiting_requests")).toBe(0);
      expect(sample(text, "db_pool_max_connections")).toBe(20);
    } else {
      expect(text).not.toMatch(/^db_pool_/m);
    }
  });

  it("says which release runs: the version in package.json and the commit", async () => {
    const { version } = JSON.parse(fs.readFileSync("package.json", "utf8")) as { version: string };
    await app({ gitCommit: "0123abcd4567" });
    expect(sample(await scrape(), `build_info{version="${version}",commit="0123abcd4567"}`)).toBe(1);
  });
});
