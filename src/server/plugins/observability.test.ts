import { Writable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import type { Config } from "../config";
import type { Database } from "../db/connect";
import { ensureSettings } from "../features/settings/settings.service";
import { createHeadline } from "../test/factories";
import { createTestDatabase, testConfig } from "../test/test-app";
import type { App } from "../types";

let app: App | undefined;
let database: Database | undefined;

afterEach(async () => {
  await app?.close();
  await database?.close();
  app = undefined;
  database = undefined;
});

/** The whole app on a fresh database, its log lines collected as parsed JSON. */
async function appWithLog(overrides: Partial<Config> = {}, level = "info", own = false) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  database = await createTestDatabase({ own });
  await ensureSettings(database.db, new Date());
  app = await buildApp({ config: testConfig(overrides), database, logger: { level, stream } });
  return { app, lines, db: database.db };
}

const metricValue = (text: string, line: RegExp) => {
  const match = text.split("\n").find((l) => line.test(l));
  return match ? Number(match.split(" ").at(-1)) : 0;
};

describe("health checks", () => {
  it("answers /healthz 200 while the process is up", async () => {
    const { app } = await appWithLog();
    const res = await app.inject({ method: "GET", url: "/healthz" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok" });
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("answers /readyz 200 once every migration has run, 503 when the database cannot answer", async () => {
    const { app } = await appWithLog({}, "info", true);
    const ready = await app.inject({ method: "GET", url: "/readyz" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ok" });

    await database?.close();
    const cut = await app.inject({ method: "GET", url: "/readyz" });
    expect(cut.statusCode).toBe(503);
    expect(cut.json()).toMatchObject({ status: "unavailable", message: expect.any(String) });
    database = undefined;
  });
});

describe("metrics", () => {
  it("serves Prometheus text whose counts move with requests and votes", async () => {
    const { app, db } = await appWithLog();
    const headline = await createHeadline(db);
    const vote = await app.inject({ method: "POST", url: "/api/vote", payload: { headlineId: headline.id } });
    expect(vote.statusCode).toBe(200);
    const again = await app.inject({
      method: "POST",
      url: "/api/vote",
      payload: { headlineId: headline.id },
      cookies: { mg_visitor: String(vote.cookies.find((c) => c.name === "mg_visitor")?.value) },
    });
    expect(again.statusCode).toBe(409);

    const res = await app.inject({ method: "GET", url: "/metrics" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(metricValue(text, /^votes_total\{kind="headline",outcome="ok"\}/)).toBe(1);
    expect(metricValue(text, /^votes_total\{kind="headline",outcome="already"\}/)).toBe(1);
    expect(metricValue(text, /^http_requests_total\{method="POST",route="\/api\/vote",status="200"\}/)).toBe(
      1,
    );
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="[^"]+",route="\/api\/vote"\}/m);
    expect(metricValue(text, /^db_query_duration_seconds_count/)).toBeGreaterThan(0);
    expect(text).toMatch(/^event_streams_open 0$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    expect(text).toMatch(/^process_resident_memory_bytes /m);
  });

  it("requires the bearer token when METRICS_TOKEN is set", async () => {
    const token = "a-long-metrics-token-0123456789";
    const { app } = await appWithLog({ metricsToken: token });
    expect((await app.inject({ method: "GET", url: "/metrics" })).statusCode).toBe(401);
    const wrong = await app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: "Bearer a-long-metrics-token-0123456780" },
    });
    expect(wrong.statusCode).toBe(401);
    const right = await app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(right.statusCode).toBe(200);
  });
});

describe("request log", () => {
  it("writes one line per answered request: method, route pattern, status, duration, id; no query string", async () => {
    const { app, lines } = await appWithLog();
    await app.inject({ method: "GET", url: "/api/headlines?secret=1", cookies: { mg_visitor: "x" } });
    const requests = lines.filter((line) => line.msg === "request");
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      level: 30,
      method: "GET",
      route: "/api/headlines",
      status: 200,
      ms: expect.any(Number),
      reqId: expect.any(String),
    });
    expect(JSON.stringify(lines)).not.toContain("secret");
    expect(JSON.stringify(lines)).not.toContain("mg_visitor");
  });

  it("keeps only the problems at LOG_LEVEL=warn", async () => {
    const { app, lines } = await appWithLog({}, "warn");
    await app.inject({ method: "GET", url: "/api/headlines" });
    expect(lines.filter((line) => line.msg === "request")).toHaveLength(0);
  });
});

describe("under pressure", () => {
  it("answers votes 503 with Retry-After past a threshold, and keeps /healthz answering", async () => {
    // 1 MB of resident memory: any process is past it, so the server counts itself overloaded.
    const { app, db } = await appWithLog({ maxRssMb: 1 });
    const headline = await createHeadline(db);
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // under-pressure samples once a second
    const vote = await app.inject({ method: "POST", url: "/api/vote", payload: { headlineId: headline.id } });
    expect(vote.statusCode).toBe(503);
    expect(Number(vote.headers["retry-after"])).toBeGreaterThan(0);
    expect((await app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(503);
    expect((await app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
    expect((await app.inject({ method: "GET", url: "/metrics" })).statusCode).toBe(200);
  });
});
