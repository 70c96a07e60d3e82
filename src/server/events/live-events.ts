import type { FastifyBaseLogger } from "fastify";
import type { Redis } from "ioredis";
import pg from "pg";
import { isLiveTopic, LIVE_TOPICS, type LiveTopic } from "@/common/live";
import type { RedisLink } from "../lib/redis";

const CHANNEL = "mg_live";
/** Changes are coalesced: a burst of votes becomes one event per list per second. */
const FLUSH_MS = 1_000;

type Listener = (topics: LiveTopic[]) => void;

/**
 * Live updates: "these lists changed". Within a process changes are collected and flushed once a second to
 * the open event streams, and to the other processes: through Redis pub/sub when REDIS_URL is set, else
 * through PostgreSQL NOTIFY. Every process listens on both, so when Redis cannot carry a flush it goes
 * through PostgreSQL instead; with neither (one process on the embedded database) it stays local.
 */
export class LiveEvents {
  private readonly pending = new Set<LiveTopic>();
  private readonly listeners = new Set<Listener>();
  private readonly changeListeners = new Set<Listener>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private client: pg.Client | undefined;
  private redis:
    | { link: RedisLink; subscriber: Redis; channel: string; subscribed: Promise<unknown> }
    | undefined;
  private closed = false;

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Cross-process delivery through PostgreSQL LISTEN/NOTIFY; reconnects by itself when the link drops. */
  async connectPostgres(url: string): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: url });
    client.on("notification", (message) => {
      const topics = (message.payload ?? "").split(",").filter(isLiveTopic);
      if (topics.length > 0) this.emit(topics);
    });
    client.on("error", (error) => {
      this.log.warn({ err: error }, "live events: lost the PostgreSQL link, reconnecting");
      this.client = undefined;
      setTimeout(() => void this.connectPostgres(url).catch(() => {}), 2_000).unref();
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    this.client = client;
  }

  /**
   * Cross-process delivery through Redis pub/sub. Does not wait for Redis: an unreachable Redis must not
   * stop the site from starting; the subscription is made when Redis answers and renewed after reconnects.
   */
  connectRedis(link: RedisLink): void {
    const channel = link.key("live");
    const subscriber = link.subscriber();
    subscriber.on("message", (_channel: string, payload: string) => {
      const topics = payload.split(",").filter(isLiveTopic);
      if (topics.length > 0) this.emit(topics);
    });
    const subscribed = subscriber.subscribe(channel).catch(() => {});
    this.redis = { link, subscriber, channel, subscribed };
  }

  /** Resolves once the Redis subscription is in place (tests wait for it before publishing). */
  async redisSubscribed(): Promise<void> {
    await this.redis?.subscribed;
  }

  /**
   * Marks lists as changed. Caches in this process hear it at once (onChange); open pages hear it with the
   * next flush, and so do the other processes (through NOTIFY), whose caches then drop those lists too.
   */
  publish(...topics: LiveTopic[]): void {
    for (const listener of this.changeListeners) listener(topics);
    for (const topic of topics) this.pending.add(topic);
    if (!this.timer && !this.closed) {
      this.timer = setTimeout(() => this.flush(), FLUSH_MS);
      this.timer.unref();
    }
  }

  /** Called at once for a change in this process, and on every announcement from any process. */
  onChange(listener: Listener): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get subscriberCount(): number {
    return this.listeners.size;
  }

  private flush(): void {
    this.timer = undefined;
    const topics = [...this.pending];
    this.pending.clear();
    if (topics.length > 0) void this.announce(topics);
  }

  /**
   * Sends a flush to every process, this one included: each hears it back from its subscription. Redis
   * first when configured, then PostgreSQL; when neither can carry it, this process delivers it itself
   * (the others' caches then expire within LIST_CACHE_MS).
   */
  private async announce(topics: LiveTopic[]): Promise<void> {
    const payload = topics.join(",");
    const { redis, client } = this;
    if (
      redis &&
      (await redis.link.attempt("live events", (r) => r.publish(redis.channel, payload))) !== undefined
    )
      return;
    if (client) {
      try {
        await client.query("SELECT pg_notify($1, $2)", [CHANNEL, payload]);
        return;
      } catch (error) {
        this.log.warn({ err: error }, "live events: NOTIFY failed, delivering locally only");
      }
    }
    this.emit(topics);
  }

  private emit(topics: LiveTopic[]): void {
    for (const listener of this.changeListeners) listener(topics);
    for (const listener of this.listeners) listener(topics);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.listeners.clear();
    this.redis?.subscriber.disconnect();
    await this.client?.end().catch(() => {});
  }
}

/**
 * Which lists a successful change touches, by its route. One table instead of a call in every handler, so
 * a new admin route is covered by its prefix.
 */
export function topicsForChange(method: string, routePattern: string): LiveTopic[] {
  if (method === "GET" || method === "HEAD") return [];
  if (routePattern === "/api/vote") return ["headlines"];
  if (routePattern.startsWith("/api/community-vote"))
    return ["headlines", "tomorrows-news", "yesterdays-news"];
  if (routePattern === "/api/headlines/import") return ["tomorrows-news"];
  if (routePattern === "/api/tokens/import" || routePattern === "/api/headlines") return ["yesterdays-news"];
  if (routePattern.startsWith("/api/admin/notifications")) return ["notifications"];
  if (routePattern.startsWith("/api/admin/settings")) return ["settings"];
  if (routePattern.startsWith("/api/admin")) return [...LIVE_TOPICS];
  return [];
}
