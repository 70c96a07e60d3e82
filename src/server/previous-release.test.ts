import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import Fastify from "fastify";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { buildServer } from "../../build/server";
import { openPostgres } from "./db/connect";
import { headlines, settings } from "./db/schema";
import { ledgerMismatches } from "./features/votes/ledger";
import { prepareDatabase } from "./startup";
import { withDatabase } from "./test/global-setup";
import { slowSuite } from "./test/slow-suite";
import { testConfig } from "./test/test-app";

slowSuite();

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
  });
});

const ROOT = path.resolve(import.meta.dirname, "../..");

/** A server process of either release, as the rolling test starts and stops it. */
interface Process {
  name: string;
  base: string;
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
  /** What the load balancer thinks: its last /readyz answered 200. */
  inRotation: boolean;
  /** When SIGTERM was sent: a 503 from it after that is the drain's. */
  signalledAt?: number;
  agent: http.Agent;
}

function startProcess(name: string, script: string, env: NodeJS.ProcessEnv): Process {
  const child = spawn(process.execPath, ["--enable-source-maps", script], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-50_000);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  });
  return {
    name,
    base: `http://127.0.0.1:${env.PORT}`,
    child,
    output: () => output,
    exited: new Promise((resolve) => child.once("exit", (code) => resolve(code))),
    inRotation: false,
    // Keep-alive, as a load balancer's upstream connections are: the drain must answer or close them cleanly.
    agent: new http.Agent({ keepAlive: true, maxSockets: 16 }),
  };
}

function post(
  target: Process,
  pathname: string,
  body: string,
  headers: http.OutgoingHttpHeaders,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(pathname, target.base);
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        agent: target.agent,
        headers: {
          ...headers,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          text += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on("error", reject);
      },
    );
    req.setTimeout(10_000, () => req.destroy(new Error("timeout")));
    req.on("error", reject);
    req.end(body);
  });
}

async function readyz(target: Process): Promise<number> {
  return fetch(`${target.base}/readyz`, { signal: AbortSignal.timeout(1_000) }).then(
    (r) => r.status,
    () => 0,
  );
}

