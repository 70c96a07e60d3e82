import { createHash } from "node:crypto";
import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";
import type { FastifyReply } from "fastify";
import type { Counter } from "prom-client";
import type { z } from "zod";
import type { LiveTopic } from "@/common/live";
import type { LiveEvents } from "../events/live-events";
import { pickEncoding } from "./accept-encoding";

export interface CachedJson {
  /**
   * The answer's bytes, encoded once. A string body would be joined to the head and encoded to UTF-8 again on
   * every answer (the largest cost of a cached list before); a Buffer goes to the socket as it is.
   */
  body: Buffer;
  /** Hashed once per entry, not per request. */
  etag: string;
}

/**
 * A cached answer that is not a list (the feeds and the sitemap): answered by the same rule, with its own
 * type and caching, and a Last-Modified that If-Modified-Since is compared with.
 */
export interface CachedBody extends CachedJson {
  contentType: string;
  cacheControl: string;
  /** Whole seconds: HTTP dates have no finer resolution. */
  lastModified: Date;
}

/** Text made into a CachedBody once: its bytes, its ETag and its headers. */
export function cachedBody(text: string, headers: Omit<CachedBody, "body" | "etag">): CachedBody {
  const body = Buffer.from(text, "utf8");
  return { body, etag: etagOf(body), ...headers };
}

/** What `ListCache.json` answers: the list's bytes, and whether `keep` let it be kept. */
export interface LoadedJson extends CachedJson {
  /** False when the `keep` option refused the value (it was answered, never kept). */
  keepable: boolean;
}

interface Entry extends LoadedJson {
  /** Any of these announced drops the entry. */
  topics: readonly LiveTopic[];
  /** The metrics' `list` label: the key itself, or the route's pattern when the key has a parameter. */
  label: string;
  expires: number;
}

export interface CacheOptions<T> {
  /** The metrics' label when the key is not one (an edition's day): the route's pattern, a bounded set. */
  label?: string;
  /** Whether a loaded value may be kept (a final edition is not: HTTP caches keep it a day instead). */
  keep?: (value: T) => boolean;
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

  private readonly hits = new Map<string, { inc(): void }>();

  constructor(
    events: LiveEvents,
    private readonly ttlMs: number,
    /** Counts each answer as a hit (from memory) or a miss (loaded) by list (the metrics' list_cache_lookups_total). */
    private readonly lookups?: Counter<"list" | "result">,
  ) {
    events.onChange((changed) => {
      for (const topic of changed) this.generations.set(topic, (this.generations.get(topic) ?? 0) + 1);
      for (const [key, entry] of this.entries)
        if (entry.topics.some((topic) => changed.includes(topic))) this.entries.delete(key);
    });
  }

  /** Grows whenever any of the topics changes (each topic's count only grows). */
  private generationOf(topics: readonly LiveTopic[]): number {
    return topics.reduce((sum, topic) => sum + (this.generations.get(topic) ?? 0), 0);
  }

  /**
   * The list's JSON and ETag: from memory while fresh, else loaded and serialized through its schema. An
   * answer read from several lists names them all (`topic` an array): a change to any one drops it.
   */
  json<S extends z.ZodType>(
    key: string,
    topic: LiveTopic | readonly LiveTopic[],
    schema: S,
    load: () => Promise<z.input<S>>,
    options: CacheOptions<z.output<S>> = {},
  ): Promise<LoadedJson> {
    const hit = this.fresh(key);
    if (hit) {
      this.countHit(key);
      return Promise.resolve(hit);
    }
    const label = options.label ?? key;
    this.lookups?.inc({ list: label, result: "miss" });
    const topics = typeof topic === "string" ? [topic] : topic;
    const generation = this.generationOf(topics);
    const pending = this.loading.get(key);
    if (pending && pending.generation === generation) return pending.promise;

    const promise = (async () => {
      // The schema strips any field it does not name, exactly as the route serializer would.
      const value = schema.parse(await load());
      const body = Buffer.from(JSON.stringify(value));
      const keepable = options.keep?.(value) ?? true;
      const entry: Entry = {
        topics,
        label,
        body,
        etag: etagOf(body),
        keepable,
        expires: Date.now() + this.ttlMs,
      };
      // A change during the load may not be in what was read: such an answer is not kept.
      if (this.ttlMs > 0 && keepable && this.generationOf(topics) === generation)
        this.entries.set(key, entry);
      return entry;
    })();
    this.loading.set(key, { generation, promise });
    const forget = () => {
      if (this.loading.get(key)?.promise === promise) this.loading.delete(key);
    };
    promise.then(forget, forget);
    return promise;
  }

