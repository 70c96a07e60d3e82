/**
import { slowSuite } from "./test/slow-suite";

slowSuite();
 * The real server as a child process (`node --import tsx src/server/main.ts`), killed and stopped the ways
 * production kills and stops it: SIGKILL under vote load must lose no vote that was answered 200, and
 * SIGTERM must drain the requests in flight, end the event streams, refuse new connections and exit 0, or
 * give up after its 8 s deadline when a request never finishes.
 * On the embedded database (a fresh DATA_DIR) and, in the "postgres" project, on a PostgreSQL database
 * copied from the migrated template.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { migrationCount, openPglite, rowsOf } from "./db/connect";
import { freePort } from "./test/free-port";
import { withDatabase } from "./test/global-setup";

const ROOT = path.resolve(import.meta.dirname, "../..");
const ON_POSTGRES = process.env.TEST_DB === "postgres";
/** A fresh embedded database takes ~10 s to create on a busy 2-core machine; give starts plenty. */
const START_TIMEOUT_MS = 90_000;
/** main.ts gives up draining after 8 s and exits 1; a clean drain exits 0 well before this. */
const EXIT_TIMEOUT_MS = 20_000;

// Load for the SIGKILL test: sized for 2 shared cores (PGlite answers ~800 votes/s there).
const VOTES = 1_500;
const CONCURRENCY = 32;
const KILL_AFTER = 300;

interface Target {
  dataDir: string;
  databaseUrl?: string;
}

interface Server {
  child: ChildProcess;
  port: number;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const children = new Set<ChildProcess>();
const tempDirs: string[] = [];
const databases: string[] = [];

afterAll(async () => {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  }
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
  if (databases.length > 0) {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    for (const name of databases) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
});

/** A new DATA_DIR, and on PostgreSQL a new database copied from the migrated template. */
async function newTarget(): Promise<Target> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mg-process-"));
  tempDirs.push(dir);
  const target: Target = { dataDir: path.join(dir, "data") };
  if (ON_POSTGRES) {
    const url = process.env.TEST_DATABASE_URL as string;
    const name = `mg_process_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject("postgresTemplate")}`);
    await admin.end();
    databases.push(name);
    target.databaseUrl = withDatabase(url, name);
  }
  return target;
}

function request(
  port: number,
  options: {
    method?: string;
    path: string;
    headers?: http.OutgoingHttpHeaders;
    body?: string;
    agent?: http.Agent;
  },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method: options.method ?? "GET",
        path: options.path,
        headers: options.headers,
        agent: options.agent ?? false,
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          body += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

function visitorOf(answer: Answer): string {
  const cookie = (answer.headers["set-cookie"] ?? []).join(";").match(/mg_visitor=([^;]+)/)?.[1];
  if (!cookie) throw new Error(`no visitor cookie in ${JSON.stringify(answer.headers)}`);
  return cookie;
}

function voteHeaders(ip: string, body: string): http.OutgoingHttpHeaders {
  return {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(body),
    // The server trusts 127.0.0.1 as its proxy: every simulated visitor has its own address, so the daily
    // limit per address (10) never refuses a vote here.
    "x-forwarded-for": ip,
  };
}

async function startServer(target: Target, env: NodeJS.ProcessEnv = {}): Promise<Server> {
  for (let attempt = 1; ; attempt++) {
    const server = spawnServer(target, await freePort(), env);
    try {
      await waitUntilReady(server);
      return server;
    } catch (error) {
      // Another process may take the probed port before the child does; try another one.
      if (attempt < 3 && server.output().includes("EADDRINUSE")) continue;
      throw error;
    }
  }
}

function spawnServer(target: Target, port: number, env: NodeJS.ProcessEnv): Server {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: target.dataDir,
      DATABASE_URL: target.databaseUrl ?? "",
      REDIS_URL: "",
      SEED_DEMO: "true",
      TRUST_PROXY: "127.0.0.1",
      ADMIN_PASSWORD: "process-test-admin",
      MARKET_REFRESH_MINUTES: "0",
      PAYMENT_CHECK_MINUTES: "0",
      STATIC_DIR: "",
      LOG_LEVEL: "info",
      // These tests load the process on purpose (and share two cores with the suite): overload 503s would
      // only hide what they look at, the votes answered and the drain.
      MAX_EVENT_LOOP_DELAY_MS: "0",
      // The drain itself is what most tests here look at: no readiness delay before it, unless a test asks.
      SHUTDOWN_DELAY_MS: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  let output = "";
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-100_000);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once("exit", (code, signal) => resolve({ code, signal }));
  });
  return { child, port, output: () => output, exited };
}

