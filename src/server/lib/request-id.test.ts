/**
 * Request ids that mean the same request everywhere: taken from X-Request-Id only when a trusted proxy sent a
 * sane one, else a random UUID; sent back on every answer (the cached-list fast path's too) and on every log
 * line of the request, its error included.
 */
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import type { Config } from "../config";
import type { Database } from "../db/connect";
import { settings } from "../db/schema";
import { ensureSettings } from "../features/settings/settings.service";
import { createTestDatabase, testConfig } from "../test/test-app";
import type { App } from "../types";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let app: App | undefined;
let database: Database | undefined;
afterEach(async () => {
  await app?.close();
  await database?.close();
  app = undefined;
  database = undefined;
});

type Line = Record<string, unknown> & { msg: string; reqId?: string };

/** The app listening on a free port, logging at info into `lines()`, with a route that fails. */
async function listening(overrides: Partial<Config>) {
  database = await createTestDatabase();
  await ensureSettings(database.db, new Date());
  await database.db.update(settings).set({ votingEndTime: new Date(Date.now() + 86_400_000) });
  let logs = "";
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logs += chunk.toString();
      done();
    },
  });
  app = await buildApp({ config: testConfig(overrides), database, logger: { level: "info", stream } });
  app.get("/api/test-fails", async (request) => {
    request.log.info("about to fail");
    throw new Error("the test route fails");
  });
  // A service's own logger (not request.log) used while a request runs, after a body was read and awaits.
  app.post("/api/test-service-logs", async () => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    app?.log.child({ service: "test" }).warn("a service's line");
    return { ok: true };
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const lines = () =>
    logs
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Line);
  return { base, lines, raw: () => logs };
}

describe("request ids", () => {
  it("are taken from a trusted proxy's X-Request-Id, answered back and on every log line, error included", async () => {
    const { base, lines } = await listening({ trustProxy: ["127.0.0.1"] });
    const id = "lb-7f3a9c2e-0001";
    const res = await fetch(`${base}/api/test-fails`, { headers: { "x-request-id": id } });
    expect(res.status).toBe(500);
    expect(res.headers.get("x-request-id")).toBe(id);
    const mine = lines().filter((l) => l.reqId === id);
    expect(mine.map((l) => l.msg)).toEqual(["about to fail", "request failed", "request"]);
    // Every line the request wrote carries its id: the only lines without one are the server's own.
    expect(lines().filter((l) => !l.reqId && !l.msg.startsWith("Server listening"))).toEqual([]);
  });

  it("are on the lines a service's own logger writes while the request runs, once", async () => {
    const { base, lines, raw } = await listening({ trustProxy: ["127.0.0.1"] });
    const res = await fetch(`${base}/api/test-service-logs`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-request-id": "lb-service-1" },
      body: JSON.stringify({ a: 1 }),
    });
    expect(res.status).toBe(200);
    const line = lines().find((l) => l.msg === "a service's line");
    expect(line).toMatchObject({ reqId: "lb-service-1", service: "test" });
    // Once per line as written (JSON.parse would hide a repeat), the request's own lines included.
    const written = raw()
      .split("\n")
      .filter((l) => l.includes("lb-service-1"));
    expect(written.length).toBeGreaterThanOrEqual(2);
    for (const l of written) expect(l.split('"reqId"')).toHaveLength(2);
  });

  it("are random UUIDs when the proxy's id is not a sane token, one per request", async () => {
    const { base } = await listening({ trustProxy: ["127.0.0.1"] });
    for (const bad of ["has space", "x".repeat(129), "<script>", "a\u00e9b", ""]) {
      const res = await fetch(`${base}/api/settings`, { headers: { "x-request-id": bad } });
      expect(res.status).toBe(200);
      expect(res.headers.get("x-request-id"), JSON.stringify(bad)).toMatch(UUID);
    }
    const [a, b] = await Promise.all([fetch(`${base}/api/settings`), fetch(`${base}/api/settings`)]);
    expect(a?.headers.get("x-request-id")).toMatch(UUID);
    expect(a?.headers.get("x-request-id")).not.toBe(b?.headers.get("x-request-id"));
  });

  it("are never taken from a peer TRUST_PROXY does not name", async () => {
    // (A hop count trusts the immediate peer, as it does for the client's address.)
    for (const trustProxy of [false, ["10.0.0.0/8"]] as const) {
      const { base } = await listening({ trustProxy: trustProxy as Config["trustProxy"] });
      const res = await fetch(`${base}/api/settings`, { headers: { "x-request-id": "chosen-by-client" } });
      expect(res.headers.get("x-request-id"), JSON.stringify(trustProxy)).toMatch(UUID);
      await app?.close();
      await database?.close();
      app = undefined;
      database = undefined;
    }
  });

  it("are on the answers and log lines of the cached-list fast path, refusals and 404s too", async () => {
    const { base, lines } = await listening({ trustProxy: ["127.0.0.1"], listCacheMs: 60_000 });
    const first = await fetch(`${base}/api/headlines`);
    const cookie = (first.headers.get("set-cookie") ?? "").split(";")[0] as string;
    // Cached now: the second answer comes from the fast path, before Fastify.
    const cached = await fetch(`${base}/api/headlines`, {
      headers: { cookie, "x-request-id": "lb-cached-1" },
    });
    expect(cached.status).toBe(200);
    expect(cached.headers.get("x-request-id")).toBe("lb-cached-1");
    expect(lines().find((l) => l.reqId === "lb-cached-1")).toMatchObject({ msg: "request", status: 200 });
    const random = await fetch(`${base}/api/headlines`, { headers: { cookie } });
    expect(random.headers.get("x-request-id")).toMatch(UUID);

    const missing = await fetch(`${base}/api/no-such-route`, { headers: { "x-request-id": "lb-404" } });
    expect([missing.status, missing.headers.get("x-request-id")]).toEqual([404, "lb-404"]);
    const refused = await fetch(`${base}/api/vote`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-request-id": "lb-400" },
      body: "{not json",
    });
    expect([refused.status, refused.headers.get("x-request-id")]).toEqual([400, "lb-400"]);
  });
});