  /** Counts an answer from memory: the fast path's (plugins/list-fast-path.ts) and the routes'. */
  countHit(key: string): void {
    if (!this.lookups) return;
    const list = this.entries.get(key)?.label ?? key;
    // Looked up once per list: this is the busiest path of the site (see Metrics.observe).
    let hits = this.hits.get(list);
    if (!hits) {
      hits = this.lookups.labels(list, "hit");
      if (this.hits.size < 1_000) this.hits.set(list, hits);
    }
    hits.inc();
  }

  /** The list's answer while it is fresh in memory, else undefined (nothing is loaded, nothing counted). */
  fresh(key: string): LoadedJson | undefined {
    const hit = this.entries.get(key);
    return hit && hit.expires > Date.now() ? hit : undefined;
  }

  /**
   * A list route's whole answer. A fresh entry is sent at once, without a promise (this is the busiest path
   * of the site: the handler answers synchronously); otherwise the list is loaded first. Only public lists
   * come through here: plugins/list-fast-path.ts answers a fresh entry before any route-level hook runs.
   */
  send<S extends z.ZodType>(
    reply: FastifyReply,
    key: string,
    topic: LiveTopic,
    schema: S,
    load: () => Promise<z.input<S>>,
  ): Promise<FastifyReply> | undefined {
    const hit = this.fresh(key);
    if (hit) {
      this.countHit(key);
      sendCached(reply, hit);
      return undefined;
    }
    return this.json(key, topic, schema, load).then((cached) => sendCached(reply, cached));
  }
}

/** What a cached list answers one request: its status, its own headers (not the security ones) and body. */
export interface CachedAnswer {
  status: 200 | 304;
  /** Made once per entry and variant, and never changed: callers may keep derived objects per answer. */
  headers: Readonly<Record<string, string>>;
  /** Undefined for 304, which has no body (and so no Content-Length either). */
  body: Buffer | undefined;
}

type Encoding = "br" | "gzip";
type Variant = "not-modified" | "identity" | Encoding;

/**
 * The one rule for answering from a cached list, used by the route (sendCached) and by the fast path: the
 * ETag computed once, revalidated each time (no-cache), 304 without a body when the page already has it. A
 * browser that accepts brotli or gzip gets the list compressed, once per entry rather than per answer.
 */
export function cachedAnswer(
  cached: CachedJson | CachedBody,
  ifNoneMatch: string | undefined,
  acceptEncoding: string | string[] | undefined,
  ifModifiedSince?: string,
): CachedAnswer {
  if (ifNoneMatch === cached.etag) return answerOf(cached, "not-modified");
  // If-Modified-Since counts only when the request has no If-None-Match (RFC 9110 13.2.2).
  if (ifNoneMatch === undefined && ifModifiedSince !== undefined && "lastModified" in cached) {
    const since = Date.parse(ifModifiedSince);
    if (!Number.isNaN(since) && cached.lastModified.getTime() <= since)
      return answerOf(cached, "not-modified");
  }
  const encoding = cached.body.length >= COMPRESS_MIN_BYTES ? pickEncoding(acceptEncoding) : undefined;
  return answerOf(cached, encoding ?? "identity");
}

/**
 * Sends a cached list (or a CachedBody) through Fastify, as `cachedAnswer` says (the ETag plugin leaves
 * Buffers alone).
 */
export function sendCached(reply: FastifyReply, cached: CachedJson | CachedBody): FastifyReply {
  const { headers } = reply.request;
  const answer = cachedAnswer(
    cached,
    headers["if-none-match"],
    headers["accept-encoding"],
    headers["if-modified-since"],
  );
  return reply.code(answer.status).headers(answer.headers).send(answer.body);
}

const answers = new WeakMap<CachedJson, Partial<Record<Variant, CachedAnswer>>>();

function answerOf(cached: CachedJson | CachedBody, variant: Variant): CachedAnswer {
  let made = answers.get(cached);
  if (!made) {
    made = {};
    answers.set(cached, made);
  }
  made[variant] ??= makeAnswer(cached, variant);
  return made[variant];
}

function makeAnswer(cached: CachedJson | CachedBody, variant: Variant): CachedAnswer {
  const own = "lastModified" in cached ? cached : undefined;
  const headers: Record<string, string> = {
    etag: cached.etag,
    "cache-control": own?.cacheControl ?? "no-cache",
    vary: "accept-encoding",
    "content-type": own?.contentType ?? "application/json; charset=utf-8",
  };
  if (own) headers["last-modified"] = own.lastModified.toUTCString();
  if (variant === "not-modified") return { status: 304, headers, body: undefined };
  if (variant === "identity") return { status: 200, headers, body: cached.body };
  headers["content-encoding"] = variant;
  return { status: 200, headers, body: compress(cached.body, variant) };
}

function compress(body: Buffer, encoding: Encoding): Buffer {
  return encoding === "br"
    ? // Quality 5: most of brotli's gain at a few milliseconds per list change.
      brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
    : gzipSync(body, { level: 6 });
}