function running(server: Server): boolean {
  return server.child.exitCode === null && server.child.signalCode === null;
}

/** Polls GET /api/settings until it answers 200; fails at once if the child exits. */
async function waitUntilReady(server: Server): Promise<void> {
  const until = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < until) {
    if (!running(server)) throw new Error(`the server exited during start-up:\n${server.output()}`);
    try {
      if ((await request(server.port, { path: "/api/settings" })).status === 200) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server did not answer within ${START_TIMEOUT_MS} ms:\n${server.output()}`);
}

async function stopServer(server: Server): Promise<void> {
  server.child.kill("SIGTERM");
  const exit = await waitForExit(server);
  expect(exit, server.output()).toEqual({ code: 0, signal: null });
}

/** Fails with the server's output when a promise takes longer than it may. */
async function within<T>(promise: Promise<T>, ms: number, what: string, server: Server): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms\n${server.output()}`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function waitForExit(server: Server): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return within(server.exited, EXIT_TIMEOUT_MS, "the server's exit", server);
}

/** Resolves once a TCP connection to the port is refused: the server no longer accepts any. */
async function waitUntilRefused(port: number): Promise<void> {
  for (;;) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve(false);
      });
      socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"));
    });
    if (refused) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function votingHeadlines(port: number): Promise<Map<number, number>> {
  const answer = await request(port, { path: "/api/headlines" });
  expect(answer.status).toBe(200);
  const list = JSON.parse(answer.body) as Array<{ id: number; isWinner: boolean; votes: number }>;
  const open = new Map(list.filter((h) => !h.isWinner).map((h) => [h.id, h.votes]));
  expect(open.size).toBeGreaterThan(0);
  return open;
}

interface StoredVotes {
  rows: Array<{ visitorId: string; headlineId: number }>;
  counters: Map<number, number>;
}

/** Reads the votes and counters straight from the database, with no server running on it. */
async function readStoredVotes(target: Target): Promise<StoredVotes> {
  // The sample edition's own votes (its visitors are named "sample-...") are in the baseline counts.
  const votesQuery =
    "SELECT visitor_id, headline_id FROM votes WHERE kind = 'headline' AND visitor_id NOT LIKE 'sample-%'";
  const countersQuery = "SELECT id, votes FROM headlines";
  type VoteRow = { visitor_id: string; headline_id: number };
  type CounterRow = { id: number; votes: number };
  let voteRows: VoteRow[];
  let counterRows: CounterRow[];
  if (target.databaseUrl) {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    voteRows = (await client.query<VoteRow>(votesQuery)).rows;
    counterRows = (await client.query<CounterRow>(countersQuery)).rows;
    await client.end();
  } else {
    const database = await openPglite(path.join(target.dataDir, "pglite"));
    voteRows = rowsOf<VoteRow>(await database.db.execute(sql.raw(votesQuery)));
    counterRows = rowsOf<CounterRow>(await database.db.execute(sql.raw(countersQuery)));
    await database.close();
  }
  return {
    rows: voteRows.map((r) => ({ visitorId: r.visitor_id, headlineId: Number(r.headline_id) })),
    counters: new Map(counterRows.map((r) => [Number(r.id), Number(r.votes)])),
  };
}

