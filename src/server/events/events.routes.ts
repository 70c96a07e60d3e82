import type { LiveTopic } from "@/common/live";
import type { App } from "../types";

const HEARTBEAT_MS = 25_000;
/** A client that stops reading is dropped once this much is waiting for it: it cannot hold memory. */
const MAX_BUFFERED_BYTES = 64 * 1024;

/** GET /api/events: a server-sent event stream of changed lists ("data: headlines,tomorrows-news"). */
export async function eventsRoutes(app: App): Promise<void> {
  app.get("/api/events", (request, reply) => {
    const res = reply.raw;
    reply.hijack();
    res.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      connection: "keep-alive",
      // Proxies must not buffer the stream.
      "x-accel-buffering": "no",
    });
    // The browser reconnects by itself after 3 s when the stream breaks.
    res.write("retry: 3000\n\n");

    const send = (chunk: string) => {
      if (res.writableLength > MAX_BUFFERED_BYTES) {
        res.destroy();
        return;
      }
      res.write(chunk);
    };
    const unsubscribe = app.liveEvents.subscribe((topics: LiveTopic[]) =>
      send(`data: ${topics.join(",")}\n\n`),
    );
    const heartbeat = setInterval(() => send(": keep-alive\n\n"), HEARTBEAT_MS);
    heartbeat.unref();
    request.raw.on("close", () => {
      clearInterval(heartbeat);
      unsubscribe();
    });
  });
}
