import { createHash } from "node:crypto";
import type { FastifyReply } from "fastify";
import type { z } from "zod";
import type { LiveTopic } from "@/common/live";
import type { LiveEvents } from "../events/live-events";

export interface CachedJson {
  body: string;
  /** Hashed once per entry, not per request. */
  etag: string;
}

interface Entry extends CachedJson {
  topic: LiveTopic;
  expires: number;
}

export const etagOf = (body: string) => `W/"${createHash("sha1").update(body).digest("base64url")}"`;

/**
 * The public lists, kept serialized in memory: a busy page load reads a string instead of the database.
 * An entry is dropped when its list changes (in this process at once, from others through the live events)
 * and after `ttlMs` at most, which bounds what no event announces (a notification expiring). ttlMs 0 turns
 * the cache off.
 */
export class ListCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    events: LiveEvents,
    private readonly ttlMs: number,
  ) {
    events.onChange((topics) => {
      for (const [key, entry] of this.entries) if (topics.includes(entry.topic)) this.entries.delete(key);
    });
  }

  /** The list's JSON and ETag: from memory while fresh, else loaded and serialized through its schema. */
  async json<S extends z.ZodType>(
    key: string,
    topic: LiveTopic,
    schema: S,
    load: () => Promise<z.input<S>>,
  ): Promise<CachedJson> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit;
    // The schema strips any field it does not name, exactly as the route serializer would.
    const body = JSON.stringify(schema.parse(await load()));
    const entry: Entry = { topic, body, etag: etagOf(body), expires: now + this.ttlMs };
    if (this.ttlMs > 0) this.entries.set(key, entry);
    return entry;
  }
}

/** Sends a cached list: its JSON with the ETag computed once (the ETag plugin answers 304 from it). */
export function sendCached(reply: FastifyReply, cached: CachedJson): FastifyReply {
  return reply.header("etag", cached.etag).type("application/json; charset=utf-8").send(cached.body);
}