describe(`the server process on ${ON_POSTGRES ? "PostgreSQL" : "the embedded database"}`, () => {
  it("loses no vote that was answered 200 when it is killed with SIGKILL under load", async () => {
    const target = await newTarget();
    const server = await startServer(target);
    // The sample edition starts with its own votes: the counters are checked against these.
    const baseline = await votingHeadlines(server.port);
    const ids = [...baseline.keys()];

    const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    const answered: Array<{ visitorId: string; headlineId: number }> = [];
    const refusals: Answer[] = [];
    let failures = 0;
    let inFlight = 0;
    let next = 0;
    let kill: { answered: number; inFlight: number } | undefined;

    const worker = async () => {
      while (next < VOTES && !kill) {
        const i = next++;
        const headlineId = ids[i % ids.length] as number;
        const body = JSON.stringify({ headlineId });
        // 198.18.0.0/15 is the range set aside for benchmarks: one address per visitor.
        const ip = `198.18.${(i >> 8) & 255}.${i & 255}`;
        inFlight++;
        try {
          const answer = await request(server.port, {
            method: "POST",
            path: "/api/vote",
            headers: voteHeaders(ip, body),
            body,
            agent,
          });
          if (answer.status !== 200) {
            refusals.push(answer);
            continue;
          }
          answered.push({ visitorId: visitorOf(answer), headlineId });
          if (!kill && answered.length >= KILL_AFTER) {
            kill = { answered: answered.length, inFlight: inFlight - 1 };
            server.child.kill("SIGKILL");
          }
        } catch {
          failures++; // cut by the kill: may or may not have been stored, and nobody was told either way
        } finally {
          inFlight--;
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    agent.destroy();
    const exit = await waitForExit(server);
    expect(exit.signal).toBe("SIGKILL");
    expect(kill, "the load ended before the kill").toBeDefined();
    const atKill = kill as { answered: number; inFlight: number };
    expect(refusals.map((r) => `${r.status} ${r.body}`)).toEqual([]);
    console.info(
      `SIGKILL after ${atKill.answered} votes answered 200 with ${atKill.inFlight} in flight; ` +
        `${answered.length} answered 200 in all, ${failures} cut off`,
    );
    // The kill got no chance to remove its socket file, to which nothing listens now: the next start takes it over.
    if (!target.databaseUrl) {
      expect(fs.existsSync(path.join(target.dataDir, "server.sock"))).toBe(true);
      // Its server.lock too, naming a process that is gone: stale, taken over.
      expect(fs.readFileSync(path.join(target.dataDir, "server.lock"), "utf8")).toBe(
        String(server.child.pid),
      );
    }

    const restarted = await startServer(target);
    expect(restarted.output()).not.toContain("Another server process");
    // The votes answered last before the kill, seen by their visitors.
    for (const vote of answered.slice(-5)) {
      const mine = await request(restarted.port, {
        path: "/api/me/votes",
        headers: { cookie: `mg_visitor=${vote.visitorId}` },
      });
      expect(mine.status).toBe(200);
      expect(JSON.parse(mine.body).headlineVote).toBe(vote.headlineId);
    }
    await stopServer(restarted);

    const stored = await readStoredVotes(target);
    console.info(`stored after the restart: ${stored.rows.length} votes`);
    const storedKeys = new Set(stored.rows.map((r) => `${r.visitorId}:${r.headlineId}`));
    const lost = answered.filter((v) => !storedKeys.has(`${v.visitorId}:${v.headlineId}`));
    expect(lost, "votes answered 200 but not stored").toEqual([]);
    // Nothing is stored that was never sent: at most the requests in flight at the kill come on top.
    expect(stored.rows.length).toBeLessThanOrEqual(atKill.answered + atKill.inFlight);
    for (const [id, votes] of stored.counters) {
      const rows = stored.rows.filter((r) => r.headlineId === id).length;
      expect({ id, counter: votes - (baseline.get(id) ?? votes) }).toEqual({ id, counter: rows });
    }
  }, 240_000);

  it("drains the requests in flight on SIGTERM, ends the event streams, refuses new connections, exits 0", async () => {
    const target = await newTarget();
    const server = await startServer(target);
    const ids = [...(await votingHeadlines(server.port)).keys()];

    // An open event stream: it never ends by itself, and must not hold the shutdown up.
    const stream = await new Promise<{ ended: Promise<string> }>((resolve, reject) => {
      http
        .get({ host: "127.0.0.1", port: server.port, path: "/api/events", agent: false }, (res) => {
          if (res.statusCode !== 200) reject(new Error(`GET /api/events answered ${res.statusCode}`));
          let text = "";
          const ended = new Promise<string>((done, fail) => {
            res.on("end", () => done(text));
            res.on("error", fail);
            res.on("aborted", () => fail(new Error("the event stream was cut, not ended")));
          });
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => {
            text += chunk;
            if (text.includes("retry:")) resolve({ ended });
          });
        })
        .on("error", reject);
    });

    // An idle keep-alive connection, as a browser leaves one between requests.
    const idleAgent = new http.Agent({ keepAlive: true });
    expect((await request(server.port, { path: "/api/settings", agent: idleAgent })).status).toBe(200);

    // Votes in flight: the headers and the first bytes of the body are sent, the rest waits until after the
    // SIGTERM. They use keep-alive connections too, as browsers do.
    const voteAgent = new http.Agent({ keepAlive: true });
    const slow = await Promise.all(
      ids.slice(0, 4).map(async (headlineId, i) => {
        const body = JSON.stringify({ headlineId });
        let answer!: Promise<Answer>;
        let req!: http.ClientRequest;
        await new Promise<void>((written, fail) => {
          answer = new Promise<Answer>((resolve, reject) => {
            req = http.request(
              {
                host: "127.0.0.1",
                port: server.port,
                method: "POST",
                path: "/api/vote",
                headers: voteHeaders(`198.18.200.${i}`, body),
                agent: voteAgent,
              },
              (res) => {
                let text = "";
                res.setEncoding("utf8");
                res.on("data", (chunk: string) => {
                  text += chunk;
                });
                res.on("end", () =>
                  resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
                );
                res.on("error", reject);
              },
            );
            req.on("error", (error) => {
              reject(error);
              fail(error);
            });
          });
          req.write(body.slice(0, 5), () => written());
        });
        return { headlineId, body, req, answer };
      }),
    );
    // The server handles connections in order: once it has answered a later request, it has read the
    // votes' headers, so they are in flight.
    expect((await request(server.port, { path: "/api/settings" })).status).toBe(200);

    const signalled = Date.now();
    server.child.kill("SIGTERM");
    await within(waitUntilRefused(server.port), 10_000, "refusing new connections", server);
    const streamText = await within(stream.ended, 10_000, "the end of the event stream", server);
    expect(streamText).toContain("retry:");
    expect(running(server), "it waits for the votes in flight").toBe(true);

    for (const vote of slow) vote.req.end(vote.body.slice(5));
    const answers = await within(
      Promise.all(slow.map((vote) => vote.answer)),
      10_000,
      "the answers to the votes in flight",
      server,
    );
    for (const answer of answers) {
      expect(answer.status, answer.body).toBe(200);
      expect(JSON.parse(answer.body)).toMatchObject({ kind: "headline" });
    }

    const exit = await waitForExit(server);
    const seconds = (Date.now() - signalled) / 1000;
    expect(exit, server.output()).toEqual({ code: 0, signal: null });
    expect(seconds).toBeLessThan(8);
    expect(server.output()).toContain("shut down cleanly");
    // Nothing deprecated on the way, at start (migrations, the sample edition in the start-up transaction) or
    // serving: pg's "removed in pg@9" warning came from queries sent to one busy connection.
    expect(server.output()).not.toMatch(/DeprecationWarning|pg@9/);
    idleAgent.destroy();
    voteAgent.destroy();
    console.info(`SIGTERM to exit 0 in ${seconds.toFixed(2)} s with ${slow.length} votes in flight`);
    if (!target.databaseUrl) expect(fs.existsSync(path.join(target.dataDir, "server.sock"))).toBe(false);

    // The same data dir starts again at once, with the votes that were answered during the drain.
    const restarted = await startServer(target);
    expect(restarted.output()).not.toContain("Another server process");
    for (const [i, answer] of answers.entries()) {
      const mine = await request(restarted.port, {
        path: "/api/me/votes",
        headers: { cookie: `mg_visitor=${visitorOf(answer)}` },
      });
      expect(JSON.parse(mine.body).headlineVote).toBe(slow[i]?.headlineId);
    }
    await stopServer(restarted);
  }, 240_000);

  it("answers every request it received on keep-alive connections around SIGTERM: none is reset", async () => {
    const target = await newTarget();
    const server = await startServer(target);
    // Busy pages: each keeps one keep-alive connection and sends a request every few milliseconds, so at the
    // signal some connections are between requests (idle) and the next request is already on its way.
    const CONNECTIONS = 16;
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
    const warm = await Promise.all(
      Array.from({ length: CONNECTIONS }, () => request(server.port, { path: "/api/settings", agent })),
    );
    expect(warm.map((a) => a.status)).toEqual(Array(CONNECTIONS).fill(200));

    let stop = false;
    let signalledAt = 0;
    const outcomes = { ok: 0, closed: 0, refused: 0, other: [] as string[], cut: [] as string[] };
    const page = async () => {
      while (!stop) {
        const sentAt = Date.now();
        try {
          const answer = await request(server.port, { path: "/api/settings", agent });
          if (answer.status === 200) outcomes.ok++;
          else if (
            answer.status === 503 &&
            answer.headers.connection === "close" &&
            answer.headers["retry-after"] !== undefined
          )
            outcomes.closed++;
          else outcomes.other.push(`${answer.status} ${answer.headers.connection} ${answer.body}`);
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code ?? String(error);
          // Refused: a new connection after the server stopped listening; that request never arrived.
          if (code === "ECONNREFUSED") outcomes.refused++;
          else outcomes.cut.push(`${code} sent ${sentAt - signalledAt} ms after the signal`);
          await new Promise((r) => setTimeout(r, 10));
        }
        await new Promise((r) => setTimeout(r, Math.random() * 4));
      }
    };
    const pages = Array.from({ length: CONNECTIONS }, page);
    await new Promise((r) => setTimeout(r, 300));
    signalledAt = Date.now();
    server.child.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 400));
    stop = true;
    await Promise.all(pages);
    agent.destroy();

    const exit = await waitForExit(server);
    expect(exit, server.output()).toEqual({ code: 0, signal: null });
    console.info(`requests around SIGTERM: ${JSON.stringify({ ...outcomes, cut: outcomes.cut.length })}`);
    expect(outcomes.cut, "requests reset or cut off unanswered").toEqual([]);
    expect(outcomes.other).toEqual([]);
    expect(outcomes.ok).toBeGreaterThan(0);
    // The connections open at the signal were told to close with an answer, not cut.
    expect(outcomes.closed).toBeGreaterThan(0);
  }, 240_000);

  it("answers /readyz 503 for SHUTDOWN_DELAY_MS after SIGTERM while serving everything else, then drains and exits 0", async () => {
    const DELAY_MS = 1_500;
    const target = await newTarget();
    const server = await startServer(target, { SHUTDOWN_DELAY_MS: String(DELAY_MS) });
    expect((await request(server.port, { path: "/readyz" })).status).toBe(200);

    // The start said what it did, in one line: the database, the migrations, where it listens, its URL.
    const starts = server
      .output()
      .split("\n")
      .filter((line) => line.includes('"msg":"started: '))
      .map((line) => JSON.parse(line));
    expect(starts).toHaveLength(1);
    const migrations = migrationCount();
    expect(starts[0]).toMatchObject({
      database: target.databaseUrl
        ? expect.stringMatching(/^PostgreSQL at 127\.0\.0\.1:\d+\/mg_process_/)
        : `embedded (PGlite) in ${target.dataDir}`,
      // A new embedded database is migrated at this start; the PostgreSQL one is a copy of a migrated template.
      migrations: target.databaseUrl
        ? { from: migrations, to: migrations, applied: [] }
        : { from: 0, to: migrations, applied: expect.arrayContaining(["0000_init"]) },
      publicUrl: `http://localhost:${server.port}`,
      address: `http://127.0.0.1:${server.port}`,
    });
    expect(JSON.stringify(starts[0])).not.toContain("postgres@");

    const signalled = Date.now();
    server.child.kill("SIGTERM");
    // The signal arrives a moment later: /readyz turns to 503 without a connection being refused.
    await within(
      (async () => {
        while ((await request(server.port, { path: "/readyz" })).status !== 503) {
          await new Promise((r) => setTimeout(r, 20));
        }
      })(),
      5_000,
      "/readyz answering 503",
      server,
    );
    const during: number[] = [];
    // Well inside the delay (started at the signal): everything else is still served as usual.
    while (Date.now() - signalled < DELAY_MS - 500) {
      const [readyz, headlines, settings] = await Promise.all([
        request(server.port, { path: "/readyz" }),
        request(server.port, { path: "/api/headlines" }),
        request(server.port, { path: "/api/settings" }),
      ]);
      expect(readyz.status, readyz.body).toBe(503);
      expect(readyz.headers["retry-after"]).toBe("10");
      expect(JSON.parse(readyz.body)).toEqual({ status: "unavailable", message: "shutting down" });
      during.push(headlines.status, settings.status);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(during.length).toBeGreaterThan(0);
    expect(new Set(during)).toEqual(new Set([200]));
    expect(running(server)).toBe(true);

    await within(waitUntilRefused(server.port), 10_000, "refusing new connections", server);
    const refusedAfter = Date.now() - signalled;
    const exit = await waitForExit(server);
    expect(exit, server.output()).toEqual({ code: 0, signal: null });
    expect(refusedAfter).toBeGreaterThanOrEqual(DELAY_MS);
    expect(server.output()).toContain("/readyz answers 503");
    expect(server.output()).toContain("shut down cleanly");
    console.info(`SIGTERM with a ${DELAY_MS} ms delay: refused after ${refusedAfter} ms, exit 0`);
  }, 240_000);

  it("gives up on a request that never finishes after the 8 s deadline: logged, exit 1, lock released", async () => {
    const target = await newTarget();
    const server = await startServer(target);
    // A vote whose body never comes: the drain cannot finish.
    const stuck = http.request({
      host: "127.0.0.1",
      port: server.port,
      method: "POST",
      path: "/api/vote",
      headers: voteHeaders("198.18.201.1", '{"headlineId":1}'),
      agent: false,
    });
    const cut = new Promise<string>((resolve) =>
      stuck.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "")),
    );
    await new Promise<void>((written) => stuck.write("{", () => written()));
    expect((await request(server.port, { path: "/api/settings" })).status).toBe(200);

    const signalled = Date.now();
    server.child.kill("SIGTERM");
    const exit = await waitForExit(server);
    const seconds = (Date.now() - signalled) / 1000;
    expect(exit, server.output()).toEqual({ code: 1, signal: null });
    expect(seconds).toBeGreaterThanOrEqual(7.5);
    expect(server.output()).toContain("shutdown did not finish within 8 s: exiting anyway");
    expect(await cut).toBe("ECONNRESET");
    if (!target.databaseUrl) expect(fs.existsSync(path.join(target.dataDir, "server.sock"))).toBe(false);
    console.info(`SIGTERM with a request that never finishes: exit 1 after ${seconds.toFixed(2)} s`);
  }, 240_000);
});

