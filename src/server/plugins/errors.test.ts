/**
 * The error handler with real failing writes: a full disk answers 503 with a clear message while votes keep
 * working, and the error logs carry neither the submitted text nor the visitor's full IP.
 */
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import type { Database } from "../db/connect";
import { settings } from "../db/schema";
import { ensureSettings } from "../features/settings/settings.service";
import { createHeadline } from "../test/factories";
import { createTestDatabase, testConfig } from "../test/test-app";
import type { App } from "../types";
import { STORAGE_FULL_MESSAGE } from "./errors";
import { redactedError } from "./request-logger";

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
