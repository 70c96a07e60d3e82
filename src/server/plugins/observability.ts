import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import underPressure from "@fastify/under-pressure";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { buildInfo } from "../build-info";
import { type Database, migrationCount, type PoolStats, rowsOf } from "../db/connect";
import { ledgerMismatches } from "../features/votes/ledger";
import { HttpError } from "../lib/http-error";
import type { App } from "../types";

/**
 * What an operator watches: the site's Prometheus metrics, one log line per answered request, the health
 * checks a load balancer and an orchestrator call, and the 503s that keep an overloaded process answering.
 * One registry per app (not prom-client's global one), so every app a test builds counts on its own.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly requests = new Counter({
    name: "http_requests_total",
    help: "Answered HTTP requests, by method, route pattern and status.",
    labelNames: ["method", "route", "status"] as const,
    registers: [this.registry],
  });
  readonly requestDuration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to its answer, by route pattern.",
    labelNames: ["route"] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });
  readonly votes = new Counter({
    name: "votes_total",
    help: "Votes by kind (headline, sentiment, tomorrow) and outcome (ok, already, limit, ended, ...).",
    labelNames: ["kind", "outcome"] as const,
    registers: [this.registry],
  });
  readonly queryDuration = new Histogram({
    name: "db_query_duration_seconds",
    help: "Database statements, from sending to the answer (PGlite: including its queue).",
    buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5, 1],
    registers: [this.registry],
  });

  readonly cardsDrawn = new Histogram({
    name: "cards_draw_seconds",
    help: "Share cards drawn (each version once for the site), by kind (headline, edition, edition-day).",
    labelNames: ["kind"] as const,
    buckets: [0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });

  /** Passes of each interval job (jobs/interval-job.ts), by job name (snake_case: `payment_check`). */
  readonly jobs: JobMetrics = {
    runs: new Counter({
      name: "job_runs_total",
      help: "Passes of an interval job this process ran (a tick another process had claimed is no pass).",
      labelNames: ["job"] as const,
      registers: [this.registry],
    }),
    failures: new Counter({
      name: "job_failures_total",
      help: "Passes of an interval job that failed (logged; retried on the next tick).",
      labelNames: ["job"] as const,
      registers: [this.registry],
    }),
    lastSuccess: new Gauge({
      name: "job_last_success_timestamp_seconds",
      help: "Unix time at which this process last finished a pass of the job without an error.",
      labelNames: ["job"] as const,
      registers: [this.registry],
    }),
  };

  /** Calls to the outside services the operator configured (integrations/outbound.ts). */
  readonly outbound: OutboundMetrics = {
    requests: new Counter({
      name: "outbound_requests_total",
      help: "Calls to outside services, by service (solana_rpc, dexscreener, jupiter, news, x, telegram, push, other) and outcome (ok, timeout, http_4xx, http_5xx, error).",
      labelNames: ["service", "outcome"] as const,
      registers: [this.registry],
    }),
    duration: new Histogram({
      name: "outbound_request_duration_seconds",
      help: "Time from the start of an outside call to its answer or failure, by service.",
      labelNames: ["service"] as const,
      buckets: [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    }),
  };

  readonly paymentChecks = new Counter({
    name: "payment_checks_total",
    help: "On-chain payment checks of promoted submissions, by outcome (paid, not_found, refused, error).",
    labelNames: ["outcome"] as const,
    registers: [this.registry],
  });

  readonly listCache = new Counter({
    name: "list_cache_lookups_total",
    help: "Public list answers by list and result: hit (answered from memory, fast path included) or miss (loaded from the database).",
    labelNames: ["list", "result"] as const,
    registers: [this.registry],
  });

  /** Pages' first paints drawn on the server (features/share/first-paint.ts), by page route. */
  readonly firstPaint: FirstPaintMetrics = {
    draws: new Counter({
      name: "first_paint_draws_total",
      help: "First paints drawn on the server (not kept from an earlier request), by page route (/h/:id).",
      labelNames: ["route"] as const,
      registers: [this.registry],
    }),
    drawSeconds: new Histogram({
      name: "first_paint_draw_seconds",
      help: "Time a first paint took to draw, its public reads included, by page route.",
      labelNames: ["route"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [this.registry],
    }),
    renderFetches: new Counter({
      name: "first_paint_render_fetches_total",
      help:
        "Lists a draw had to fetch while rendering, by page route: none when the lists of the page's last draw " +
        "were read before it (drawn in one render).",
      labelNames: ["route"] as const,
      registers: [this.registry],
    }),
  };

  readonly refusals = new Counter({
    name: "limit_refusals_total",
    help: "Requests refused with 429 by limit (vote, submission, upload, login, reauthentication, event_stream, card_draw, token_facts, push, telegram_test).",
    labelNames: ["limit"] as const,
    registers: [this.registry],
  });

  private readonly queues = new Map<string, QueueState>();

  constructor(
    openStreams: () => number,
    ledgerMismatches: () => Promise<number>,
    { pool, build }: { pool?: () => PoolStats | undefined; build?: BuildInfo } = {},
  ) {
    const queues = this.queues;
    new Gauge({
      name: "work_queue_depth",
      help: "Work waiting for a worker, by queue (images: uploads; cards: share cards), places taken by uploads still being received included.",
      labelNames: ["queue"] as const,
      registers: [this.registry],
      collect() {
        for (const [queue, state] of queues) this.set({ queue }, state.queued);
      },
    });
    new Gauge({
      name: "work_queue_running",
      help: "Work running on a worker, by queue (images, cards).",
      labelNames: ["queue"] as const,
      registers: [this.registry],
      collect() {
        for (const [queue, state] of queues) this.set({ queue }, state.busyWorkers);
      },
    });
    if (pool) {
      // PostgreSQL only: PGlite is one connection inside this process, with no pool to saturate.
      const gauge = (name: string, help: string, read: (stats: PoolStats) => number) =>
        new Gauge({
          name,
          help,
          registers: [this.registry],
          collect() {
            const stats = pool();
            if (stats) this.set(read(stats));
          },
        });
      gauge(
        "db_pool_connections",
        "Connections the database pool holds open (busy and idle).",
        (s) => s.total,
      );
      gauge("db_pool_idle_connections", "Pooled connections open and idle.", (s) => s.idle);
      gauge(
        "db_pool_waiting_requests",
        "Queries waiting for a pooled connection (all busy): above 0 for long, the pool is too small.",
        (s) => s.waiting,
      );
      gauge("db_pool_max_connections", "The most connections the pool opens.", (s) => s.max);
    }
    if (build) {
      new Gauge({
        name: "build_info",
        help: "The running release: version (package.json) and commit, value 1.",
        labelNames: ["version", "commit"] as const,
        registers: [this.registry],
      }).set({ version: build.version, commit: build.commit }, 1);
    }
    new Gauge({
      name: "event_streams_open",
      help: "Server-sent event streams open on this process.",
      registers: [this.registry],
      collect() {
        this.set(openStreams());
      },
    });
    new Gauge({
      name: "ledger_mismatched_headlines",
      help: "Headlines whose shown vote counts differ from their counted vote rows (0 when all is well).",
      registers: [this.registry],
      async collect() {
        // A database that cannot answer leaves the last value: /readyz reports the outage itself.
        await ledgerMismatches().then(
          (n) => this.set(n),
          () => {},
        );
      },
    });
    // Process defaults: CPU, memory, heap, handles, GC, and the event loop's lag.
    collectDefaultMetrics({ register: this.registry });
  }

  /** Reports a work queue's depth and running work (features/uploads/image-work-queue.ts) under `name`. */
  watchQueue(name: string, queue: QueueState): void {
    this.queues.set(name, queue);
  }

  /** Counts and logs one answered request; the cached-list fast path calls it too. */
  /**
   * The series of each method, route and status, looked up once: the cached lists' fast path answers in
   * ~15 µs, and prom-client hashes a label object on every call. Routes are patterns, so they are few.
   */
  private readonly series = new Map<string, { count: { inc(): void }; time: { observe(v: number): void } }>();

  observe(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let series = this.series.get(key);
    if (!series) {
      series = {
        count: this.requests.labels(method, route, String(status)),
        time: this.requestDuration.labels(route),
      };
      if (this.series.size < 10_000) this.series.set(key, series);
    }
    series.count.inc();
    series.time.observe(seconds);
  }
}

export interface JobMetrics {
  runs: Counter<"job">;
  failures: Counter<"job">;
  lastSuccess: Gauge<"job">;
}

export interface OutboundMetrics {
  requests: Counter<"service" | "outcome">;
  duration: Histogram<"service">;
}

export interface QueueState {
  /** Places taken and not yet running. */
  readonly queued: number;
  /** Workers busy. */
  readonly busyWorkers: number;
}

export interface BuildInfo {
  version: string;
  commit: string;
}

declare module "fastify" {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/** Request lines are logged at info: LOG_LEVEL=warn (or above) keeps only the problems. */
export function logsRequests(log: FastifyBaseLogger): boolean {
  return ["info", "debug", "trace"].includes(log.level);
}

/** Route labels given by whoever answered outside a route of its own: the pages and the static files. */
const routeLabels = new WeakMap<IncomingMessage, string>();

/**
 * Names the route of a request that no route pattern of its own answers: web-app.ts labels each page with
 * its page route (`/h/:id`, `/archive`) and each built file as one route (`/assets/*`). Keyed by the raw
 * request, so a label lives exactly as long as its request.
 */
export function labelRoute(request: IncomingMessage, route: string): void {
  routeLabels.set(request, route);
}

/**
 * The route pattern of an answered request, never its path or query string: its label when web-app.ts gave
 * one, else the pattern Fastify matched ("/assets/*" for each built file's own route: their hashed names
 * change per release), else "unmatched" (404s), so the labels stay few whatever paths are asked for.
 */
function routeOf(request: FastifyRequest): string {
  const label = routeLabels.get(request.raw);
  if (label) return label;
  const route = request.routeOptions.url;
  if (route === undefined) return "unmatched";
  return route.startsWith("/assets/") ? "/assets/*" : route;
}

export interface FirstPaintMetrics {
  draws: Counter<"route">;
  drawSeconds: Histogram<"route">;
  renderFetches: Counter<"route">;
}

export function registerObservability(app: App): Metrics {
  const { database } = app;
  const metrics = new Metrics(
    () => app.liveEvents.subscriberCount,
    async () => (await ledgerMismatches(app.db)).length,
    {
      pool: database.poolStats && (() => database.poolStats?.()),
      build: buildInfo(app.config.gitCommit),
    },
  );
  app.decorate("metrics", metrics);
  app.database.observeQueries((seconds) => metrics.queryDuration.observe(seconds));

  // Every 429 is an HttpError that names its limit where the limit decided (lib/http-error.ts tooMany),
  // counted here, in one place.
  app.addHook("onError", (_request, _reply, error, done) => {
    if (error instanceof HttpError && error.statusCode === 429) {
      const limit = error.limit ?? "other";
      metrics.refusals.inc({ limit });
    }
    done();
  });
  const logRequests = logsRequests(app.log);

  // One line per answer, at info: method, route pattern, status, duration and request id. No query string,
  // no cookies, no IP: the visitor's data stays out of the logs.
  app.addHook("onResponse", (request, reply, done) => {
    const route = routeOf(request);
    const seconds = reply.elapsedTime / 1000;
    metrics.observe(request.method, route, reply.statusCode, seconds);
    if (logRequests) {
      app.log.info(
        {
          reqId: request.id,
          method: request.method,
          route,
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime * 10) / 10,
        },
        "request",
      );
    }
    done();
  });

  const { metricsToken } = app.config;
  app.get("/metrics", { config: { pressureHandler: answerAnyway } }, async (request, reply) => {
    if (metricsToken && !bearerMatches(request.headers.authorization, metricsToken)) {
      reply.header("www-authenticate", 'Bearer realm="metrics"');
      return reply.code(401).send({ message: "Unauthorized" });
    }
    reply.header("content-type", metrics.registry.contentType);
    reply.header("cache-control", "no-store");
    return metrics.registry.metrics();
  });

  // Liveness: the process answers. Never refused under pressure: a busy process is not a dead one, and an
  // orchestrator that restarted it would turn a slow minute into an outage.
  app.get("/healthz", { config: { pressureHandler: answerAnyway } }, async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return { status: "ok" };
  });

  // Readiness: the database answers and every migration has run. A load balancer stops sending traffic
  // while this is 503 (and under-pressure answers 503 here too when the process is overloaded).
  const expectedMigrations = migrationCount();
  app.get("/readyz", async (_request, reply) => {
    reply.header("cache-control", "no-store");
    const problem = await readinessProblem(app.database, expectedMigrations);
    if (problem) return reply.code(503).send({ status: "unavailable", message: problem });
    return { status: "ok" };
  });

  return metrics;
}