describe.skipIf(ON_POSTGRES)("the embedded database's lock on DATA_DIR", () => {
  it("refuses a second server after server.sock was deleted or moved under the running one; after kill -9 the next start serves", async () => {
    const target = await newTarget();
    const sock = path.join(target.dataDir, "server.sock");
    const locked = `Another server process is already using DATA_DIR ${target.dataDir}.`;
    const first = await startServer(target);
    // The previous release's lock file names this server, so a rollback started beside it refuses.
    expect(fs.readFileSync(path.join(target.dataDir, "server.lock"), "utf8")).toBe(String(first.child.pid));

    fs.rmSync(sock);
    const second = spawnServer(target, await freePort(), {});
    expect(await waitForExit(second), second.output()).toEqual({ code: 1, signal: null });
    expect(second.output()).toContain(locked);
    expect((await request(first.port, { path: "/api/settings" })).status).toBe(200);

    // The lock ends with its process, whatever became of its files.
    first.child.kill("SIGKILL");
    expect((await waitForExit(first)).signal).toBe("SIGKILL");
    const next = await startServer(target);
    expect(next.output()).not.toContain("Another server process");

    fs.renameSync(sock, path.join(target.dataDir, "moved.sock"));
    const third = spawnServer(target, await freePort(), {});
    expect(await waitForExit(third), third.output()).toEqual({ code: 1, signal: null });
    expect(third.output()).toContain(locked);
    expect((await request(next.port, { path: "/api/settings" })).status).toBe(200);
    await stopServer(next);
    // A clean stop removes server.lock; the moved socket file stays where it was put, dead.
    expect(fs.readdirSync(target.dataDir).sort()).toEqual(["moved.sock", "pglite"]);
  }, 300_000);
});