async function untilReady(target: Process, timeoutMs = 45_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (target.child.exitCode !== null) throw new Error(`${target.name} exited:\n${target.output()}`);
    if ((await readyz(target)) === 200) return;
    if (Date.now() > until) throw new Error(`${target.name} did not become ready:\n${target.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Visitor ids in the server's cookie format (22 URL-safe characters), one per simulated visitor. */
const rollingVisitor = (i: number) => `rolling${String(i).padStart(15, "0")}`;

describe.runIf(SERVER && ON_POSTGRES)("a rolling deploy from the previous release to this one", () => {
  it("answers no 5xx but the draining 503s under a vote load, and stores every acknowledged vote once", async () => {
    const started = Date.now();
    const url = process.env.TEST_DATABASE_URL as string;
    const name = `mg_rolling_${Math.random().toString(16).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    cleanups.push(async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    });
    const databaseUrl = withDatabase(url, name);
    // This release's compiled server and migrate command, as a deployment ships them.
    const thisRelease = path.join(ROOT, ".tmp", `rolling-server-${process.pid}`);
    cleanups.push(() => fs.rmSync(thisRelease, { recursive: true, force: true }));
    await buildServer(thisRelease);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mg-rolling-"));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const redisPrefix = `mg-rolling-${Math.random().toString(16).slice(2, 10)}:`;
    const env = async (): Promise<NodeJS.ProcessEnv> => ({
      PORT: String(await freePort()),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: process.env.TEST_REDIS_URL ?? "",
      REDIS_KEY_PREFIX: redisPrefix,
      SEED_DEMO: "true",
      ADMIN_PASSWORD: "rolling-admin",
      TRUST_PROXY: "127.0.0.1",
      STATIC_DIR: "",
      MARKET_REFRESH_MINUTES: "0",
      PAYMENT_CHECK_MINUTES: "0",
      MAX_EVENT_LOOP_DELAY_MS: "0",
      // This release answers /readyz 503 this long after SIGTERM before it drains; the previous release has
      // no such delay (it ignores the variable) and drains at once.
      SHUTDOWN_DELAY_MS: "300",
      LOG_LEVEL: "warn",
    });

    // Two processes of the previous release on their own database: they migrate it to their schema and seed.
    const processes: Process[] = [];
    const oldA = startProcess("previous-1", SERVER as string, await env());
    await untilReady(oldA);
    const oldB = startProcess("previous-2", SERVER as string, await env());
    await untilReady(oldB);
    processes.push(oldA, oldB);
    const direct = new pg.Client({ connectionString: databaseUrl });
    await direct.connect();
    cleanups.push(() => direct.end());
    await direct.query(
      "UPDATE settings SET voting_end_time = now() + interval '1 day', launch_time = now() + interval '25 hours'",
    );
    const list = (await (await fetch(`${oldA.base}/api/headlines`)).json()) as Array<{
      id: number;
      isWinner: boolean;
    }>;
    const ids = list.filter((h) => !h.isWinner).map((h) => h.id);
    expect(ids.length).toBeGreaterThan(0);

    // The load balancer: sends only to processes whose /readyz said 200, checked every 50 ms.
    let running = true;
    const checks = (async () => {
      while (running) {
        await Promise.all(
          processes.map(async (p) => {
            p.inRotation = p.child.exitCode === null && (await readyz(p)) === 200;
          }),
        );
        await new Promise((r) => setTimeout(r, 50));
      }
    })();

    interface Outcome {
      visitor: string;
      process: string;
      status: number;
      draining: boolean;
      body: string;
    }
    const outcomes: Outcome[] = [];
    const failures: string[] = [];
    let refusedConnections = 0;
    let nextVisitor = 0;
    let turn = 0;
    const worker = async () => {
      while (running) {
        const rotation = processes.filter((p) => p.inRotation);
        if (rotation.length === 0) {
          await new Promise((r) => setTimeout(r, 10));
          continue;
        }
        const target = rotation[turn++ % rotation.length] as Process;
        const i = nextVisitor++;
        const visitor = rollingVisitor(i);
        try {
          const answer = await post(
            target,
            "/api/vote",
            JSON.stringify({ headlineId: ids[i % ids.length] }),
            {
              cookie: `mg_visitor=${visitor}`,
              "x-forwarded-for": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
            },
          );
          outcomes.push({
            visitor,
            process: target.name,
            status: answer.status,
            draining: target.signalledAt !== undefined,
            body: answer.body.slice(0, 200),
          });
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          // Refused before anything was sent (a process that stopped listening): a load balancer takes it
          // out and sends the request elsewhere. This visitor's vote was never made; the next one goes on.
          if (code === "ECONNREFUSED") {
            refusedConnections++;
            target.inRotation = false;
            continue;
          }
          failures.push(`${target.name} (${target.signalledAt ? "draining" : "serving"}): ${code ?? error}`);
        }
      }
    };
    const workers = Array.from({ length: 8 }, worker);
    const load = (ms: number) => new Promise((r) => setTimeout(r, ms));

    await load(1_500);
    // Migrate once, with this release, while the previous release serves.
    const migrate = spawn(process.execPath, [path.join(thisRelease, "migrate.js")], {
      env: { ...process.env, ...(await env()) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let migrateOutput = "";
    migrate.stdout?.on("data", (c: Buffer) => (migrateOutput += c.toString()));
    migrate.stderr?.on("data", (c: Buffer) => (migrateOutput += c.toString()));
    expect(await new Promise((r) => migrate.once("exit", r)), migrateOutput).toBe(0);
    await load(1_000);

    // Replace the previous release's processes one at a time.
    const exits: Array<{ name: string; code: number | null }> = [];
    for (const [index, old] of [oldA, oldB].entries()) {
      old.signalledAt = Date.now();
      old.child.kill("SIGTERM");
      const replacement = startProcess(`this-${index + 1}`, path.join(thisRelease, "main.js"), await env());
      exits.push({ name: old.name, code: await old.exited });
      await untilReady(replacement);
      processes.push(replacement);
      await load(1_500);
    }
    await load(1_000);
    running = false;
    await Promise.all(workers);
    await checks;
    for (const p of processes) p.agent.destroy();

    // No answer went missing and no 5xx came but a draining process's 503.
    expect(failures).toEqual([]);
    const badAnswers = outcomes.filter((o) => o.status >= 500 && !(o.status === 503 && o.draining));
    const logs = () => processes.map((p) => `--- ${p.name}\n${p.output().slice(-3_000)}`).join("\n");
    expect(
      badAnswers.map((o) => `${o.process} ${o.status} ${o.body}`).slice(0, 5),
      `${badAnswers.length} bad answers\n${logs()}`,
    ).toEqual([]);
    const unexpected = outcomes.filter((o) => o.status !== 200 && o.status !== 503);
    expect(unexpected).toEqual([]);
    expect(exits).toEqual([
      { name: "previous-1", code: 0 },
      { name: "previous-2", code: 0 },
    ]);
    const acknowledged = outcomes.filter((o) => o.status === 200);
    const served = (release: string) => acknowledged.filter((o) => o.process.startsWith(release)).length;
    expect(served("previous")).toBeGreaterThan(0);
    expect(served("this")).toBeGreaterThan(0);

    // Every acknowledged vote is stored exactly once, and nothing else from this load is.
    const rows = (
      await direct.query<{ visitor_id: string; n: number }>(
        "SELECT visitor_id, count(*)::int AS n FROM votes WHERE visitor_id LIKE 'rolling%' GROUP BY visitor_id",
      )
    ).rows;
    expect(rows.filter((r) => r.n !== 1)).toEqual([]);
    expect(rows.map((r) => r.visitor_id).sort()).toEqual(acknowledged.map((o) => o.visitor).sort());
    const database = openPostgres(databaseUrl, 2);
    cleanups.push(() => database.close());
    expect(await ledgerMismatches(database.db)).toEqual([]);
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `rolling deploy: ${acknowledged.length} votes acknowledged (previous release ${served("previous")}, ` +
        `this release ${served("this")}), ${outcomes.filter((o) => o.status === 503).length} draining 503s, ` +
        `${refusedConnections} refused connections retried elsewhere, ${seconds.toFixed(1)} s`,
    );
  });
});
