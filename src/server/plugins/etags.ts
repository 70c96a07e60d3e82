import { etagOf } from "../lib/list-cache";
import type { App } from "../types";

/**
 * Public API answers carry an ETag: a page that refetches an unchanged list gets 304 and no body. They must
 * be revalidated each time (no-cache), so a vote is never hidden behind a stale copy.
 */
export function registerEtags(app: App): void {
  // A callback hook, not an async one: it runs on every answer, and most leave it at the first test.
  app.addHook("onSend", (request, reply, payload, done) => {
    if (request.method !== "GET" || reply.statusCode !== 200 || typeof payload !== "string") {
      done(null, payload);
      return;
    }
    if (!request.url.startsWith("/api/") || !String(reply.getHeader("content-type") ?? "").includes("json")) {
      done(null, payload);
      return;
    }
    // Cached lists come as Buffers and answer for themselves (sendCached); a route's own ETag is kept.
    const etag = String(reply.getHeader("etag") ?? etagOf(payload));
    reply.header("etag", etag);
    if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-cache");
    if (request.headers["if-none-match"] === etag) {
      reply.code(304);
      done(null, "");
      return;
    }
    done(null, payload);
  });
}
