/**
 * npm run bench: starts the site on a fresh database (embedded by default; with DATABASE_URL a scratch
 * database on that PostgreSQL server) and measures, in one run:
 *  (a) GET /api/headlines against a bare node:http server answering the same bytes (the site's body and
 *      headers), as a ratio. Each server is its own process, apart from autocannon's; both are warmed up,
 *      then measured in alternating rounds so that a change in the machine's load weighs on both alike;
 *  (b) votes per second from distinct visitors: the server runs with TRUST_PROXY for loopback, each simulated
 *      visitor has its own X-Forwarded-For address and a cookie the server issued, so the real limits stay on;
 *  (c) the server's peak memory (VmHWM);
 *  (d) pages during votes (the 8 PM crowd, issue 28): a steady stream of votes while visitors read the
 *      public pages (the front page, the list pages, headlines' own pages): GET / p50/p99, the votes' p99,
 *      the server's CPU per request, and how many first paints each page route drew.
 * Afterwards it checks that every vote answered 200 is stored once and that the counters equal the rows.
 * It also prints each server's CPU time per request, which a busy machine disturbs far less than the rates,
 * and the load average before and after.
 *
 * Side by side with another release (issue 28): BENCH_PREVIOUS=<a built checkout of it> starts that
 * release too, on its own fresh database, and runs every case on both in alternating rounds, printing both
 * columns and their ratio (see the README, "Benchmarks").
 * Tunables: BENCH_SECONDS (read test length per server, default 10), BENCH_VOTES (default 10000),
 * BENCH_CONNECTIONS (50), BENCH_CROWD_SECONDS (crowd length per server, 20), BENCH_CROWD_VOTE_RATE (votes a
 * second during the crowd, 40), BENCH_CROWD_PAGE_RATE (page reads a second, 30), BENCH_ROUNDS (alternating
 * rounds per case, 2), BENCH_CASES (which cases
 * run: a comma list of reads, votes and crowd; all by default — one case alone, to profile it), BENCH_PROFILE
 * (a folder: a CPU profile of each server in each vote and crowd round, started after the visitors' cookies).
 */
import { spawn } from "node:child_process";
import http from "node:http";
import os from "node:os";
import autocannon from "autocannon";
import { type BenchSite, cpuMs, memoryMb, previousRelease, startSite } from "./site";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const VOTES = Number(process.env.BENCH_VOTES ?? 10_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const CROWD_SECONDS = Number(process.env.BENCH_CROWD_SECONDS ?? 20);
const CROWD_VOTE_RATE = Number(process.env.BENCH_CROWD_VOTE_RATE ?? 40);
const CROWD_PAGE_RATE = Number(process.env.BENCH_CROWD_PAGE_RATE ?? 30);
const CASES = new Set((process.env.BENCH_CASES ?? "reads,votes,crowd").split(",").map((c) => c.trim()));
const WARM_UP_SECONDS = 3;
/** Rounds per case, alternating the servers: more of them average out a noisy machine. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

/** The pages a crowd reads besides the front page (and headlines' own pages, added per site). */
const LIST_PAGES = ["/tomorrows-news", "/yesterdays-news", "/archive", "/about", "/submit"];

/** Runs autocannon; `onResponse` is called with each answer's status and time (ms). */
function run(
  options: autocannon.Options,
  onResponse?: (status: number, ms: number) => void,
): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
    if (onResponse)
      instance.on("response", (_client, status: number, _bytes, ms: number) => onResponse(status, ms));
  });
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

interface Visitor {
  ip: string;
  cookie: string;
}

