/**
 * Cold start and steady memory of the production process against the same server run through tsx, side by
 * side in one run (alternating, so machine load falls on both alike). Both open the same existing embedded
 * database (made once before the rounds), so the figure is the process's own start, not initdb's.
 *
 *   npm run bench:start            (BENCH_ROUNDS=5 by default)
 *
 * Prints, per variant, the median time from spawn to the first 200 of /readyz and the resident memory
 * (from /metrics) 5 s after that, idle.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildServer } from "../build/server";
import { freePort } from "../src/server/test/free-port";

const ROOT = path.resolve(import.meta.dirname, "..");
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const work = fs.mkdtempSync(path.join(os.tmpdir(), "mg-cold-start-"));
const serverDir = path.join(ROOT, ".tmp", `cold-start-server-${process.pid}`);

const variants = {
  "tsx (before)": ["--import", "tsx", path.join(ROOT, "src/server/main.ts")],
  "compiled (after)": ["--enable-source-maps", path.join(serverDir, "main.js")],
} as const;

async function main() {
  await buildServer(serverDir);
  // One start makes and migrates the database; every measured start then opens it as a restart would.
  await measure(variants["compiled (after)"]);
  const results: Record<string, { ms: number[]; rssMb: number[] }> = {};
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, args] of Object.entries(variants)) {
      const { ms, rssMb } = await measure(args);
      results[name] ??= { ms: [], rssMb: [] };
      results[name].ms.push(ms);
      results[name].rssMb.push(rssMb);
    }
  }
  console.log(
    `\ncold start on an existing embedded database, ${ROUNDS} rounds, load ${os.loadavg()[0]?.toFixed(1)}`,
  );
  for (const [name, r] of Object.entries(results)) {
    console.log(
      `${name.padEnd(18)} start ${median(r.ms).toFixed(0)} ms   steady RSS ${median(r.rssMb).toFixed(0)} MB`,
    );
  }
}

async function measure(args: readonly string[]): Promise<{ ms: number; rssMb: number }> {
  const port = await freePort();
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: path.join(work, "data"),
      DATABASE_URL: "",
      SEED_DEMO: "true",
      ADMIN_PASSWORD: "cold-start-admin",
      MARKET_REFRESH_MINUTES: "0",
      PAYMENT_CHECK_MINUTES: "0",
      LOG_LEVEL: "warn",
      // Stopped after each round: no load balancer to tell first.
      SHUTDOWN_DELAY_MS: "0",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error("the server exited during start-up");
      const res = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined);
      if (res?.status === 200) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const ms = performance.now() - started;
    await new Promise((r) => setTimeout(r, 5_000));
    const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    const rss = Number(/^process_resident_memory_bytes (\d+)/m.exec(metrics)?.[1] ?? 0);
    return { ms, rssMb: rss / 1024 / 1024 };
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

try {
  await main();
} finally {
  fs.rmSync(work, { recursive: true, force: true });
  fs.rmSync(serverDir, { recursive: true, force: true });
}
