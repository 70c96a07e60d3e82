/**
import { slowSuite } from "./test/slow-suite";

slowSuite();
 * Backups and the DATA_DIR lock as an operator meets them: the compiled server (build/server.ts) and the
 * compiled `npm run backup` / `npm run restore` commands, run with plain node as child processes. A backup
 * taken while votes pour in holds every vote acknowledged before it began, restores into a new DATA_DIR and
 * serves from there; a copied DATA_DIR (its socket file included) starts, the live one refuses a second
 * server, and a kill -9 leaves nothing that stops the next start. Those run in the "pglite" project only; in
 * both, the command run with DATABASE_URL set says to use pg_dump.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../../build/server";
import { openPglite, rowsOf } from "./db/connect";
import { ledgerMismatches } from "./features/votes/ledger";
import { freePort } from "./test/free-port";

const ROOT = path.resolve(import.meta.dirname, "../..");
const ON_POSTGRES = process.env.TEST_DB === "postgres";
const START_TIMEOUT_MS = 120_000;
// Sized for 2 shared cores: PGlite answers several hundred votes a second there.
const CONCURRENCY = 24;
const VOTES_BEFORE_BACKUP = 300;
const VOTES_AFTER_BACKUP = 100;

const serverDir = path.join(ROOT, ".tmp", `backup-server-${process.pid}`);
const work = fs.mkdtempSync(path.join(os.tmpdir(), "mg-backup-"));
const children = new Set<ChildProcess>();

beforeAll(async () => {
  await buildServer(serverDir);
});

afterAll(() => {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  }
  fs.rmSync(work, { recursive: true, force: true });
  fs.rmSync(serverDir, { recursive: true, force: true });
});

interface Run {
  child: ChildProcess;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** A compiled entry point (main, backup, restore) run with plain node from `work`, as `npm run` would. */
function run(entry: string, args: string[], env: NodeJS.ProcessEnv): Run {
  const child = spawn(
    process.execPath,
    ["--enable-source-maps", path.join(serverDir, `${entry}.js`), ...args],
    {
      cwd: work,
      env: { PATH: process.env.PATH, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  children.add(child);
  let output = "";
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-20_000_000);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once("exit", (code, signal) => resolve({ code, signal }));
  });
  return { child, output: () => output, exited };
}

interface Server extends Run {
  port: number;
}

function spawnServer(dataDir: string, port: number): Server {
  const server = run("main", [], {
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    SEED_DEMO: "true",
    TRUST_PROXY: "127.0.0.1",
    ADMIN_PASSWORD: "backup-test-admin",
    MARKET_REFRESH_MINUTES: "0",
    PAYMENT_CHECK_MINUTES: "0",
    STATIC_DIR: path.join(work, "no-build"),
    LOG_LEVEL: "info",
    MAX_EVENT_LOOP_DELAY_MS: "0",
    SHUTDOWN_DELAY_MS: "0",
  });
  return { ...server, port };
}

function running(server: Run): boolean {
  return server.child.exitCode === null && server.child.signalCode === null;
}

async function startServer(dataDir: string): Promise<Server> {
  const server = spawnServer(dataDir, await freePort());
  const until = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < until) {
    if (!running(server)) throw new Error(`the server exited during start-up:\n${server.output()}`);
    const ready = await fetch(`http://127.0.0.1:${server.port}/api/settings`).catch(() => undefined);
    if (ready?.status === 200) return server;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server did not answer within ${START_TIMEOUT_MS} ms:\n${server.output()}`);
}

async function stopServer(server: Server): Promise<void> {
  server.child.kill("SIGTERM");
  expect(await server.exited, server.output()).toEqual({ code: 0, signal: null });
}

interface Vote {
  visitorId: string;
  headlineId: number;
}

function castVote(port: number, agent: http.Agent, i: number, headlineId: number): Promise<Vote> {
  const body = JSON.stringify({ headlineId });
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/api/vote",
        agent,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          // One address per visitor (198.18.0.0/15, set aside for benchmarks): no daily limit is reached.
          "x-forwarded-for": `198.18.${(i >> 8) & 255}.${i & 255}`,
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          text += chunk;
        });
        res.on("end", () => {
          if (res.statusCode !== 200) return reject(new Error(`vote answered ${res.statusCode}: ${text}`));
          const visitorId = (res.headers["set-cookie"] ?? []).join(";").match(/mg_visitor=([^;]+)/)?.[1];
          if (!visitorId) return reject(new Error("no visitor cookie"));
          resolve({ visitorId, headlineId });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

async function openHeadlines(port: number): Promise<Map<number, number>> {
  const list = (await (await fetch(`http://127.0.0.1:${port}/api/headlines`)).json()) as Array<{
    id: number;
    isWinner: boolean;
    votes: number;
  }>;
  return new Map(list.filter((h) => !h.isWinner).map((h) => [h.id, h.votes]));
}