/** Cookies the server itself issues, one per simulated visitor, each from its own address. */
async function issueVisitors(base: string, count: number, first = 0): Promise<Visitor[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const visitors: Visitor[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const n = first + i;
      const ip = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
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

/**
 * The bare server, in its own process like the site (in this one it would share autocannon's event loop):
 * node:http answering every request with the given bytes.
 */
async function startBare(body: Buffer, headers: Record<string, string>) {
  const script = `
    const http = require("node:http");
    const body = Buffer.from(process.env.BARE_BODY, "base64");
    const headers = JSON.parse(process.env.BARE_HEADERS);
    const server = http.createServer((req, res) => { res.writeHead(200, headers); res.end(body); });
    server.listen(0, "127.0.0.1", () => process.stdout.write(server.address().port + "\\n"));`;
  const child = spawn(process.execPath, ["-e", script], {
    env: { ...process.env, BARE_BODY: body.toString("base64"), BARE_HEADERS: JSON.stringify(headers) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.once("data", (chunk: Buffer) => resolve(Number(String(chunk).trim())));
    child.once("exit", () => reject(new Error("the bare server did not start")));
  });
  return { port, pid: child.pid as number, stop: () => child.kill() };
}

/** One site under measurement, with what its rounds added up to. */
interface Subject {
  name: string;
  site: BenchSite;
  cookie: string;
  /** The headlines in voting, and where their own pages are. */
  ids: number[];
  headlinePages: string[];
  votesBefore: number;
  nextVisitor: number;
  reads: { requests: number; seconds: number; cpu: number };
  votes: { ok: number; refused: number; errors: number; requests: number; seconds: number; cpu: number };
  voteLatencies: number[];
  crowd: {
    front: number[];
    pages: number[];
    votes: number[];
    votesOk: number;
    /** Answers that were no 2xx or 3xx, by status. */
    failed: Map<number, number>;
    requests: number;
    non2xx: number;
    cpu: number;
    draws: Map<string, number>;
  };
}

type Headline = { id: number; title: string; isWinner: boolean; votes: number };

async function subjectOf(name: string, site: BenchSite): Promise<Subject> {
  const first = await fetch(`${site.base}/api/headlines`);
  const list = (await first.json()) as Headline[];
  const cookie = (first.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  const racing = list.filter((h) => !h.isWinner);
  return {
    name,
    site,
    cookie,
    ids: racing.map((h) => h.id),
    headlinePages: await Promise.all(list.map((h) => ownPath(site.base, `/h/${h.id}`))),
    votesBefore: racing.reduce((n, h) => n + h.votes, 0),
    nextVisitor: 0,
    reads: { requests: 0, seconds: 0, cpu: 0 },
    votes: { ok: 0, refused: 0, errors: 0, requests: 0, seconds: 0, cpu: 0 },
    voteLatencies: [],
    crowd: {
      front: [],
      pages: [],
      votes: [],
      votesOk: 0,
      failed: new Map(),
      requests: 0,
      non2xx: 0,
      cpu: 0,
      draws: new Map(),
    },
  };
}

/** Where the site sends a path (a headline's page goes to its own slug), as a browser would follow it. */
async function ownPath(base: string, path: string): Promise<string> {
  const res = await fetch(`${base}${path}`, { redirect: "manual" });
  await res.arrayBuffer();
  return res.headers.get("location") ?? path;
}

/** POST /api/vote from distinct visitors, each once, on the headlines in voting. */
function voteRequests(s: Subject, visitors: Visitor[]): autocannon.Request[] {
  let n = 0;
  return [
    {
      method: "POST",
      path: "/api/vote",
      setupRequest: (request) => {
        const i = n++;
        const visitor = visitors[i % visitors.length] as Visitor;
        return {
          ...request,
          headers: {
            "content-type": "application/json",
            "x-forwarded-for": visitor.ip,
            cookie: `mg_visitor=${visitor.cookie}`,
          },
          body: JSON.stringify({ headlineId: s.ids[i % s.ids.length] }),
        };
      },
    },
  ];
}

/** A round's profile file name (BENCH_PROFILE): the case, the release and where its visitors start. */
const profileName = (kind: string, s: Subject) => `${kind}-${s.name.replace(/ /g, "-")}-${s.nextVisitor}`;

async function voteRound(s: Subject, amount: number) {
  const visitors = await issueVisitors(s.site.base, amount, s.nextVisitor);
  s.nextVisitor += amount;
  const stopProfile = await s.site.profile(profileName("votes", s));
  const before = cpuMs(s.site.pid);
  // Timed from the start to the last answer: a run with an `amount` ends at autocannon's next 1-second
  // sampling tick, so its own duration rounds up to whole seconds (10,000 votes in 4.2 s read as 5.01 s).
  const started = performance.now();
  let lastAnswerAt = started;
  const result = await run(
    { url: s.site.base, connections: CONNECTIONS, amount, requests: voteRequests(s, visitors) },
    (_status, ms) => {
      lastAnswerAt = performance.now();
      s.voteLatencies.push(ms);
    },
  );
  s.votes.cpu += cpuMs(s.site.pid) - before;
  await stopProfile();
  s.votes.seconds += (lastAnswerAt - started) / 1000;
  s.votes.ok += result["2xx"];
  s.votes.refused += result.non2xx;
  s.votes.errors += result.errors + result.timeouts;
  s.votes.requests += result.requests.total;
}

/** first_paint_draws_total by route, from the site's /metrics (empty for a release without it). */
async function drawsByRoute(base: string): Promise<Map<string, number>> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const draws = new Map<string, number>();
  for (const m of text.matchAll(/^first_paint_draws_total\{route="([^"]*)"\} (\d+)/gm))
    draws.set(m[1] as string, Number(m[2]));
  return draws;
}

/**
 * The crowd: votes at CROWD_VOTE_RATE a second, the front page at a third of CROWD_PAGE_RATE and the other
 * public pages at the rest, all at once, as a browser asks for a page (Accept-Encoding br, the visitor's
 * cookie, redirects followed).
 */
async function crowdRound(s: Subject) {
  const votes = Math.ceil(CROWD_VOTE_RATE * CROWD_SECONDS);
  const visitors = await issueVisitors(s.site.base, votes, s.nextVisitor);
  s.nextVisitor += votes;
  const drawsBefore = await drawsByRoute(s.site.base);
  const stopProfile = await s.site.profile(profileName("crowd", s));
  const before = cpuMs(s.site.pid);
  const page = { cookie: s.cookie, "accept-encoding": "br, gzip" };
  const failedAnswer = (status: number) => {
    if (status >= 400) s.crowd.failed.set(status, (s.crowd.failed.get(status) ?? 0) + 1);
  };
  const pages = [...LIST_PAGES, ...s.headlinePages];
  let p = 0;
  const results = await Promise.all([
    run(
      {
        url: s.site.base,
        connections: 10,
        overallRate: CROWD_VOTE_RATE,
        duration: CROWD_SECONDS,
        requests: voteRequests(s, visitors),
      },
      (status, ms) => {
        s.crowd.votes.push(ms);
        if (status === 200) s.crowd.votesOk++;
        failedAnswer(status);
      },
    ),
    run(
      {
        url: `${s.site.base}/`,
        connections: 4,
        overallRate: Math.max(1, Math.round(CROWD_PAGE_RATE / 3)),
        duration: CROWD_SECONDS,
        headers: page,
      },
      (status, ms) => {
        s.crowd.front.push(ms);
        failedAnswer(status);
      },
    ),
    run(
      {
        url: s.site.base,
        connections: 8,
        overallRate: Math.max(1, CROWD_PAGE_RATE - Math.round(CROWD_PAGE_RATE / 3)),
        duration: CROWD_SECONDS,
        headers: page,
        requests: [
          { setupRequest: (request) => ({ ...request, path: pages[p++ % pages.length] as string }) },
        ],
      },
      (status, ms) => {
        s.crowd.pages.push(ms);
        failedAnswer(status);
      },
    ),
  ]);
  s.crowd.cpu += cpuMs(s.site.pid) - before;
  await stopProfile();
  for (const result of results) {
    s.crowd.requests += result.requests.total;
    s.crowd.non2xx += result.non2xx;
  }
  for (const [route, n] of await drawsByRoute(s.site.base)) {
    s.crowd.draws.set(route, (s.crowd.draws.get(route) ?? 0) + n - (drawsBefore.get(route) ?? 0));
  }
}

async function main() {
  const loadAtStart = os.loadavg()[0]?.toFixed(2);
  const previous = previousRelease();
  const subjects: Subject[] = [];
  try {
    subjects.push(await subjectOf("this release", await startSite()));
    if (previous) subjects.push(await subjectOf("previous", await startSite({}, previous)));
    const [current] = subjects as [Subject];
    console.log(
      `\nMeme Gazette benchmark: ${current.site.kind}, ${os.cpus().length} cores, node ${process.version}` +
        (previous ? `, side by side with ${previous.dir}` : "") +
        "\n",
    );

    // (a) reads: each site against a bare node:http server answering this site's bytes: the body and the
    // headers the site sends a returning visitor (the headers Node adds itself left out). Uncompressed, as
    // autocannon asks for it (it sends no Accept-Encoding).
    const answer = await fetch(`${current.site.base}/api/headlines`, {
      headers: { cookie: current.cookie, "accept-encoding": "identity" },
    });
    const body = Buffer.from(await answer.arrayBuffer());
    const headers: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (!["date", "connection", "keep-alive", "transfer-encoding"].includes(name)) headers[name] = value;
    });
    const bare = await startBare(body, headers);
    const bareReads = { requests: 0, seconds: 0, cpu: 0 };
    const readers = [
      ...subjects.map((s) => ({
        url: `${s.site.base}/api/headlines`,
        pid: s.site.pid,
        cookie: s.cookie,
        into: s.reads,
      })),
      { url: `http://127.0.0.1:${bare.port}/`, pid: bare.pid, cookie: current.cookie, into: bareReads },
    ].filter(() => CASES.has("reads"));
    for (const r of readers)
      await run({
        url: r.url,
        connections: CONNECTIONS,
        headers: { cookie: r.cookie },
        duration: WARM_UP_SECONDS,
      });
    // Alternating rounds: a change in the machine's load (other work on it) weighs on every server alike.
    for (let round = 0; round < ROUNDS; round++) {
      for (const r of readers) {
        const before = cpuMs(r.pid);
        const result = await run({
          url: r.url,
          connections: CONNECTIONS,
          headers: { cookie: r.cookie },
          duration: SECONDS / ROUNDS,
        });
        r.into.cpu += cpuMs(r.pid) - before;
        r.into.requests += result.requests.total;
        r.into.seconds += result.duration;
      }
    }
    bare.stop();

    // (b) votes from distinct visitors on the headlines in voting, and (d) the crowd, in alternating rounds.
    for (let round = 0; round < ROUNDS && CASES.has("votes"); round++)
      for (const s of subjects) await voteRound(s, Math.ceil(VOTES / ROUNDS));
    for (let round = 0; round < ROUNDS && CASES.has("crowd"); round++)
      for (const s of subjects) await crowdRound(s);

    // Every 200 stored once, counters equal to the rows.
    const checks = [];
    for (const s of subjects) {
      const after = (await (await fetch(`${s.site.base}/api/headlines`)).json()) as Headline[];
      const counted = after.filter((h) => !h.isWinner).reduce((n, h) => n + h.votes, 0) - s.votesBefore;
      const peak = Math.round(memoryMb(s.site.pid, "VmHWM"));
      await s.site.stop();
      // The sample edition's own votes (visitors "sample-...") were there before the run.
      const rows = await s.site.count(
        "SELECT count(*)::int AS n FROM votes WHERE kind = 'headline' AND visitor_id NOT LIKE 'sample-%'",
      );
      const ok = s.votes.ok + s.crowd.votesOk;
      checks.push({ s, counted, rows, peak, ok });
    }

    const bareRate = bareReads.requests / bareReads.seconds;
    const perRequestUs = (cpu: number, requests: number) => Math.round((1000 * cpu) / requests);
    const columns = checks.map(({ s, counted, rows, peak }) => {
      const readRate = s.reads.requests / s.reads.seconds;
      const draws = [...s.crowd.draws].filter(([, n]) => n > 0).map(([route, n]) => `${route} ${n}`);
      return {
        name: s.name,
        figures: {
          "reads: GET /api/headlines (req/s)": Math.round(readRate),
          "reads: ratio to bare node:http, same bytes": Number((readRate / bareRate).toFixed(2)),
          "reads: CPU per request (µs)": perRequestUs(s.reads.cpu, s.reads.requests),
          "votes: answered 200": s.votes.ok,
          "votes: refused (non-2xx)": s.votes.refused,
          "votes: errors / timeouts": s.votes.errors,
          "votes: per second (200s / time to the last answer)": Math.round(s.votes.ok / s.votes.seconds),
          "votes: p99 latency (ms)": percentile(s.voteLatencies, 99),
          "votes: server CPU per request (µs)": perRequestUs(s.votes.cpu, s.votes.requests),
          "crowd: GET / p50 (ms)": percentile(s.crowd.front, 50),
          "crowd: GET / p99 (ms)": percentile(s.crowd.front, 99),
          "crowd: other pages p99 (ms)": percentile(s.crowd.pages, 99),
          "crowd: votes p99 (ms)": percentile(s.crowd.votes, 99),
          "crowd: server CPU per request (µs)": perRequestUs(s.crowd.cpu, s.crowd.requests),
          "crowd: failed answers (not 2xx/3xx)": [
            s.crowd.non2xx,
            ...[...s.crowd.failed].map(([k, n]) => `${k}: ${n}`),
          ].join(" "),
          "crowd: first paints drawn, by route": draws.length > 0 ? draws.join(", ") : "none",
          "server peak memory (MB)": peak,
          "check: rows stored": rows,
          "check: counter increase": counted,
        } as Record<string, number | string>,
      };
    });
    const table: Record<string, Record<string, number | string>> = {};
    for (const key of Object.keys(columns[0]?.figures ?? {})) {
      const benchCase = /^(reads|votes|crowd)\b/.exec(key)?.[1];
      if (benchCase && !CASES.has(benchCase)) continue;
      const row: Record<string, number | string> = {};
      for (const c of columns) row[c.name] = c.figures[key] as number | string;
      const [a, b] = columns.map((c) => c.figures[key]);
      if (columns.length === 2 && typeof a === "number" && typeof b === "number" && b !== 0)
        row["this / previous"] = Number((a / b).toFixed(2));
      table[key] = row;
    }
    console.log(`machine load (1 min) at start / end: ${loadAtStart} / ${os.loadavg()[0]?.toFixed(2)}`);
    if (CASES.has("reads")) console.log(`reads: bare node:http, same bytes: ${Math.round(bareRate)} req/s`);
    console.table(table);
    const consistent = checks.every(({ rows, counted, ok }) => rows === counted && rows === ok);
    console.log(
      consistent
        ? "\nOK: every 200 was stored once; counters equal the rows."
        : "\nMISMATCH: see the check rows above.",
    );
    if (!consistent) process.exitCode = 1;
  } finally {
    for (const s of subjects) await s.site.dispose();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
