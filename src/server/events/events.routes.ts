import type { OutgoingHttpHeaders, ServerResponse } from "node:http";
import type { LiveTopic } from "@/common/live";
import { tooMany } from "../lib/http-error";
import type { App } from "../types";

const HEARTBEAT_MS = 25_000;
/** A client that stops reading is dropped once this much is waiting for it: it cannot hold memory. */
const MAX_BUFFERED_BYTES = 64 * 1024;
/**
 * Streams one network (an IPv4 address or an IPv6 /64) may hold open in one process: enough for a carrier's
 * NAT with many phones behind one address, not enough for one client to take every socket.
 */
export const MAX_STREAMS_PER_NETWORK = 100;
export const TOO_MANY_STREAMS =
  "Too many live-update streams are open. The page refreshes by itself instead.";
/** A refused page refetches every 30 s anyway; it may try the stream again after this. */
const STREAM_RETRY_AFTER_S = 60;

/** GET /api/events: a server-sent event stream of changed lists ("data: headlines,tomorrows-news"). */
export async function eventsRoutes(app: App): Promise<void> {
  // A stream never finishes by itself, and Fastify does not track hijacked replies: server.close() would
  // wait for every open page to leave. On close (SIGTERM) they are ended before the server stops listening;
  // browsers reconnect after "retry" to a process that is up.
  const open = new Set<ServerResponse>();
  app.addHook("preClose", async () => {
    for (const res of open) res.end();
  });
  /** Open streams per network; a network leaves the map with its last stream. */
  const perNetwork = new Map<string, number>();

  app.get("/api/events", (request, reply) => {
    // Bounded per network and per process (EVENT_STREAMS_MAX): each stream holds a socket and a listener.
    // A refused page falls back to refetching its lists every 30 s (live-updates.ts).
    const network = request.visitor.network;
    const fromNetwork = perNetwork.get(network) ?? 0;
    if (fromNetwork >= MAX_STREAMS_PER_NETWORK || open.size >= app.config.eventStreamsMax)
      throw tooMany(TOO_MANY_STREAMS, STREAM_RETRY_AFTER_S, "event_stream");
    perNetwork.set(network, fromNetwork + 1);
    const res = reply.raw;
    // The hijacked stream writes its own head: the headers set so far (the security headers) go with it.
    // Fastify types header values more loosely (numbers for any header) than Node's writeHead accepts.
    const headers = reply.getHeaders() as OutgoingHttpHeaders;
    reply.hijack();
    res.writeHead(200, {
      ...headers,
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      // A stream's connection is never reused: closing it with the stream lets the server drain at once
      // instead of keeping an idle socket until the keep-alive timeout.
      connection: "close",
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
    open.add(res);
    request.raw.on("close", () => {
      open.delete(res);
      const left = (perNetwork.get(network) ?? 1) - 1;
      if (left > 0) perNetwork.set(network, left);
      else perNetwork.delete(network);
      clearInterval(heartbeat);
      unsubscribe();
    });
  });
}
