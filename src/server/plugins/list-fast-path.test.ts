import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type { Config } from "../config";
import { settings } from "../db/schema";
import { createHeadline } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";
import { createListFastPath } from "./list-fast-path";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** The app listening on a free port, counting the requests that reach Fastify's lifecycle over HTTP. */
async function listeningApp(listCacheMs = 60_000, overrides: Partial<Config> = {}) {
  t = await createTestApp({ listCacheMs, ...overrides });
  await t.db.update(settings).set({ votingEndTime: new Date(Date.now() + 86_400_000) });
  const reachedFastify = { count: 0 };
  // Only requests over HTTP are counted, not inject()'s (light-my-request names itself as the user agent).
  t.app.addHook("onRequest", (request, _reply, done) => {
    if (request.headers["user-agent"] !== "lightMyRequest") reachedFastify.count++;
    done();
  });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  return { app: t.app, db: t.db, base, reachedFastify };
}

const visitorCookieOf = (response: Response) =>
  (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";

describe("the cached-list fast path", () => {
  it("answers a returning visitor's cached list exactly as the route does, in every variant", async () => {
    const { app, db, base, reachedFastify } = await listeningApp();
    for (let i = 0; i < 5; i++) await createHeadline(db, { title: `Headline number ${i} with some length` });
    // Written straight to the database: on PostgreSQL heard a moment later, which would drop the list cached below.
    await t?.database.changesHeard();
    const first = await fetch(`${base}/api/headlines`);
    const cookie = visitorCookieOf(first);
    const etag = first.headers.get("etag") as string;
    expect(cookie).toMatch(/^mg_visitor=/);
    expect(reachedFastify.count).toBe(1);

    const variants: Array<Record<string, string>> = [
      { "accept-encoding": "identity" },
      { "accept-encoding": "gzip, deflate" },
      { "accept-encoding": "gzip, deflate, br" },
      { "accept-encoding": "identity", "if-none-match": etag },
      { "accept-encoding": "br", "if-none-match": etag },
    ];
    for (const headers of variants) {
      // fetch() would decompress the body: node:http-level bytes come from a raw request instead.
      const viaFastPath = await rawGet(`${base}/api/headlines`, { ...headers, cookie });
      const viaRoute = await app.inject({
        method: "GET",
        url: "/api/headlines",
        headers: { ...headers, cookie },
      });
      const routeHeaders = Object.fromEntries(
        Object.entries(viaRoute.headers).filter(
          ([name]) => !["date", "connection", "keep-alive"].includes(name),
        ),
      );
      expect(viaFastPath.status, JSON.stringify(headers)).toBe(viaRoute.statusCode);
      expect(withoutRequestId(viaFastPath.headers), JSON.stringify(headers)).toEqual(
        withoutRequestId(routeHeaders),
      );
      expect(viaFastPath.body.equals(viaRoute.rawPayload), JSON.stringify(headers)).toBe(true);
    }
    // None of these reached Fastify's lifecycle.
    expect(reachedFastify.count).toBe(1);
  });

  it("answers with the route's headers over HTTPS too: HSTS only there, X-Forwarded-Proto only from a trusted proxy", async () => {
    // The requests come from 127.0.0.1 both ways (inject() says so too): the proxy TRUST_PROXY names.
    const { app, db, base, reachedFastify } = await listeningApp(60_000, { trustProxy: ["127.0.0.1"] });
    await createHeadline(db, { title: "A headline for the HTTPS variant" });
    await t?.database.changesHeard();
    const cookie = visitorCookieOf(await fetch(`${base}/api/headlines`));
    const variants: Array<[Record<string, string>, boolean]> = [
      [{ "x-forwarded-proto": "https" }, true],
      [{ "x-forwarded-proto": "http" }, false],
      [{ "x-forwarded-proto": "http, https" }, true], // the last entry is the trusted proxy's
      [{}, false],
    ];
    for (const [headers, https] of variants) {
      const viaFastPath = await rawGet(`${base}/api/headlines`, { ...headers, cookie });
      const viaRoute = await app.inject({
        method: "GET",
        url: "/api/headlines",
        headers: { ...headers, cookie },
      });
      const routeHeaders = Object.fromEntries(
        Object.entries(viaRoute.headers).filter(
          ([name]) => !["date", "connection", "keep-alive"].includes(name),
        ),
      );
      expect(withoutRequestId(viaFastPath.headers), JSON.stringify(headers)).toEqual(
        withoutRequestId(routeHeaders),
      );
      expect("strict-transport-security" in viaFastPath.headers, JSON.stringify(headers)).toBe(https);
    }
    expect(reachedFastify.count).toBe(1);
  });

  it("counts its answers in the metrics like Fastify's", async () => {
    const { base, reachedFastify } = await listeningApp();
    const cookie = visitorCookieOf(await fetch(`${base}/api/headlines`));
    for (let i = 0; i < 3; i++) await rawGet(`${base}/api/headlines`, { cookie });
    expect(reachedFastify.count).toBe(1);
    const metrics = await (await fetch(`${base}/metrics`)).text();
    expect(metrics).toMatch(/^http_requests_total\{method="GET",route="\/api\/headlines",status="200"\} 4$/m);
  });

  it("leaves everything else to Fastify", async () => {
    const { base, reachedFastify } = await listeningApp();
    const first = await fetch(`${base}/api/headlines`);
    const cookie = visitorCookieOf(first);
    const reached = async (url: string, init: RequestInit = {}) => {
      const before = reachedFastify.count;
      const response = await fetch(url, init);
      await response.arrayBuffer();
      return { response, reached: reachedFastify.count - before === 1 };
    };

    // A new visitor gets their cookie from Fastify, as do visitors whose cookie this server did not issue.
    const newVisitor = await reached(`${base}/api/headlines`);
    expect(newVisitor.reached).toBe(true);
    expect(newVisitor.response.headers.get("set-cookie")).toMatch(/^mg_visitor=/);
    const forged = await reached(`${base}/api/headlines`, { headers: { cookie: "mg_visitor=not-an-id" } });
    expect(forged.reached).toBe(true);
    expect(forged.response.headers.get("set-cookie")).toMatch(/^mg_visitor=/);

    // Other methods and other URLs for the same list, and lists not in the cache yet.
    expect((await reached(`${base}/api/headlines`, { method: "HEAD", headers: { cookie } })).reached).toBe(
      true,
    );
    expect((await reached(`${base}/api/headlines?page=2`, { headers: { cookie } })).reached).toBe(true);
    expect((await reached(`${base}/api/archive`, { headers: { cookie } })).reached).toBe(true);
    // ...which the second time is cached, and answered on the fast path.
    expect((await reached(`${base}/api/archive`, { headers: { cookie } })).reached).toBe(false);
    expect((await reached(`${base}/api/headlines`, { headers: { cookie } })).reached).toBe(false);
  });

  it("never answers from a list a change has dropped: a vote is in the next answer", async () => {
    const { db, base, reachedFastify } = await listeningApp();
    const headline = await createHeadline(db, { title: "Vote for me" });
    const cookie = visitorCookieOf(await fetch(`${base}/api/headlines`));
    const votesNow = async () =>
      (
        (await (await fetch(`${base}/api/headlines`, { headers: { cookie } })).json()) as Array<{
          votes: number;
        }>
      )[0]?.votes;
    expect(await votesNow()).toBe(0);
    const vote = await fetch(`${base}/api/vote`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ headlineId: headline.id }),
    });
    expect(vote.status).toBe(200);
    const before = reachedFastify.count;
    expect(await votesNow()).toBe(1);
    expect(reachedFastify.count).toBe(before + 1);
  });

  it("answers nothing once the server has begun to shut down", async () => {
    const { app, base } = await listeningApp();
    await (await fetch(`${base}/api/headlines`)).arrayBuffer();
    const request = {
      method: "GET",
      url: "/api/headlines",
      headers: { cookie: "mg_visitor=AAAAAAAAAAAAAAAAAAAAAA" },
    };
    let written = false;
    const response = { setHeader: () => undefined, writeHead: () => (written = true), end: () => undefined };
    const closing = createListFastPath(app.listCache, { http: {}, https: {} }, undefined, () => true);
    expect(closing(request as never, response as never)).toBe(false);
    expect(written).toBe(false);
    const open = createListFastPath(app.listCache, { http: {}, https: {} }, undefined, () => false);
    expect(open(request as never, response as never)).toBe(true);
    expect(written).toBe(true);
  });
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The headers but X-Request-Id, which each answer has, a new one per request (lib/request-id.ts). */
function withoutRequestId(headers: Record<string, unknown>): Record<string, unknown> {
  const { "x-request-id": id, ...rest } = headers;
  expect(id).toMatch(UUID);
  return rest;
}

/** A GET over node:http that keeps the body's bytes as sent (no decompression). */
async function rawGet(url: string, headers: Record<string, string>) {
  const http = await import("node:http");
  return new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const kept: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers)) {
            if (!["date", "connection", "keep-alive"].includes(name)) kept[name] = String(value);
          }
          resolve({ status: res.statusCode ?? 0, headers: kept, body: Buffer.concat(chunks) });
        });
      })
      .on("error", reject);
  });
}
