/**
 * The load generator of `npm run bench:live` (bench/live.ts forks it: its own process, so its event loop
 * never slows the server's): opens the event streams, each from its own address, then sends votes at a
 * steady rate from distinct visitors, and reports when each stream heard of the votes.
 */
import http from "node:http";

export interface LoadPlan {
  base: string;
  streams: number;
  votesPerSecond: number;
  seconds: number;
  headlineIds: number[];
}

export type LoadMessage =
  | { kind: "opened"; opened: number; refused: number; failed: number; openSeconds: number }
  | {
      kind: "done";
      votesOk: number;
      votesFailed: number;
      dropped: number;
      /** Delay from a vote's 200 to the next event at each stream, over every (vote, stream) pair, in ms. */
      delayMs: { median: number; p99: number; max: number; pairs: number; missed: number };
      eventsPerStream: number;
    };

/** How many streams are being opened at once. */
const OPENING_AT_ONCE = 200;
/** After the last vote, how long to wait for its event to arrive everywhere. */
const DRAIN_MS = 3_000;
const OPEN_TIMEOUT_MS = 180_000;

const send = (message: LoadMessage) => process.send?.(message);

interface Stream {
  /** When each event naming the voting list arrived (performance.now()). */
  events: number[];
  open: boolean;
  dropped: boolean;
}

function openStream(
  base: string,
  index: number,
  streams: Stream[],
): Promise<"opened" | "refused" | "failed"> {
  // 172.16.0.0/12 for streams, 10/8 for votes: every stream and every voter is its own network.
  const ip = `172.${16 + ((index >> 16) & 15)}.${(index >> 8) & 255}.${index & 255}`;
  return new Promise((resolve) => {
    const request = http.get(`${base}/api/events`, {
      agent: false,
      headers: { "x-forwarded-for": ip, accept: "text/event-stream" },
    });
    request.setTimeout(OPEN_TIMEOUT_MS, () => request.destroy());
    request.on("error", () => resolve("failed"));
    request.on("response", (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        resolve("refused");
        return;
      }
      const stream: Stream = { events: [], open: true, dropped: false };
      streams.push(stream);
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        if (/^data: .*headlines/m.test(chunk)) stream.events.push(performance.now());
      });
      const lost = () => {
        if (stream.open) stream.dropped = true;
        stream.open = false;
      };
      response.on("close", lost);
      response.on("error", lost);
      request.setTimeout(0);
      resolve("opened");
    });
  });
}

async function sendVotes(plan: LoadPlan): Promise<{ ok: number[]; failed: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const ok: number[] = [];
  let failed = 0;
  let sent = 0;
  const total = plan.votesPerSecond * plan.seconds;
  const pending: Promise<void>[] = [];
  const vote = (i: number) =>
    new Promise<void>((resolve) => {
      const body = JSON.stringify({ headlineId: plan.headlineIds[i % plan.headlineIds.length] });
      const request = http.request(
        `${plan.base}/api/vote`,
        {
          method: "POST",
          agent,
          headers: {
            "content-type": "application/json",
            "x-forwarded-for": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
          },
        },
        (response) => {
          response.resume();
          response.on("end", () => {
            if (response.statusCode === 200) ok.push(performance.now());
            else failed += 1;
            resolve();
          });
        },
      );
      request.on("error", () => {
        failed += 1;
        resolve();
      });
      request.end(body);
    });
  // A steady rate: every 50 ms the votes due by then.
  const started = performance.now();
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * plan.votesPerSecond));
      while (sent < due) pending.push(vote(sent++));
      if (sent >= total) {
        clearInterval(timer);
        resolve();
      }
    }, 50);
  });
  await Promise.all(pending);
  agent.destroy();
  return { ok: ok.sort((a, b) => a - b), failed };
}

/** For every stream, the delay from each vote to the first event after it (votes and events both sorted). */
function delays(votes: number[], streams: Stream[]) {
  const all: number[] = [];
  let missed = 0;
  for (const { events } of streams) {
    let e = 0;
    for (const votedAt of votes) {
      while (e < events.length && (events[e] as number) < votedAt) e++;
      if (e < events.length) all.push((events[e] as number) - votedAt);
      else missed += 1;
    }
  }
  all.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(all[Math.min(all.length - 1, Math.floor(q * all.length))] ?? Number.NaN);
  return {
    median: at(0.5),
    p99: at(0.99),
    max: Math.round(all.at(-1) ?? Number.NaN),
    pairs: all.length,
    missed,
  };
}

async function main(plan: LoadPlan) {
  const streams: Stream[] = [];
  const outcomes = { opened: 0, refused: 0, failed: 0 };
  const openStarted = performance.now();
  let next = 0;
  const opener = async () => {
    while (next < plan.streams) outcomes[await openStream(plan.base, next++, streams)] += 1;
  };
  await Promise.all(Array.from({ length: OPENING_AT_ONCE }, opener));
  send({ kind: "opened", ...outcomes, openSeconds: (performance.now() - openStarted) / 1000 });
  await new Promise<void>((resolve) => process.once("message", () => resolve()));

  const votes = await sendVotes(plan);
  await new Promise((r) => setTimeout(r, DRAIN_MS));
  send({
    kind: "done",
    votesOk: votes.ok.length,
    votesFailed: votes.failed,
    dropped: streams.filter((s) => s.dropped).length,
    delayMs: delays(votes.ok, streams),
    eventsPerStream: Math.round(
      streams.reduce((n, s) => n + s.events.length, 0) / Math.max(1, streams.length),
    ),
  });
  process.exit(0);
}

process.once("message", (plan: LoadPlan) => void main(plan));
