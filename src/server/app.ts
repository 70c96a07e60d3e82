import http from "node:http";
import fastifyCookie from "@fastify/cookie";
import Fastify, { type FastifyServerOptions, LogController } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "./config";
import type { Database } from "./db/connect";
import { eventsRoutes } from "./events/events.routes";
import { LiveEvents } from "./events/live-events";
import { accountsRoutes } from "./features/accounts/accounts.routes";
import { adminRoutes } from "./features/admin/admin.routes";
import { archiveRoutes } from "./features/archive/archive.routes";
import { autopilotRoutes } from "./features/autopilot/autopilot.routes";
import { cardsRoutes } from "./features/cards/cards.routes";
import { drawHeadlineCard } from "./features/cards/cards.service";
import { editionsRoutes } from "./features/editions/editions.routes";
import { headlinesRoutes } from "./features/headlines/headlines.routes";
import { findHeadlinePage } from "./features/headlines/headlines.service";
import { imagesRoutes } from "./features/images/images.routes";
import { installRoutes } from "./features/install/install.routes";
import { launchesRoutes } from "./features/launches/launches.routes";
import { notificationsRoutes } from "./features/notifications/notifications.routes";
import { PaymentChecks } from "./features/payments/payment-checks";
import { paymentsRoutes } from "./features/payments/payments.routes";
import { pushRoutes } from "./features/push/push.routes";
import { vapidSubject } from "./features/push/push-sender";
import { settingsRoutes } from "./features/settings/settings.routes";
import { createFirstPaints, FIRST_PAINT_SCRIPT_SOURCES } from "./features/share/first-paint";
import { createPageHeads } from "./features/share/page-heads";
import { shareRoutes } from "./features/share/share.routes";
import { submissionsRoutes } from "./features/submissions/submissions.routes";
import { telegramRoutes } from "./features/telegram/telegram.routes";
import { tokensRoutes } from "./features/tokens/tokens.routes";
import { trendingRoutes } from "./features/trending/trending.routes";
import { ImageWorkQueue } from "./features/uploads/image-work-queue";
import { uploadsRoutes } from "./features/uploads/uploads.routes";
import { voteEvidenceRoutes } from "./features/votes/vote-evidence.routes";
import { votesRoutes } from "./features/votes/votes.routes";
import { createPushFetch } from "./integrations/outbound";
import { createTelegramClient } from "./integrations/telegram";
import { busy } from "./lib/http-error";
import { ListCache } from "./lib/list-cache";
import { oneAtATurn } from "./lib/one-at-a-turn";
import { PublicReads } from "./lib/public-reads";
import { RedisLink } from "./lib/redis";
import { REQUEST_ID_HEADER, requestIdOf } from "./lib/request-id";
import { trustProxyFunction } from "./lib/trust-proxy";
import { registerAuth } from "./plugins/auth";
import { registerErrorHandler } from "./plugins/errors";
import { registerEtags } from "./plugins/etags";
import { registerJsonBody } from "./plugins/json-body";
import { createListFastPath, type FastPath } from "./plugins/list-fast-path";
import { logsRequests, registerObservability, registerUnderPressure } from "./plugins/observability";
import {
  LOG_SERIALIZERS,
  registerLazyRequestLogger,
  registerRequestContext,
  requestIdMixin,
} from "./plugins/request-logger";
import { registerSecurityHeaders } from "./plugins/security-headers";
import { registerVisitor } from "./plugins/visitor";
import { registerWebApp, siteConfigOf } from "./plugins/web-app";
import type { App } from "./types";

/**
 * How a page's first paint is kept (decision 015, features/share/first-paint.ts): while nothing changes,
 * QUIET_MS (what its clocks say, a countdown, may be that far behind until the app runs); under votes,
 * COUNTS_MS (the browser's one fetch after hydration brings the counts of now); a change of what it lists
 * is looked for CHECK_MS after a change is announced, and drawn by the next request.
 */
export const FIRST_PAINT = Object.freeze({
  quietMs: 60_000,
  countsMs: 30_000,
  checkMs: 1_000,
  /** Pages kept at most (~40 kB each with their compressed copies): the least recently used go first. */
  max: 300,
  /** Draws one network may cause a minute (a crawler walking every headline); beyond, the browser draws. */
  drawsPerMinute: 30,
  /**
   * Paints past their keep are drawn again behind them one at a time, at least this far apart: pages drawn
   * together (at start, or at a crowd's first burst) come to the end of their keep together, and were all
   * drawn again at once beside the crowd's votes (issue 28).
   */
  behindGapMs: 250,
});

