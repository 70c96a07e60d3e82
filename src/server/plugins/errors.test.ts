/**
 * The error handler with real failing writes: a full disk answers 503 with a clear message while votes keep
 * working, and the error logs carry neither the submitted text nor the visitor's full IP.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import Fastify from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import type { Database } from "../db/connect";
import { settings } from "../db/schema";
import { ensureSettings } from "../features/settings/settings.service";
import { busy } from "../lib/http-error";
import { createHeadline } from "../test/factories";
import { createTestDatabase, testConfig } from "../test/test-app";
import type { App } from "../types";
import { DATABASE_UNAVAILABLE_MESSAGE, registerErrorHandler, STORAGE_FULL_MESSAGE } from "./errors";
import { redactedError } from "./request-logger";
import { registerWebApp } from "./web-app";

let database: Database;
let app: App;
let logs: string;

/** The app with its logger writing into `logs`, on `database` as given (or wrapped by a test). */
async function start(wrap: (d: Database) => Database = (d) => d) {
  logs = "";
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logs += chunk.toString();
      done();
    },
  });
  app = await buildApp({ config: testConfig(), database: wrap(database), logger: { level: "info", stream } });
}

beforeEach(async () => {
  database = await createTestDatabase();
  await ensureSettings(database.db, new Date());
  await database.db
    .update(settings)
    .set({ votingEndTime: new Date(Date.now() + 86_400_000), launchTime: new Date(Date.now() + 90_000_000) });
});
afterEach(async () => {
  await app?.close();
  // The test databases are reused (test/test-app.ts): the full disk goes with its test.
  await database.db.execute(sql`DROP TRIGGER IF EXISTS test_disk_full ON headlines`);
  await database.db.execute(sql`DROP FUNCTION IF EXISTS test_disk_full()`);
  await database.close();
});

const SECRET_TITLE = "Frog secretly buys the moon";
const submit = (remoteAddress = "203.0.113.77") =>
  app.inject({
    method: "POST",
    url: "/api/headlines",
    payload: {
      title: SECRET_TITLE,
      description: "A very private description of the frog and its moon.",
      imageUrl: "https://cdn.example.com/frog.png",
    },
    remoteAddress,
  });
const vote = (headlineId: number, n: number) =>
  app.inject({
    method: "POST",
    url: "/api/vote",
    payload: { headlineId },
    cookies: { mg_visitor: `diskfullvisitor${String(n).padStart(7, "0")}` },
    remoteAddress: `198.51.100.${n}`,
  });

/** PostgreSQL's own answer to a full disk (SQLSTATE 53100), raised by the database for one table. */
async function diskFullOnHeadlineInserts() {
  await database.db.execute(sql`
    CREATE FUNCTION test_disk_full() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'could not extend file "base/5/16384": No space left on device' USING ERRCODE = 'disk_full';
    END $$`);
  await database.db.execute(
    sql`CREATE TRIGGER test_disk_full BEFORE INSERT ON headlines FOR EACH ROW EXECUTE FUNCTION test_disk_full()`,
  );
}

describe("a full disk", () => {
  it("answers a submission 503 with a clear message (53100 disk_full), and votes keep working", async () => {
    await start();
    const h = await createHeadline(database.db);
    await diskFullOnHeadlineInserts();

    const res = await submit();
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toEqual({ message: STORAGE_FULL_MESSAGE });

    const voted = await vote(h.id, 1);
    expect(voted.statusCode, voted.body).toBe(200);
    expect(voted.json()).toMatchObject({ id: h.id, votes: 1 });
  });

  it("answers 503 when the file system refuses a write (ENOSPC)", async () => {
    await start((d) => ({
      ...d,
      // What Node gives when PGlite's files cannot grow.
      runPrepared: async () => {
        throw Object.assign(new Error("ENOSPC: no space left on device, write"), {
          code: "ENOSPC",
          errno: -28,
        });
      },
    }));
    const h = await createHeadline(database.db);
    const res = await vote(h.id, 2);
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toEqual({ message: STORAGE_FULL_MESSAGE });
  });

  it("answers 503 for the rest of class 53 (insufficient resources) too", async () => {
    await start((d) => ({
      ...d,
      runPrepared: async () => {
        throw Object.assign(new Error("sorry, too many clients already"), { code: "53300" });
      },
    }));
    const h = await createHeadline(database.db);
    expect((await vote(h.id, 3)).statusCode).toBe(503);
  });
});

describe("error logs", () => {
  it("log the failure without the submitted text or the visitor's IP", async () => {
    await start();
    await diskFullOnHeadlineInserts();
    expect((await submit("203.0.113.77")).statusCode).toBe(503);
    expect(logs).toContain("request failed");
    expect(logs).toContain("53100");
    expect(logs).not.toContain(SECRET_TITLE);
    expect(logs).not.toContain("private description");
    expect(logs).not.toContain("203.0.113.77");
  });

  it("show an IP given to any log line as its network only", async () => {
    await start();
    app.log.warn({ ip: "203.0.113.77" }, "too many attempts");
    app.log.warn({ ip: "2001:db8:1:2:3:4:5:6" }, "too many attempts");
    expect(logs).toContain("203.0.113.0/24");
    expect(logs).toContain("2001:db8:1:2::/64");
    expect(logs).not.toContain("203.0.113.77");
    expect(logs).not.toContain("3:4:5:6");
  });
});

