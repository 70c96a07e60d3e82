import type { FastifyBaseLogger } from "fastify";
import pg from "pg";
import { isLiveTopic, LIVE_TOPICS, type LiveTopic } from "@/common/live";

const CHANNEL = "mg_live";
/** Changes are coalesced: a burst of votes becomes one event per list per second. */
const FLUSH_MS = 1_000;

type Listener = (topics: LiveTopic[]) => void;

/**
 * Live updates: "these lists changed". Within a process changes are collected and flushed once a second to
 * the open event streams. On PostgreSQL every process also sends its flush through NOTIFY and LISTENs for
 * the others', so a vote on one process reaches the visitors of all of them.
 */
export class LiveEvents {
  private readonly pending = new Set<LiveTopic>();
  private readonly listeners = new Set<Listener>();
  private readonly changeListeners = new Set<Listener>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private client: pg.Client | undefined;
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
    if (topics.length === 0) return;
    if (this.client) {
      // Every process, this one included, hears it back through LISTEN.
      this.client.query("SELECT pg_notify($1, $2)", [CHANNEL, topics.join(",")]).catch((error: unknown) => {
        this.log.warn({ err: error }, "live events: NOTIFY failed, delivering locally only");
        this.emit(topics);
      });
    } else {
      this.emit(topics);
    }
  }

  private emit(topics: LiveTopic[]): void {
    for (const listener of this.changeListeners) listener(topics);
    for (const listener of this.listeners) listener(topics);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.listeners.clear();
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