/** Methods that change nothing: their answers never wait for the database's announcements. */
const READ_ONLY_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Fastify's logger; tests pass false. */
  logger?: FastifyServerOptions["logger"];
  /** Tests only: how first paints are kept (FIRST_PAINT). */
  firstPaint?: Partial<Record<keyof typeof FIRST_PAINT, number>>;
}

type ServerTimeout = "keepAliveTimeout" | "requestTimeout" | "connectionTimeout" | "maxRequestsPerSocket";

/**
 * Fastify's logger options with the redacting serializers in force (a caller's own ones win), and the
 * running request's id on the lines of every logger (plugins/request-logger.ts).
 */
function withRedaction(logger: BuildAppOptions["logger"]): BuildAppOptions["logger"] {
  if (!logger) return logger;
  const options = typeof logger === "object" ? logger : {};
  return { mixin: requestIdMixin, ...options, serializers: { ...LOG_SERIALIZERS, ...options.serializers } };
}

/** The whole site as a Fastify instance, not listening: main.ts listens, tests use inject(). */
export async function buildApp({
  config,
  database,
  logger = false,
  firstPaint,
}: BuildAppOptions): Promise<App> {
  // Set once the app is built; until then (and for inject(), which skips the server) Fastify answers all.
  let fastPath: FastPath | undefined;
  const trustsProxy = trustProxyFunction(config.trustProxy);
  const app = Fastify({
    logger: withRedaction(logger),
    // Fastify's own server, as it would make it, with the cached-list fast path in front of its handler.
    serverFactory: (handler, options) => {
      const server = http.createServer((request, response) => {
        if (!fastPath?.(request, response)) handler(request, response);
      });
      // Fastify has filled its defaults in by now (72 s keep-alive and so on); its types leave them optional.
      const timeouts = options as Required<Pick<FastifyServerOptions, ServerTimeout>>;
      server.keepAliveTimeout = timeouts.keepAliveTimeout;
      server.requestTimeout = timeouts.requestTimeout;
      server.setTimeout(timeouts.connectionTimeout);
      if (timeouts.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = timeouts.maxRequestsPerSocket;
      return server;
    },
    // One trust function for Fastify and the fast path, so that both see HTTPS alike (lib/trust-proxy.ts).
    trustProxy: trustsProxy,
    // An id that means the same request in every process's log and in the answer (lib/request-id.ts),
    // instead of Fastify's per-process counter.
    genReqId: (request) => requestIdOf(request, trustsProxy),
    bodyLimit: 256 * 1024,
    // A client must finish sending its request (headers and body) within this time: a connection that
    // trickles a body for ever would otherwise hold its request open (and hold up a SIGTERM drain).
    // Generous for a 5 MB upload on a slow phone connection; answers (the event stream) are not bounded.
    requestTimeout: 120_000,
    // The visitor's text never reaches the logs: request logging stays at the method and the path.
    logController: new LogController({ disableRequestLogging: true }),
    // Answered by the onRequest hook below instead, as every other 503.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("config", config);
  app.decorate("database", database);
  app.decorate("db", database.db);
  app.decorate("imageWork", new ImageWorkQueue(config.uploadQueueMax));

  registerErrorHandler(app);
  // The first phase of a SIGTERM (main.ts): /readyz answers 503 so that the load balancer stops sending
  // requests here, while every request still arriving is answered as usual. Only then does the drain begin:
  // going straight to refused connections told the load balancer of the shutdown by failures alone.
  let leaving = false;
  app.decorate("withdrawReadiness", () => {
    leaving = true;
  });
  let closing = false;
  app.addHook("preClose", (done) => {
    closing = true;
    done();
  });
  // First of all hooks, and a callback one (no promise on every request): every answer, a refusal or an
  // error included, names its request. Once the close has begun, a request that still arrives on an open
  // keep-alive connection gets 503 (Fastify has set Connection: close on it), through the error handler like
  // every 503: with Retry-After, and for a page, the page. Fastify's own 503 (return503OnClosing) was written
  // straight to the socket, without either.
  app.addHook("onRequest", (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    // A read never goes before the votes already waiting for their group commit (PGlite, decisions 020 and
    // 021): a page read among the 8 PM crowd's votes was answered first, and the votes waited for it.
    if (READ_ONLY_METHODS.has(request.method)) database.sendWaitingGroup?.();
    if (closing) return done(busy("The server is restarting. Please try again in a moment.", 1));
    if (leaving && request.routeOptions.url === "/readyz") {
      reply
        .code(503)
        .header("cache-control", "no-store")
        .send({ status: "unavailable", message: "shutting down" });
      return;
    }
    done();
  });
  // JSON bodies with a key twice are refused (400), on every route: registered before any.
  registerJsonBody(app);

  // Redis (optional) is shared by every process for the limits. Nothing lives only there.
  const redis = config.redisUrl ? new RedisLink(config.redisUrl, config.redisKeyPrefix, app.log) : undefined;
  app.decorate("redis", redis);
  // Live updates: the database announces every change (migration 0010), and open pages fetch those lists.
  const liveEvents = new LiveEvents(app.log);
  await liveEvents.listen(database);
  app.decorate("liveEvents", liveEvents);
  // A request that may have changed a list answers only once this process has heard its change (decision
  // 010), so the visitor who just voted is never answered the list from before the vote out of the cache.
  // PGlite hears a change before its statement answers; PostgreSQL hears it on the listening connection.
  if (database.kind === "postgres") {
    app.addHook("onSend", async (request, reply, payload) => {
      if (!READ_ONLY_METHODS.has(request.method) && reply.statusCode < 500)
        await liveEvents.ownChangesHeard();
      return payload;
    });
  }
  app.addHook("onClose", async () => {
    await liveEvents.close();
    await redis?.close();
  });
  registerLazyRequestLogger(app);
  await registerRequestContext(app);
  const metrics = registerObservability(app);
  metrics.watchQueue("images", app.imageWork);
  app.decorate("listCache", new ListCache(liveEvents, config.listCacheMs, metrics.listCache));
  app.decorate("publicReads", new PublicReads());
  app.decorate("paymentChecks", new PaymentChecks(database.db, config, app.log, metrics));
  const telegramClient = createTelegramClient(config, metrics.outbound);
  app.decorate(
    "telegram",
    telegramClient && {
      db: database.db,
      client: telegramClient,
      siteName: config.siteName,
      publicUrl: config.publicUrl,
      // The winner's post carries its share card, drawn here and uploaded: PUBLIC_URL may not be reachable
      // from Telegram's servers, so Telegram is never asked to fetch it.
      drawCard: async (id: number) => {
        const page = await findHeadlinePage(database.db, id);
        return page ? drawHeadlineCard(database.db, config.siteName, page) : null;
      },
    },
  );
  app.decorate("push", {
    db: database.db,
    http: createPushFetch(config, metrics.outbound),
    siteName: config.siteName,
    subject: vapidSubject(config.publicUrl),
  });
  await registerUnderPressure(app);
  registerEtags(app);
  const securityHeaders = registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The first-painted pages' two inline scripts, by their hashes (features/share/first-paint.ts).
        scriptSrc: ["'self'", ...FIRST_PAINT_SCRIPT_SOURCES],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "https:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        frameSrc: ["https://dexscreener.com"],
        // No <base> element at all: an injected one could point every relative script and link elsewhere.
        baseUri: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // Token images and chart embeds come from other origins.
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyCookie);
  registerVisitor(app);
  // Before any route: the auth plugin checks at start-up that every staff-only route sits behind its guard.
  registerAuth(app);

  await app.register(eventsRoutes);
  await app.register(settingsRoutes);
  await app.register(headlinesRoutes);
  await app.register(archiveRoutes);
  await app.register(notificationsRoutes);
  await app.register(imagesRoutes);
  await app.register(votesRoutes);
  await app.register(submissionsRoutes);
  await app.register(uploadsRoutes);
  await app.register(accountsRoutes);
  await app.register(adminRoutes);
  await app.register(voteEvidenceRoutes);
  await app.register(autopilotRoutes);
  await app.register(telegramRoutes);
  await app.register(pushRoutes);
  // Trending headlines and tokens, token import and info, market refresh, payment checks: staff only.
  await app.register(trendingRoutes);
  await app.register(tokensRoutes);
  await app.register(paymentsRoutes);
  // The paper's coin launches (staff), their public receipts and the coins' metadata.
  await app.register(launchesRoutes);
  // Share cards, feeds, robots.txt and the sitemap: for chat apps, feed readers and crawlers.
  await app.register(cardsRoutes);
  await app.register(shareRoutes);
  await app.register(installRoutes);
  await app.register(editionsRoutes);
  const paints = { ...FIRST_PAINT, ...firstPaint };
  // What pages read again under votes (heads, a kept paint's comparison) goes one read a turn of the event
  // loop, so that the votes arriving meanwhile are read between two (issue 28).
  const pageReadTurn = oneAtATurn();
  await registerWebApp(
    app,
    config,
    createPageHeads({ db: app.db, config, events: liveEvents, ...paints, turn: pageReadTurn }),
    createFirstPaints({
      ...paints,
      reads: app.publicReads,
      site: siteConfigOf(config),
      events: liveEvents,
      metrics: metrics.firstPaint,
      log: app.log,
      turn: pageReadTurn,
    }),
  );

  fastPath = createListFastPath(app.listCache, securityHeaders.api, trustsProxy, () => closing, {
    metrics,
    log: logsRequests(app.log) ? app.log : undefined,
  });
  return app;
}
