/**
 * npm run bench: starts the site on a fresh database (embedded by default; with DATABASE_URL a scratch
 * database on that PostgreSQL server) and measures, in one run:
 *  (a) GET /api/headlines against a bare node:http server answering the same bytes (the site's body and
 *      headers), as a ratio. Each server is its own process, apart from autocannon's; both are warmed up,
 *      then measured in alternating rounds so that a change in the machine's load weighs on both alike;
 *  (b) votes per second from distinct visitors: the server runs with TRUST_PROXY for loopback, each simulated
 *      visitor has its own X-Forwarded-For address and a cookie the server issued, so the real limits stay on;
 *  (c) the server's peak memory (VmHWM).
 * Afterwards it checks that every vote answered 200 is stored once and that the counters equal the rows.
 * It also prints each server's CPU time per request, which a busy machine disturbs far less than the rates,
 * and the load average before and after.
 * Tunables: BENCH_SECONDS (read test length per server, default 10), BENCH_VOTES (default 10000),
 * BENCH_CONNECTIONS (50).
 */
import { spawn } from "node:child_process";
import http from "node:http";
import os from "node:os";
import autocannon from "autocannon";
import { cpuMs, memoryMb, startSite } from "./site";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const VOTES = Number(process.env.BENCH_VOTES ?? 10_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WARM_UP_SECONDS = 3;
const READ_ROUNDS = 2;

/** Runs autocannon; `onResponse` is called as each answer arrives. */
function run(options: autocannon.Options, onResponse?: () => void): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
    if (onResponse) instance.on("response", onResponse);
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

async function main() {
  const loadAtStart = os.loadavg()[0]?.toFixed(2);
  const target = await startSite();
  const { base } = target;
  const server = { pid: target.pid };
  try {
    console.log(
      `\nMeme Gazette benchmark: ${target.kind}, ${os.cpus().length} cores, node ${process.version}\n`,
    );

    // (a) reads: the site against a bare node:http server answering the same bytes: the body and the headers
    // the site sends a returning visitor (the headers Node adds itself left out).
    const first = await fetch(`${base}/api/headlines`);
    await first.arrayBuffer();
    const cookie = (first.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    // Uncompressed, as autocannon asks for it (it sends no Accept-Encoding).
    const answer = await fetch(`${base}/api/headlines`, {
      headers: { cookie, "accept-encoding": "identity" },
    });
    const body = Buffer.from(await answer.arrayBuffer());
    const headers: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (!["date", "connection", "keep-alive", "transfer-encoding"].includes(name)) headers[name] = value;
    });
    const bare = await startBare(body, headers);
    const sideBySide = [
      {
        name: "site",
        url: `${base}/api/headlines`,
        pid: server.pid as number,
        requests: 0,
        seconds: 0,
        cpu: 0,
      },
      { name: "bare", url: `http://127.0.0.1:${bare.port}/`, pid: bare.pid, requests: 0, seconds: 0, cpu: 0 },
    ];
    const readOptions = { connections: CONNECTIONS, headers: { cookie } };
    for (const s of sideBySide) await run({ ...readOptions, url: s.url, duration: WARM_UP_SECONDS });
    // Alternating rounds: a change in the machine's load (other work on it) weighs on both servers alike.
    for (let round = 0; round < READ_ROUNDS; round++) {
      for (const s of sideBySide) {
        const before = cpuMs(s.pid);
        const result = await run({ ...readOptions, url: s.url, duration: SECONDS / READ_ROUNDS });
        s.cpu += cpuMs(s.pid) - before;
        s.requests += result.requests.total;
        s.seconds += result.duration;
      }
    }
    bare.stop();
    const [site, plain] = sideBySide as [(typeof sideBySide)[0], (typeof sideBySide)[0]];

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
    const cpuBeforeVotes = cpuMs(server.pid);
    // Timed from the start to the last answer: a run with an `amount` ends at autocannon's next 1-second
    // sampling tick, so its own duration rounds up to whole seconds (10,000 votes in 4.2 s read as 5.01 s).
    const votesStarted = performance.now();
    let lastAnswerAt = votesStarted;
    const votes = await run(
      {
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
      },
      () => {
        lastAnswerAt = performance.now();
      },
    );
    const voteSeconds = (lastAnswerAt - votesStarted) / 1000;
    const voteCpuMs = cpuMs(server.pid) - cpuBeforeVotes;
    const peak = Math.round(memoryMb(server.pid, "VmHWM"));

    // Every 200 stored once, counters equal to the rows.
    const after = (await (await fetch(`${base}/api/headlines`)).json()) as Array<{
      isWinner: boolean;
      votes: number;
    }>;
    const counted = after.filter((h) => !h.isWinner).reduce((s, h) => s + h.votes, 0) - votesBefore;
    await target.stop();
    // The sample edition's own votes (visitors "sample-...") were there before the run.
    const rows = await target.count(
      "SELECT count(*)::int AS n FROM votes WHERE kind = 'headline' AND visitor_id NOT LIKE 'sample-%'",
    );

    const ok = votes["2xx"];
    const siteRate = site.requests / site.seconds;
    const bareRate = plain.requests / plain.seconds;
    const perRequestUs = (s: typeof site) => Math.round((1000 * s.cpu) / s.requests);
    console.table({
      "machine load (1 min) at start / end": `${loadAtStart} / ${os.loadavg()[0]?.toFixed(2)}`,
      "reads: site GET /api/headlines (req/s)": Math.round(siteRate),
      "reads: bare node:http, same bytes (req/s)": Math.round(bareRate),
      "reads: ratio site / bare": Number((siteRate / bareRate).toFixed(2)),
      "reads: CPU per request, site / bare (µs)": `${perRequestUs(site)} / ${perRequestUs(plain)}`,
      "votes: answered 200": ok,
      "votes: refused (non-2xx)": votes.non2xx,
      "votes: errors / timeouts": votes.errors + votes.timeouts,
      "votes: per second (200s / time to the last answer)": Math.round(ok / voteSeconds),
      "votes: p99 latency (ms)": votes.latency.p99,
      "votes: server CPU per request (µs)": Math.round((1000 * voteCpuMs) / votes.requests.total),
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
    await target.dispose();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
