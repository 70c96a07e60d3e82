import { spawn } from "node:child_process";
import fs from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import Fastify from "fastify";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { openPostgres } from "./db/connect";
import { headlines, settings } from "./db/schema";
import { ledgerMismatches } from "./features/votes/ledger";
import { prepareDatabase } from "./startup";
import { withDatabase } from "./test/global-setup";
import { testConfig } from "./test/test-app";

/**
 * Releases roll (issue 21): a deployment migrates once, then replaces its processes one at a time, so the
 * previous release keeps serving on the migrated database for a while. This runs the previous release's
 * compiled server (PREVIOUS_RELEASE_SERVER: .ci/run builds the commit named in .ci/previous-release) on a
 * PostgreSQL database this release migrated and seeded, and walks its read and vote path: no 5xx, the
 * lists it shows, and its vote counted in the race this release shows, the ledger balanced.
 */
const SERVER = process.env.PREVIOUS_RELEASE_SERVER;
const ON_POSTGRES = process.env.TEST_DB === "postgres";

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

describe.runIf(SERVER && ON_POSTGRES)("the previous release on a database this release migrated", () => {
  it("serves its lists and counts its votes, with no 5xx", async () => {
    const url = process.env.TEST_DATABASE_URL as string;
    const name = `mg_roll_${Math.random().toString(16).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    cleanups.push(async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    });
    const databaseUrl = withDatabase(url, name);
    const database = openPostgres(databaseUrl, 4);
    cleanups.push(() => database.close());
    // "Migrate once per release, before replacing processes": this release migrates and seeds.
    await prepareDatabase(
      database,
      testConfig({ seedDemo: true, adminPassword: "rolling-admin" }),
      Fastify().log,
    );
    await database.db.update(settings).set({
      votingEndTime: new Date(Date.now() + 86_400_000),
      launchTime: new Date(Date.now() + 90_000_000),
    });

    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mg-previous-"));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const child = spawn(process.execPath, ["--enable-source-maps", SERVER as string], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        REDIS_URL: "",
        SEED_DEMO: "false",
        ADMIN_PASSWORD: "rolling-admin",
        TRUST_PROXY: "127.0.0.1",
        STATIC_DIR: "",
        MARKET_REFRESH_MINUTES: "0",
        PAYMENT_CHECK_MINUTES: "0",
        MAX_EVENT_LOOP_DELAY_MS: "0",
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout?.on("data", (c: Buffer) => (output += c.toString()));
    child.stderr?.on("data", (c: Buffer) => (output += c.toString()));
    cleanups.push(() => {
      child.kill("SIGKILL");
    });
    const base = `http://127.0.0.1:${port}`;
    const until = Date.now() + 30_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the previous release exited:\n${output}`);
      const ready = await fetch(`${base}/api/settings`).then(
        (r) => r.status,
        () => 0,
      );
      if (ready === 200) break;
      if (Date.now() > until) throw new Error(`the previous release did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }

    const statuses: number[] = [];
    const get = async (p: string) => {
      const res = await fetch(`${base}${p}`);
      statuses.push(res.status);
      return res;
    };
    const home = await get("/api/headlines");
    const list = (await home.json()) as Array<{ id: number; isWinner: boolean; votes: number }>;
    const cookie = (home.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    for (const p of [
      "/api/settings",
      "/api/tomorrows-news",
      "/api/yesterdays-news",
      "/api/archive",
      "/api/notifications",
    ])
      await get(p);
    const voting = list.filter((h) => !h.isWinner);
    expect(voting.length).toBeGreaterThan(0);
    // The same list this release shows.
    const ours = await database.db
      .select({ id: headlines.id })
      .from(headlines)
      .where(eq(headlines.inTodaysVoting, true));
    expect(voting.map((h) => h.id).sort()).toEqual(ours.map((h) => h.id).sort());

    const target = voting[0] as { id: number; votes: number };
    const vote = await fetch(`${base}/api/vote`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie, "x-forwarded-for": "198.51.100.77" },
      body: JSON.stringify({ headlineId: target.id }),
    });
    statuses.push(vote.status);
    expect(vote.status, await vote.clone().text()).toBe(200);
    expect(((await vote.json()) as { votes: number }).votes).toBe(target.votes + 1);
    const [after] = await database.db.select().from(headlines).where(eq(headlines.id, target.id));
    expect(after?.votes).toBe(target.votes + 1);
    expect(await ledgerMismatches(database.db)).toEqual([]);
    expect(
      statuses.filter((s) => s >= 500),
      output,
    ).toEqual([]);
  }, 90_000);
});
