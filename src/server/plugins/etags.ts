import { etagOf } from "../lib/list-cache";
import type { App } from "../types";

/**
 * Public API answers carry an ETag: a page that refetches an unchanged list gets 304 and no body. They must
 * be revalidated each time (no-cache), so a vote is never hidden behind a stale copy.
 */
export function registerEtags(app: App): void {
  app.addHook("onSend", async (request, reply, payload) => {
    if (request.method !== "GET" || reply.statusCode !== 200 || typeof payload !== "string") return payload;
    if (!request.url.startsWith("/api/") || !String(reply.getHeader("content-type") ?? "").includes("json")) {
      return payload;
    }
    // A cached list brings the ETag it computed once; other answers are hashed here.
    const etag = String(reply.getHeader("etag") ?? etagOf(payload));
    reply.header("etag", etag);
    if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-cache");
    if (request.headers["if-none-match"] === etag) {
      reply.code(304);
      return "";
    }
    return payload;
  });
}
