import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";

/** How long a command may take before the caller falls back to the database. */
const COMMAND_TIMEOUT_MS = 500;
/** One warning per this interval at most while Redis stays unreachable, not one per request. */
const WARN_INTERVAL_MS = 30_000;

/**
 * The optional Redis link (REDIS_URL). Everything kept in Redis also has a database path, so Redis is a
 * speed-up shared by all processes and never the only place a rule lives: when Redis cannot answer, `attempt`
 * logs a warning and returns undefined, and the caller uses the database. It never means "allowed".
 *
 * Commands are not queued while the link is down (enableOfflineQueue false): a request fails over at once
 * instead of waiting for a reconnect, and the client keeps reconnecting in the background.
 */
export class RedisLink {
  readonly client: Redis;
  private lastWarning = 0;

  constructor(
    readonly url: string,
    /** Prefixes every key and channel, so several sites can share one Redis. */
    readonly prefix: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.client = new Redis(url, {
      ...connectionOptions,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: COMMAND_TIMEOUT_MS,
    });
    this.client.on("error", (error) => this.warn("the connection failed", error));
  }

  key(...parts: string[]): string {
    return `${this.prefix}${parts.join(":")}`;
  }

  /** `fn` on Redis, or undefined (with a warning) when Redis cannot answer: the caller then uses the database. */
  async attempt<T>(what: string, fn: (redis: Redis) => Promise<T>): Promise<T | undefined> {
    if (this.client.status !== "ready") {
      this.warn(`${what}: not connected`);
      return undefined;
    }
    try {
      return await fn(this.client);
    } catch (error) {
      this.warn(what, error);
      return undefined;
    }
  }

  warn(what: string, error?: unknown): void {
    const now = Date.now();
    if (now - this.lastWarning < WARN_INTERVAL_MS) return;
    this.lastWarning = now;
    this.log.warn({ err: error }, `redis unreachable (${what}): using the database instead`);
  }

  async close(): Promise<void> {
    this.client.disconnect();
  }
}

const connectionOptions = {
  connectTimeout: 2_000,
  // Keep trying for ever, at most every 2 s: Redis coming back must be noticed without a restart.
  retryStrategy: (times: number) => Math.min(times * 200, 2_000),
} as const;