describe("npm run backup on PostgreSQL", () => {
  it("says to use pg_dump, and exits 2 without writing anything", async () => {
    const out = path.join(work, "pg", "never.tar.gz");
    const backup = run("backup", ["--out", out], {
      DATABASE_URL: "postgres://postgres@127.0.0.1:5432/memegazette",
      DATA_DIR: path.join(work, "pg", "data"),
    });
    expect(await backup.exited).toEqual({ code: 2, signal: null });
    expect(backup.output()).toContain("Use pg_dump");
    expect(fs.existsSync(path.join(work, "pg"))).toBe(false);
  });
});

describe.skipIf(ON_POSTGRES)("backups of the embedded database", () => {
  it("backs up under a vote load; the restore into a new DATA_DIR serves every vote acknowledged before the backup began", async () => {
    const dataDir = path.join(work, "live", "data");
    const server = await startServer(dataDir);
    const baseline = await openHeadlines(server.port);
    const ids = [...baseline.keys()];
    expect(ids.length).toBeGreaterThan(0);

    const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    const acknowledged: Vote[] = [];
    const errors: string[] = [];
    let next = 0;
    let stopAt = Number.POSITIVE_INFINITY;
    let backupBegan: (() => void) | undefined;
    const enoughBefore = new Promise<void>((resolve) => {
      backupBegan = resolve;
    });
    const worker = async () => {
      while (acknowledged.length < stopAt) {
        const i = next++;
        try {
          acknowledged.push(await castVote(server.port, agent, i, ids[i % ids.length] as number));
        } catch (error) {
          errors.push(String(error));
          if (errors.length > 20) return;
        }
        if (acknowledged.length >= VOTES_BEFORE_BACKUP) backupBegan?.();
      }
    };
    const load = Promise.all(Array.from({ length: CONCURRENCY }, worker));

    await enoughBefore;
    // Everything acknowledged up to this instant must be in the backup; votes keep coming meanwhile.
    const before = acknowledged.slice();
    const file = path.join(work, "backups", "under-load.tar.gz");
    const started = performance.now();
    const backup = run("backup", ["--out", file], { DATA_DIR: dataDir });
    const backupExit = await backup.exited;
    const backupMs = performance.now() - started;
    const during = acknowledged.length - before.length;
    stopAt = acknowledged.length + VOTES_AFTER_BACKUP;
    await load;
    agent.destroy();
    expect(errors).toEqual([]);
    expect(backupExit, backup.output()).toEqual({ code: 0, signal: null });
    expect(backup.output()).toContain("taken by the running server");
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(path.dirname(file))).toEqual(["under-load.tar.gz"]); // no temporary file left
    // The load really went on while the backup was taken.
    expect(during).toBeGreaterThan(0);
    console.info(
      `backup under load: ${(fs.statSync(file).size / 1e6).toFixed(1)} MB in ${Math.round(backupMs)} ms ` +
        `(the command, node's start included); ${before.length} votes acknowledged before it, ${during} ` +
        `while it ran, ${acknowledged.length} in all; ${backup.output().trim()}`,
    );
    await stopServer(server);

    // A restore goes into a new DATA_DIR only: the old one (not empty) is refused.
    const refused = run("restore", [file, "--data-dir", dataDir], {});
    expect((await refused.exited).code).toBe(1);
    expect(refused.output()).toContain("is not empty");

    const restoredDir = path.join(work, "restored", "data");
    const restoreStarted = performance.now();
    const restore = run("restore", [file, "--data-dir", restoredDir], {});
    expect(await restore.exited, restore.output()).toEqual({ code: 0, signal: null });
    console.info(`restore: ${Math.round(performance.now() - restoreStarted)} ms; ${restore.output().trim()}`);

    const restored = await startServer(restoredDir);
    for (const vote of before) {
      const mine = await fetch(`http://127.0.0.1:${restored.port}/api/me/votes`, {
        headers: { cookie: `mg_visitor=${vote.visitorId}` },
      });
      expect(mine.status).toBe(200);
      expect((await mine.json()).headlineVote, vote.visitorId).toBe(vote.headlineId);
    }
    const shown = await openHeadlines(restored.port);
    await stopServer(restored);

    // The restored database on its own: the votes' rows and the counts shown agree.
    const database = await openPglite(path.join(restoredDir, "pglite"));
    try {
      expect(await ledgerMismatches(database.db)).toEqual([]);
      const rows = rowsOf<{ visitor_id: string; headline_id: number }>(
        await database.db.execute(
          sql`SELECT visitor_id, headline_id FROM votes WHERE kind = 'headline' AND visitor_id NOT LIKE 'sample-%'`,
        ),
      );
      const stored = new Set(rows.map((r) => `${r.visitor_id}:${Number(r.headline_id)}`));
      expect(before.filter((v) => !stored.has(`${v.visitorId}:${v.headlineId}`))).toEqual([]);
      // Nothing in it that was not sent, and the counts shown are the baseline plus its rows.
      const sent = new Set(acknowledged.map((v) => `${v.visitorId}:${v.headlineId}`));
      expect(rows.filter((r) => !sent.has(`${r.visitor_id}:${Number(r.headline_id)}`))).toEqual([]);
      for (const [id, votes] of shown) {
        const counted = rows.filter((r) => Number(r.headline_id) === id).length;
        expect({ id, votes }).toEqual({ id, votes: (baseline.get(id) ?? 0) + counted });
      }
      console.info(`restored: ${rows.length} of the ${acknowledged.length} votes acknowledged`);
    } finally {
      await database.close();
    }
  }, 400_000);

  it("starts on a copy of a running server's DATA_DIR, refuses a second server on the live one, takes over after kill -9", async () => {
    const liveDir = path.join(work, "lock", "data");
    const copyDir = path.join(work, "lock", "copy");
    const owner = await startServer(liveDir);
    // A copy carries the socket file, to which nothing listens.
    execFileSync("cp", ["-a", liveDir, copyDir]);
    expect(fs.statSync(path.join(copyDir, "server.sock")).isSocket()).toBe(true);
    const onCopy = await startServer(copyDir);
    expect(onCopy.output()).not.toContain("Another server process");

    const second = spawnServer(liveDir, await freePort());
    expect(await second.exited, second.output()).toEqual({ code: 1, signal: null });
    expect(second.output()).toContain(
      `Another server process is already using DATA_DIR ${liveDir}. The embedded database serves one ` +
        "process only: stop the other one, use another DATA_DIR, or set DATABASE_URL",
    );
    expect(second.output()).not.toContain("pid");
    expect(running(owner)).toBe(true);

    // The owner dies without a chance to clean up: its socket dies with it and the next start takes over.
    owner.child.kill("SIGKILL");
    await owner.exited;
    const next = await startServer(liveDir);
    expect(next.output()).not.toContain("Another server process");
    await Promise.all([stopServer(next), stopServer(onCopy)]);
    expect(fs.readdirSync(liveDir)).toEqual(["pglite"]);
  }, 400_000);
});
