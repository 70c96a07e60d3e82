/**
import { slowSuite } from "./test/slow-suite";

slowSuite();
 * The production process as an operator runs it: the server compiled by build/server.ts, started with plain
 * `node --enable-source-maps` (no tsx), checked through its health endpoints, metrics and request log. On
 * PostgreSQL the database sits behind a TCP proxy the test cuts, so readiness is seen to fail and recover.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../../build/server";
import type { Database } from "./db/connect";
import { freePort } from "./test/free-port";
import { tcpProxy } from "./test/tcp-proxy";
import { createTestDatabase } from "./test/test-app";

const ROOT = path.resolve(import.meta.dirname, "../..");
const onPostgres = process.env.TEST_DB === "postgres";

let child: ChildProcess;
let base: string;
let output = "";
let proxy: ReturnType<typeof tcpProxy> | undefined;
let database: Database | undefined;
const work = fs.mkdtempSync(path.join(os.tmpdir(), "mg-compiled-"));
const serverDir = path.join(ROOT, ".tmp", `compiled-server-${process.pid}-${onPostgres ? "pg" : "pglite"}`);

beforeAll(async () => {
  await buildServer(serverDir);
  let databaseUrl = "";
  let listenDatabaseUrl = "";
  if (onPostgres) {
    database = await createTestDatabase();
    const target = new URL(database.url as string);
    proxy = tcpProxy(target.hostname, Number(target.port || 5432));
    target.port = String(await proxy.listen());
    databaseUrl = target.toString();
    // The listening connection's own URL, as behind PgBouncer: straight to PostgreSQL.
    listenDatabaseUrl = database.url as string;
  }
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, ["--enable-source-maps", path.join(serverDir, "main.js")], {
    cwd: work,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: path.join(work, "data"),
      DATABASE_URL: databaseUrl,
      LISTEN_DATABASE_URL: listenDatabaseUrl,
      SEED_DEMO: "false",
      ADMIN_PASSWORD: "compiled-test-admin",
      MARKET_REFRESH_MINUTES: "0",
      PAYMENT_CHECK_MINUTES: "0",
      STATIC_DIR: path.join(work, "no-build"),
      LOG_LEVEL: "info",
      // Stopped when the tests are done: no load balancer to tell first.
      SHUTDOWN_DELAY_MS: "0",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const collect = (chunk: Buffer) => {
    output += chunk.toString("utf8");
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const until = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the compiled server exited:\n${output}`);
    if (Date.now() > until) throw new Error(`the compiled server did not start:\n${output}`);
    // Ready, as a load balancer sees it: the first second after a start may still answer 503 while
    // under-pressure's event-loop sample covers the start-up's blocking work (migrations, PGlite's open).
    const ready = await fetch(`${base}/readyz`).catch(() => undefined);
    if (ready?.ok) break;
    await new Promise((r) => setTimeout(r, 200));
  }
}, 240_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  }
  await proxy?.close();
  await database?.close();
  fs.rmSync(work, { recursive: true, force: true });
  fs.rmSync(serverDir, { recursive: true, force: true });
});

describe("the compiled server", () => {
  it("runs on plain node: no tsx, vite or tailwind loaded", () => {
    expect(fs.existsSync(path.join(serverDir, "main.js"))).toBe(true);
    expect(fs.existsSync(path.join(serverDir, "migrations", "meta", "_journal.json"))).toBe(true);
    expect(fs.existsSync(path.join(serverDir, "common-passwords.txt"))).toBe(true);
    const bundle = fs.readFileSync(path.join(serverDir, "main.js"), "utf8");
    expect(bundle).not.toMatch(/from "(tsx|vite|tailwindcss|@tailwindcss\/vite)"/);
  });

  it("is live and ready once migrated", async () => {
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ok" });
  });

  it("counts a vote in /metrics and logs one line for one request", async () => {
    const before = output.split("\n").filter((line) => line.includes('"msg":"request"')).length;
    const vote = await fetch(`${base}/api/vote`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ headlineId: 999_999 }),
    });
    expect(vote.status).toBe(404);
    const metrics = await (await fetch(`${base}/metrics`)).text();
    expect(metrics).toMatch(/^votes_total\{kind="headline",outcome="not_found"\} 1$/m);
    expect(metrics).toMatch(/^http_requests_total\{method="POST",route="\/api\/vote",status="404"\} 1$/m);

    await new Promise((r) => setTimeout(r, 100));
    const lines = output
      .split("\n")
      .filter((line) => line.includes('"msg":"request"'))
      .slice(before)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const voteLines = lines.filter((line) => line.route === "/api/vote");
    expect(voteLines).toHaveLength(1);
    expect(voteLines[0]).toMatchObject({ method: "POST", status: 404, reqId: expect.any(String) });
  });

  it('prints no deprecation warning (pg\'s "removed in pg@9" among them) at start or under requests', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        fetch(`${base}/api/${i % 2 ? "headlines" : "vote"}`, {
          method: i % 2 ? "GET" : "POST",
          headers: i % 2 ? {} : { "content-type": "application/json" },
          body: i % 2 ? undefined : JSON.stringify({ headlineId: 999_999 }),
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([...Array(10).fill(200), ...Array(10).fill(404)]);
    expect(output).not.toMatch(/DeprecationWarning|pg@9/);
  });

  it.runIf(onPostgres)("is not ready while its database is cut off, and ready again after", async () => {
    proxy?.cut();
    const cut = await fetch(`${base}/readyz`);
    expect(cut.status).toBe(503);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    proxy?.restore();
    const until = Date.now() + 20_000;
    let status = 0;
    while (Date.now() < until && status !== 200) {
      status = (await fetch(`${base}/readyz`)).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 250));
    }
    expect(status).toBe(200);
  });
});
