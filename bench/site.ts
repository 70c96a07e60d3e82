import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { buildServer } from "../build/server";
import { openPglite, rowsOf } from "../src/server/db/connect";
import { freePort } from "../src/server/test/free-port";
import { waitFor } from "./wait-for";

const ROOT = path.resolve(import.meta.dirname, "..");

/** The site under measurement: the compiled server in its own process, on a fresh database. */
export interface BenchSite {
  base: string;
  pid: number;
  /** "embedded PGlite" or "PostgreSQL". */
  kind: string;
  /**
   * With BENCH_PROFILE=<dir>: starts the V8 profiler in the server process; the returned function stops it
   * and writes `<dir>/<name>.cpuprofile` (open it in Chrome's DevTools). Without it, a no-op.
   */
  profile(name: string): Promise<() => Promise<void>>;
  /** Counts rows with one SQL query, after stop() (the embedded database is opened again from its files). */
  count(query: string): Promise<number>;
  stop(): Promise<void>;
  /** Stops the server if still running and removes its database and files. */
  dispose(): Promise<void>;
}

/**
 * Another build of the site, measured beside this one in the same run: a checkout of an earlier release
 * with its own `npm install && npm run build` done (its dist/server/main.js and dist/client).
 */
export interface OtherRelease {
  dir: string;
}

/** The previous release to compare with, from BENCH_PREVIOUS (a built checkout: see the README). */
export function previousRelease(): OtherRelease | undefined {
  const dir = process.env.BENCH_PREVIOUS;
  if (!dir) return undefined;
  const main = path.resolve(dir, "dist", "server", "main.js");
  if (!fs.existsSync(main) || !fs.existsSync(path.resolve(dir, "dist", "client", "index.html"))) {
    throw new Error(`BENCH_PREVIOUS=${dir} is not a built checkout: run npm install && npm run build in it`);
  }
  return { dir: path.resolve(dir) };
}

/**
 * Starts the production process (the compiled server on plain node) on a fresh database: embedded by
 * default, or a scratch database on the PostgreSQL server of DATABASE_URL. Loopback is a trusted proxy, so
 * each simulated visitor can come from its own X-Forwarded-For address and the real limits stay on.
 * `release`: another build's server and browser app instead of this checkout's.
 */
export async function startSite(
  extraEnv: Record<string, string> = {},
  release?: OtherRelease,
): Promise<BenchSite> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "mg-bench-"));
  const adminUrl = process.env.DATABASE_URL;
  let databaseUrl: string | undefined;
  let scratch: string | undefined;
  if (adminUrl) {
    scratch = `mg_bench_${Date.now()}_${port}`;
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
    // Stopped when the benchmark is done: no load balancer to tell first.
    SHUTDOWN_DELAY_MS: "0",
    // A bench measures capacity: the overload 503s (under-pressure) would cut the load it applies.
    MAX_EVENT_LOOP_DELAY_MS: "0",
    MARKET_REFRESH_MINUTES: "0",
    PAYMENT_CHECK_MINUTES: "0",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: "" }),
    ...extraEnv,
  };
  const serverDir = release
    ? path.join(release.dir, "dist", "server")
    : path.join(ROOT, ".tmp", `bench-server-${process.pid}-${port}`);
  if (!release) await buildServer(serverDir);
  // BENCH_NODE_ARGS: flags for the server's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to see where
  // its time goes (not allowed in NODE_OPTIONS).
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  const profileDir = process.env.BENCH_PROFILE;
  const inspectPort = profileDir ? await freePort() : 0;
  if (profileDir) nodeArgs.push(`--inspect=127.0.0.1:${inspectPort}`);
  const server: ChildProcess = spawn(process.execPath, [...nodeArgs, path.join(serverDir, "main.js")], {
    cwd: release?.dir ?? ROOT,
    env,
    stdio: ["ignore", "inherit", "inherit"],
  });
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill("SIGTERM");
      await new Promise((r) => server.once("exit", r));
    }
    if (!release) fs.rmSync(serverDir, { recursive: true, force: true });
  };
  const site: BenchSite = {
    base,
    pid: server.pid as number,
    kind: databaseUrl ? "PostgreSQL" : "embedded PGlite",
    stop,
    async profile(name) {
      if (!profileDir) return async () => {};
      const inspector = await Inspector.open(inspectPort);
      await inspector.call("Profiler.enable");
      await inspector.call("Profiler.setSamplingInterval", { interval: 200 });
      await inspector.call("Profiler.start");
      return async () => {
        const { profile } = (await inspector.call("Profiler.stop")) as { profile: unknown };
        fs.mkdirSync(profileDir, { recursive: true });
        fs.writeFileSync(path.join(profileDir, `${name}.cpuprofile`), JSON.stringify(profile));
        inspector.close();
      };
    },
    async count(query) {
      if (databaseUrl) {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        const n = Number((await client.query(query)).rows[0]?.n);
        await client.end();
        return n;
      }
      const database = await openPglite(path.join(work, "data", "pglite"));
      const n = Number(rowsOf<{ n: number }>(await database.db.execute(sql.raw(query)))[0]?.n);
      await database.close();
      return n;
    },
    async dispose() {
      await stop();
      if (scratch && adminUrl) {
        const admin = new pg.Client({ connectionString: adminUrl });
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
        await admin.end();
      }
      fs.rmSync(work, { recursive: true, force: true });
    },
  };
  try {
    await waitFor(`${base}/api/settings`, 120_000);
  } catch (error) {
    await site.dispose();
    throw error;
  }
  return site;
}

/**
 * The server's inspector (started by BENCH_PROFILE's --inspect), over the DevTools protocol: profiling only
 * a case's window leaves out the start and the visitors' cookies.
 */
class Inspector {
  private next = 1;
  private readonly waiting = new Map<number, (result: unknown) => void>();
  private constructor(private readonly socket: WebSocket) {
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
      if (message.id === undefined) return;
      this.waiting.get(message.id)?.(message.result);
      this.waiting.delete(message.id);
    });
  }

  static async open(port: number): Promise<Inspector> {
    const [target] = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
      webSocketDebuggerUrl: string;
    }[];
    const socket = new WebSocket(target?.webSocketDebuggerUrl ?? "");
    await new Promise((resolve, reject) => {
      socket.addEventListener("open", resolve, { once: true });
      socket.addEventListener("error", reject, { once: true });
    });
    return new Inspector(socket);
  }

  call(method: string, params: Record<string, unknown> = {}): Promise<unknown> {
    const id = this.next++;
    this.socket.send(JSON.stringify({ id, method, params }));
    return new Promise((resolve) => this.waiting.set(id, resolve));
  }

  close(): void {
    this.socket.close();
  }
}

/** CPU time (user + system) a process has used so far, in milliseconds (/proc counts in 1/100 s on Linux). */
export function cpuMs(pid: number): number {
  const fields = (fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1] ?? "").split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** A process's resident memory now (VmRSS) or at its peak (VmHWM), in MB. */
export function memoryMb(pid: number, which: "VmRSS" | "VmHWM"): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(status.match(new RegExp(`${which}:\\s+(\\d+)`))?.[1] ?? 0);
  return kb / 1024;
}
