/**
 * npm run bench: starts the site on a fresh database (embedded by default; with DATABASE_URL a scratch
 * database on that PostgreSQL server) and measures, in one run:
 *  (a) GET /api/headlines against a bare node:http server answering the same bytes, as a ratio;
 *  (b) votes per second from distinct visitors: the server runs with TRUST_PROXY for loopback, each simulated
 *      visitor has its own X-Forwarded-For address and a cookie the server issued, so the real limits stay on;
 *  (c) the server's peak memory (VmHWM).
 * Afterwards it checks that every vote answered 200 is stored once and that the counters equal the rows.
 * Tunables: BENCH_SECONDS (read test length, default 10), BENCH_VOTES (default 10000), BENCH_CONNECTIONS (50).
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openPglite, rowsOf } from "../src/server/db/connect";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const VOTES = Number(process.env.BENCH_VOTES ?? 10_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ROOT = path.resolve(import.meta.dirname, "..");

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = http.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer ${url} within ${timeoutMs} ms`);
}

function peakRssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(status.match(/VmHWM:\s+(\d+)/)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** Cookies the server itself issues, one per simulated visitor, each from its own address. */
async function issueVisitors(base: string, count: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const visitors: Array<{ ip: string; cookie: string }> = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const ip = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
      const cookie = await new Promise<string>((resolve, reject) => {
        http
          .get(`${base}/api/settings`, { agent, headers: { "x-forwarded-for": ip } }, (res) => {
            res.resume();
            const set = String(res.headers["set-cookie"] ?? "");
            resolve(set.match(/mg_visitor=([^;]+)/)?.[1] ?? "");
          })
          .on("error", reject);
      });
      visitors[i] = { ip, cookie };
    }
  };
  await Promise.all(Array.from({ length: 32 }, worker));
  agent.destroy();
  return visitors;
}

async function main() {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "mg-bench-"));
  const adminUrl = process.env.DATABASE_URL;
  let databaseUrl: string | undefined;
  let scratch: string | undefined;
  if (adminUrl) {
    scratch = `mg_bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${scratch}`);
    await admin.end();
    const u = new URL(adminUrl);
    u.pathname = `/${scratch}`;
    databaseUrl = u.toString();
  }

  const env = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: path.join(work, "data"),
    SEED_DEMO: "true",
    TRUST_PROXY: "127.0.0.1",
    ADMIN_PASSWORD: "bench-admin-password",
    LOG_LEVEL: "warn",
    MARKET_REFRESH_MINUTES: "0",
    PAYMENT_CHECK_MINUTES: "0",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: "" }),
  };
  const server: ChildProcess = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "inherit", "inherit"],
  });
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill("SIGTERM");
      await new Promise((r) => server.once("exit", r));
    }
  };

  try {
    await waitFor(`${base}/api/settings`, 120_000);
    const kind = databaseUrl ? "PostgreSQL" : "embedded PGlite";
    console.log(`\nMeme Gazette benchmark: ${kind}, ${os.cpus().length} cores, node ${process.version}\n`);

    // (a) reads: the site against a bare node:http server answering the same bytes.
    const first = await fetch(`${base}/api/headlines`);
    const body = await first.text();
    const cookie = (first.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const bare = http.createServer((_req, res) => {
      res.writeHead(200, {
        "content-type": "application/json; charset=utf-8",
        "content-length": Buffer.byteLength(body),
      });
      res.end(body);
    });
    await new Promise<void>((r) => bare.listen(0, "127.0.0.1", r));
    const barePort = (bare.address() as AddressInfo).port;
    const readOptions = { connections: CONNECTIONS, duration: SECONDS, headers: { cookie } };
    const site = await run({ ...readOptions, url: `${base}/api/headlines` });
    const plain = await run({ ...readOptions, url: `http://127.0.0.1:${barePort}/` });
    bare.close();

    // (b) votes from distinct visitors on the headlines in voting.
    const list = (await (await fetch(`${base}/api/headlines`)).json()) as Array<{
      id: number;
      isWinner: boolean;
      votes: number;
    }>;
    const ids = list.filter((h) => !h.isWinner).map((h) => h.id);
    const votesBefore = list.filter((h) => !h.isWinner).reduce((n, h) => n + h.votes, 0);
    const visitors = await issueVisitors(base, VOTES);
    let n = 0;
    const votes = await run({
      url: base,
      connections: CONNECTIONS,
      amount: VOTES,
      requests: [
        {
          method: "POST",
          path: "/api/vote",
          setupRequest: (request) => {
            const i = n++;
            const visitor = visitors[i % visitors.length] as { ip: string; cookie: string };
            return {
              ...request,
              headers: {
                "content-type": "application/json",
                "x-forwarded-for": visitor.ip,
                cookie: `mg_visitor=${visitor.cookie}`,
              },
              body: JSON.stringify({ headlineId: ids[i % ids.length] }),
            };
          },
        },
      ],
    });
    const peak = peakRssMb(server.pid as number);

    // Every 200 stored once, counters equal to the rows.
    const after = (await (await fetch(`${base}/api/headlines`)).json()) as Array<{
      isWinner: boolean;
      votes: number;
    }>;
    const counted = after.filter((h) => !h.isWinner).reduce((s, h) => s + h.votes, 0) - votesBefore;
    await stop();
    let rows: number;
    if (databaseUrl) {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      rows = Number(
        (await client.query("SELECT count(*)::int AS n FROM votes WHERE kind = 'headline'")).rows[0].n,
      );
      await client.end();
    } else {
      const database = await openPglite(path.join(work, "data", "pglite"));
      rows = Number(
        rowsOf<{ n: number }>(
          await database.db.execute(sql`SELECT count(*)::int AS n FROM votes WHERE kind = 'headline'`),
        )[0]?.n,
      );
      await database.close();
    }

    const ok = votes["2xx"];
    const seconds = votes.duration;
    const readRatio = site.requests.average / plain.requests.average;
    console.table({
      "reads: site GET /api/headlines (req/s)": Math.round(site.requests.average),
      "reads: bare node:http, same bytes (req/s)": Math.round(plain.requests.average),
      "reads: ratio site / bare": Number(readRatio.toFixed(2)),
      "votes: answered 200": ok,
      "votes: refused (non-2xx)": votes.non2xx,
      "votes: errors / timeouts": votes.errors + votes.timeouts,
      "votes: per second (200s / duration)": Math.round(ok / seconds),
      "votes: p99 latency (ms)": votes.latency.p99,
      "server peak memory (MB)": peak,
      "check: rows stored": rows,
      "check: counter increase": counted,
    });
    const consistent = rows === ok && counted === ok;
    console.log(
      consistent
        ? "\nOK: every 200 was stored once; counters equal the rows."
        : "\nMISMATCH: see the check rows above.",
    );
    if (!consistent) process.exitCode = 1;
  } finally {
    await stop();
    if (scratch && adminUrl) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
      await admin.end();
    }
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