/** Under sustained event-loop lag or memory pressure, answer 503 with Retry-After instead of queueing. */
export async function registerUnderPressure(app: App): Promise<void> {
  const { maxEventLoopDelayMs, maxRssMb } = app.config;
  await app.register(underPressure, {
    maxEventLoopDelay: maxEventLoopDelayMs,
    maxRssBytes: maxRssMb * 1024 * 1024,
    retryAfter: 10,
    // An HttpError, so the one error handler answers it as it answers every refusal: `{ message }`.
    customError: Overloaded,
  });
}

class Overloaded extends HttpError {
  constructor() {
    super(503, "The server is busy. Please try again in a few seconds.");
  }
}

/** A route's pressureHandler that lets the request through: returning nothing means "handle it". */
function answerAnyway(_request: FastifyRequest, _reply: FastifyReply): void {}

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith("Bearer ") ? header.slice(7) : "");
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

async function readinessProblem(database: Database, expected: number): Promise<string | undefined> {
  try {
    const result = await database.db.execute(
      sql`SELECT count(*)::int AS applied FROM drizzle.__drizzle_migrations`,
    );
    const applied = rowsOf<{ applied: number }>(result)[0]?.applied ?? 0;
    return applied < expected ? `migrations pending (${applied} of ${expected})` : undefined;
  } catch {
    return "database unreachable or not migrated";
  }
}
