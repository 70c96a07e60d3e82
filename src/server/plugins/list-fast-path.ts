import type { IncomingMessage, ServerResponse } from "node:http";
import fastifyCookie from "@fastify/cookie";
import type { FastifyBaseLogger } from "fastify";
import { type CachedAnswer, cachedAnswer, type ListCache } from "../lib/list-cache";
import { REQUEST_ID_HEADER, requestIdOf } from "../lib/request-id";
import { isHttpsRequest, type TrustsProxy } from "../lib/trust-proxy";
import type { Metrics } from "./observability";
import type { HeadersByScheme } from "./security-headers";
import { VISITOR_COOKIE, validVisitorId } from "./visitor";

/** Answers a request itself and returns true, or leaves it to Fastify and returns false. */
export type FastPath = (request: IncomingMessage, response: ServerResponse) => boolean;

/**
 * The busiest answers of a viral day, a public list already fresh in the cache for a returning visitor,
 * written straight to node:http before Fastify's request lifecycle. That lifecycle (routing, request and
 * reply objects, response listeners for the logger, six hooks) cost about half again a bare server's time
 * per answer, and a cached list needs none of it: nothing to validate, log, throttle or announce.
 *
 * The answer is the one the route gives (the same `cachedAnswer` and the same security headers object;
 * list-fast-path.test.ts compares the two byte for byte), apart from its X-Request-Id, new for each request. Whatever is not that case goes to Fastify as
 * usual: other methods and paths (a query string included), lists not cached or expired, a visitor without
 * a valid cookie (Fastify gives them one) and every request once the server has begun to shut down
 * (Fastify answers those with Connection: close).
 */
export function createListFastPath(
  listCache: ListCache,
  securityHeaders: HeadersByScheme,
  /** TRUST_PROXY as Fastify applies it: HTTPS answers carry HSTS, as the route's do. */
  trustsProxy: TrustsProxy | undefined,
  isClosing: () => boolean,
  observe?: { metrics: Metrics; log: FastifyBaseLogger | undefined },
): FastPath {
  // Its answers are counted and logged like Fastify's (the same metric and the same line, the same kind of
  // request id): they are most of a busy day's traffic.
  // The complete header block of each answer per scheme, made once: answers are themselves made once per
  // entry.
  const headerBlocks = {
    http: new WeakMap<CachedAnswer, Record<string, string>>(),
    https: new WeakMap<CachedAnswer, Record<string, string>>(),
  };
  const headerBlockOf = (answer: CachedAnswer, scheme: "http" | "https") => {
    let block = headerBlocks[scheme].get(answer);
    if (!block) {
      block = { ...securityHeaders[scheme], ...answer.headers };
      if (answer.body) block["content-length"] = String(answer.body.length);
      headerBlocks[scheme].set(answer, block);
    }
    return block;
  };

  return (request, response) => {
    if (request.method !== "GET" || request.url === undefined) return false;
    const cached = listCache.fresh(request.url);
    if (!cached || isClosing()) return false;
    const cookie = request.headers.cookie;
    if (cookie === undefined || !validVisitorId(fastifyCookie.parse(cookie)[VISITOR_COOKIE])) return false;
    listCache.countHit(request.url);

    const started = observe && performance.now();
    const answer = cachedAnswer(cached, request.headers["if-none-match"], request.headers["accept-encoding"]);
    const scheme = isHttpsRequest(request, trustsProxy) ? "https" : "http";
    const id = requestIdOf(request, trustsProxy);
    // Set apart from the header block, which is made once per cached answer; writeHead merges the two.
    response.setHeader(REQUEST_ID_HEADER, id);
    response.writeHead(answer.status, headerBlockOf(answer, scheme));
    response.end(answer.body);
    if (observe && started !== undefined) {
      const ms = performance.now() - started;
      // A cached list's key is its route's path, which has no parameters: the label is the route pattern.
      const route = request.url;
      observe.metrics.observe("GET", route, answer.status, ms / 1000);
      observe.log?.info(
        {
          reqId: id,
          method: "GET",
          route,
          status: answer.status,
          ms: Math.round(ms * 10) / 10,
        },
        "request",
      );
    }
    return true;
  };
}
