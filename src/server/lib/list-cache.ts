import { createHash } from "node:crypto";
import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";
import type { FastifyReply } from "fastify";
import type { z } from "zod";
import type { LiveTopic } from "@/common/live";
import type { LiveEvents } from "../events/live-events";

export interface CachedJson {
  /**
   * The answer's bytes, encoded once. A string body would be joined to the head and encoded to UTF-8 again on
   * every answer (the largest cost of a cached list before); a Buffer goes to the socket as it is.
   */
  body: Buffer;
  /** Hashed once per entry, not per request. */
  etag: string;
}

interface Entry extends CachedJson {
  topic: LiveTopic;
  expires: number;
}

/** Below this a compressed answer saves too little to be worth a Content-Encoding. */
const COMPRESS_MIN_BYTES = 1024;

export const etagOf = (body: string | Buffer) => `W/"${createHash("sha1").update(body).digest("base64url")}"`;

/**
 * The public lists, kept serialized in memory: a busy page load reads a string instead of the database.
 * An entry is dropped when its list changes (in this process at once, from others through the live events)
 * and after `ttlMs` at most, which bounds what no event announces (a notification expiring). ttlMs 0 turns
 * the cache off.
 */
export class ListCache {
  private readonly entries = new Map<string, Entry>();
  /** Loads under way: concurrent misses of one list share one database query. */
  private readonly loading = new Map<string, { generation: number; promise: Promise<Entry> }>();
  /** Bumped when a topic changes: a load that began before the change is answered but never kept. */
  private readonly generations = new Map<LiveTopic, number>();

  constructor(
    events: LiveEvents,
    private readonly ttlMs: number,
  ) {
    events.onChange((topics) => {
      for (const topic of topics) this.generations.set(topic, this.generationOf(topic) + 1);
      for (const [key, entry] of this.entries) if (topics.includes(entry.topic)) this.entries.delete(key);
    });
  }

  private generationOf(topic: LiveTopic): number {
    return this.generations.get(topic) ?? 0;
  }

  /** The list's JSON and ETag: from memory while fresh, else loaded and serialized through its schema. */
  json<S extends z.ZodType>(
    key: string,
    topic: LiveTopic,
    schema: S,
    load: () => Promise<z.input<S>>,
  ): Promise<CachedJson> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return Promise.resolve(hit);
    const generation = this.generationOf(topic);
    const pending = this.loading.get(key);
    if (pending && pending.generation === generation) return pending.promise;

    const promise = (async () => {
      // The schema strips any field it does not name, exactly as the route serializer would.
      const body = Buffer.from(JSON.stringify(schema.parse(await load())));
      const entry: Entry = { topic, body, etag: etagOf(body), expires: Date.now() + this.ttlMs };
      // A change during the load may not be in what was read: such an answer is not kept.
      if (this.ttlMs > 0 && this.generationOf(topic) === generation) this.entries.set(key, entry);
      return entry;
    })();
    this.loading.set(key, { generation, promise });
    const forget = () => {
      if (this.loading.get(key)?.promise === promise) this.loading.delete(key);
    };
    promise.then(forget, forget);
    return promise;
  }

  /**
   * A list route's whole answer. A fresh entry is sent at once, without a promise (this is the busiest path
   * of the site: the handler answers synchronously); otherwise the list is loaded first.
   */
  send<S extends z.ZodType>(
    reply: FastifyReply,
    key: string,
    topic: LiveTopic,
    schema: S,
    load: () => Promise<z.input<S>>,
  ): Promise<FastifyReply> | undefined {
    const hit = this.entries.get(key);
    if (hit && hit.expires > Date.now()) {
      sendCached(reply, hit);
      return undefined;
    }
    return this.json(key, topic, schema, load).then((cached) => sendCached(reply, cached));
  }
}

/**
 * Sends a cached list as the ETag plugin would answer a JSON string (which it leaves Buffers to): the ETag
 * computed once, revalidated each time (no-cache), 304 without a body when the page already has it. A
 * browser that accepts brotli or gzip gets the list compressed, once per entry rather than per answer.
 */
export function sendCached(reply: FastifyReply, cached: CachedJson): FastifyReply {
  reply
    .header("etag", cached.etag)
    .header("cache-control", "no-cache")
    .header("vary", "accept-encoding")
    .type("application/json; charset=utf-8");
  if (reply.request.headers["if-none-match"] === cached.etag) return reply.code(304).send("");
  const encoding = cached.body.length >= COMPRESS_MIN_BYTES ? acceptedEncoding(reply) : undefined;
  if (encoding) return reply.header("content-encoding", encoding).send(compressed(cached, encoding));
  return reply.send(cached.body);
}

type Encoding = "br" | "gzip";

function acceptedEncoding(reply: FastifyReply): Encoding | undefined {
  const accepted = reply.request.headers["accept-encoding"];
  if (typeof accepted !== "string") return undefined;
  // Browsers list what they accept without weights; an explicit q=0 refuses.
  const offers = accepted.toLowerCase();
  if (/(^|,)\s*br\s*(,|$)/.test(offers)) return "br";
  if (/(^|,)\s*gzip\s*(,|$)/.test(offers)) return "gzip";
  return undefined;
}

const compressedCopies = new WeakMap<CachedJson, Partial<Record<Encoding, Buffer>>>();

function compressed(cached: CachedJson, encoding: Encoding): Buffer {
  let copies = compressedCopies.get(cached);
  if (!copies) {
    copies = {};
    compressedCopies.set(cached, copies);
  }
  copies[encoding] ??=
    encoding === "br"
      ? // Quality 5: most of brotli's gain at a few milliseconds per list change.
        brotliCompressSync(cached.body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
      : gzipSync(cached.body, { level: 6 });
  return copies[encoding];
}