describe("redactedError", () => {
  it("drops a query's parameters and quoted values, keeps the SQL, the code and the cause", () => {
    const cause = Object.assign(new Error('invalid input syntax for type integer: "my secret"'), {
      code: "22P02",
      detail: "Key (title)=(my secret) already exists.",
    });
    const error = new Error(
      'Failed query: insert into "headlines" ("title") values ($1)\nparams: my secret',
      {
        cause,
      },
    );
    const logged = JSON.stringify(redactedError(error));
    expect(logged).not.toContain("my secret");
    expect(logged).toContain('insert into \\"headlines\\"');
    expect(logged).toContain("22P02");
  });
});

describe("503s", () => {
  /** A site with pages (a built app in miniature) whose database is unreachable, logging into `logs`. */
  async function cutOffSite(pageFailure?: () => Error) {
    logs = "";
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logs += chunk.toString();
        done();
      },
    });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mg-errors-"));
    fs.writeFileSync(path.join(dir, "index.html"), "<html><head><title>x</title></head><body></body></html>");
    // Fastify's own request lines off, as buildApp has them.
    const site = Fastify({
      logger: { level: "info", stream },
      disableRequestLogging: true,
    }) as unknown as App;
    site.decorate("config", { ...testConfig(), siteName: "Frog <Times>" });
    registerErrorHandler(site);
    // What pg gives when the server cannot be reached, as the cause of drizzle's query error.
    const unreachable = () =>
      new Error("Failed query: select 1\nparams: ", {
        cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
      });
    site.get("/api/list", async () => {
      throw unreachable();
    });
    site.get("/api/queue", async () => {
      throw busy("The queue is full.", 3);
    });
    // A 503 a route sends itself, without naming a Retry-After.
    site.get("/api/direct", async (_request, reply) => reply.code(503).send({ status: "unavailable" }));
    await registerWebApp(site, { ...testConfig(), staticDir: dir }, async () => {
      throw (pageFailure ?? unreachable)();
    });
    fs.rmSync(dir, { recursive: true, force: true });
    return site;
  }

  it("answer a page the site's own HTML page with Retry-After, and the API its JSON, with the database cut", async () => {
    const site = await cutOffSite();
    for (const url of ["/", "/h/12/frog-buys-the-moon", "/archive"]) {
      const res = await site.inject({ url, headers: { accept: "text/html" } });
      expect(res.statusCode, url).toBe(503);
      expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(res.headers["retry-after"]).toBe("10");
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(res.body).toContain("The presses are down");
      expect(res.body).toContain("Frog &lt;Times&gt;");
      expect(res.body).not.toContain("<script");
    }
    const api = await site.inject({ url: "/api/list" });
    expect(api.statusCode).toBe(503);
    expect(api.headers["retry-after"]).toBe("10");
    expect(api.json()).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE });
    await site.close();
  });

  it("all carry Retry-After: their own, or 10 s when they name none", async () => {
    const site = await cutOffSite();
    const queue = await site.inject({ url: "/api/queue" });
    expect([queue.statusCode, queue.headers["retry-after"], queue.json()]).toEqual([
      503,
      "3",
      { message: "The queue is full." },
    ]);
    const direct = await site.inject({ url: "/api/direct" });
    expect([direct.statusCode, direct.headers["retry-after"]]).toEqual([503, "10"]);
    await site.close();
  });

  it("log a failure kind once per 10 s in one short line, not a stack per request", async () => {
    const site = await cutOffSite();
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, () => site.inject({ url: "/api/list" })),
      ...Array.from({ length: 20 }, () => site.inject({ url: "/h/1" })),
    ]);
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([503]));
    const lines = logs.split("\n").filter(Boolean);
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0] as string);
    expect(line).toMatchObject({ level: 50, failure: "database unreachable", code: "ECONNREFUSED" });
    expect(line.msg).toContain("request failed: database unreachable");
    expect(line.reqId).toBeDefined();
    expect(lines[0]).not.toContain("stack");
    expect((lines[0] as string).length).toBeLessThan(400);
    await site.close();
  });

  it("answer a page's own bug the site's HTML page too, a 500 without its cause, and log it once with the request id", async () => {
    const site = await cutOffSite(
      () => new TypeError("Cannot read properties of undefined (reading 'title')"),
    );
    const res = await site.inject({ url: "/h/12/frog-buys-the-moon", headers: { accept: "text/html" } });
    expect(res.statusCode).toBe(500);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["retry-after"]).toBeUndefined();
    expect(res.body).toContain("Something went wrong on our side");
    expect(res.body).toContain("Frog &lt;Times&gt;");
    expect(res.body).not.toContain("reading 'title'");
    expect(res.body).not.toContain("<script");
    expect(res.body).not.toContain('http-equiv="refresh"');
    const line = JSON.parse(logs.split("\n").filter(Boolean)[0] as string);
    expect(line).toMatchObject({ level: 50, msg: "request failed", reqId: expect.any(String) });
    await site.close();
  });
});
