import path from "node:path";
import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@/common/admin";
import { DEFAULT_SITE_NAME } from "@/common/site";
import { isSolanaAddress } from "@/common/solana-address";

/**
 * The only reader of process.env. Every variable a deployer may set is listed here with its default;
 * the README's configuration table mirrors this file. An invalid value stops start-up with a message that
 * names the variable.
 */

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()));

/** A Solana address (base58 that decodes to 32 bytes; the message is the one deployers know). */
const solanaAddress = z
  .string()
  .refine(isSolanaAddress, "must be a Solana address (32-44 base58 characters)");

/** The first-start passwords follow the length rule the dashboard's forms use (a longer one could never log in). */
const startPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `must be at most ${PASSWORD_MAX_LENGTH} characters`);

const httpUrl = optionalString.pipe(
  z
    .string()
    .refine((v) => /^https?:\/\//i.test(v) && URL.canParse(v), "must be an http(s) URL")
    .optional(),
);

const boolFlag = (fallback: boolean | undefined) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === "") return fallback;
      const s = v.trim().toLowerCase();
      if (["1", "true", "yes", "on"].includes(s)) return true;
      if (["0", "false", "no", "off"].includes(s)) return false;
      ctx.addIssue({ code: "custom", message: "must be true or false" });
      return z.NEVER;
    });

const intIn = (fallback: number, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === "") return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: "custom", message: `must be a whole number from ${min} to ${max}` });
        return z.NEVER;
      }
      return n;
    });

/** TRUST_PROXY: unset/false = socket address only; true; a hop count; or a comma list of IPs/CIDRs. */
const trustProxy = z
  .string()
  .optional()
  .transform((v, ctx): boolean | number | string[] => {
    if (v === undefined || v.trim() === "") return false;
    const s = v.trim().toLowerCase();
    if (s === "false" || s === "0") return false;
    if (s === "true") return true;
    if (/^\d+$/.test(s)) return Number(s);
    const list = s
      .split(",")
      .map((x) => x.trim())
      .filter(Boolean);
    if (list.every((x) => /^[0-9a-f:.]+(\/\d{1,3})?$/.test(x) || x === "loopback" || x === "uniquelocal")) {
      return list;
    }
    ctx.addIssue({
      code: "custom",
      message: "must be true, false, a hop count, or a comma list of IPs/CIDRs",
    });
    return z.NEVER;
  });

const postgresUrl = optionalString.pipe(
  z
    .string()
    .refine((v) => /^postgres(ql)?:\/\//i.test(v) && URL.canParse(v), "must be a postgres:// URL")
    .optional(),
);

const EnvSchema = z.object({
  PORT: intIn(3000, 0, 65535),
  HOST: optionalString.transform((v) => v ?? "0.0.0.0"),
  DATA_DIR: optionalString.transform((v) => path.resolve(v ?? "./data")),
  DATABASE_URL: postgresUrl,
  /**
   * The one connection each process LISTENs on (decision 010), which needs a session of its own: PostgreSQL
   * itself or a pool in session mode, when DATABASE_URL goes through PgBouncer in transaction mode. Unset:
   * DATABASE_URL.
   */
  LISTEN_DATABASE_URL: postgresUrl,
  REDIS_URL: optionalString.pipe(
    z
      .string()
      .refine((v) => /^rediss?:\/\//i.test(v) && URL.canParse(v), "must be a redis:// URL")
      .optional(),
  ),
  /** Put in front of every Redis key and channel, so several sites (or test runs) can share one Redis. */
  REDIS_KEY_PREFIX: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_:.-]{1,64}$/, "must be 1-64 letters, digits or _:.-")
      .optional()
      .transform((v) => v ?? "mg:"),
  ),
  SEED_DEMO: boolFlag(undefined),
  ADMIN_PASSWORD: optionalString.pipe(startPassword.optional()),
  STAFF_PASSWORD: optionalString.pipe(startPassword.optional()),
  TRUST_PROXY: trustProxy,
  SITE_NAME: optionalString.pipe(z.string().max(60, "must be at most 60 characters").optional()),
  TOKEN_ADDRESS: optionalString.pipe(solanaAddress.optional()),
  PAYMENT_ADDRESS: optionalString.pipe(solanaAddress.optional()),
  SUBMISSION_PRICE_SOL: optionalString.transform((v, ctx) => {
    if (v === undefined) return 0.35;
    const n = Number(v);
    if (!Number.isFinite(n) || n <= 0 || n > 1000) {
      ctx.addIssue({ code: "custom", message: "must be a positive number of SOL" });
      return z.NEVER;
    }
    return n;
  }),
  /** The launch dialog's wallets (issue 29): a comma list of Solana addresses; unset, no one can launch. */
  LAUNCH_WALLETS: optionalString.transform((v, ctx) => {
    const list = (v ?? "")
      .split(",")
      .map((x) => x.trim())
      .filter(Boolean);
    const bad = list.filter((x) => !isSolanaAddress(x));
    if (bad.length > 0) {
      ctx.addIssue({ code: "custom", message: `must be a comma list of Solana addresses (not ${bad[0]})` });
      return z.NEVER;
    }
    return [...new Set(list)];
  }),
  /** Who the launched coin's creator fees go to: the paper's treasury, never whoever clicked. */
  LAUNCH_CREATOR_ADDRESS: optionalString.pipe(solanaAddress.optional()),
  LAUNCH_BUY_SOL: optionalString.transform((v, ctx) => {
    if (v === undefined) return 1;
    const n = Number(v);
    // Whole lamports, and no more than a launch should ever spend by one click.
    if (!Number.isFinite(n) || n <= 0 || n > 100 || !Number.isInteger(Math.round(n * 1e9))) {
      ctx.addIssue({ code: "custom", message: "must be a positive number of SOL, at most 100" });
      return z.NEVER;
    }
    return n;
  }),
  LAUNCH_BUYBACK_PERCENT: optionalString.transform((v, ctx) => {
    if (v === undefined) return 1;
    const n = Number(v);
    if (!Number.isFinite(n) || n < 0 || n > 100) {
      ctx.addIssue({ code: "custom", message: "must be a percentage from 0 to 100" });
      return z.NEVER;
    }
    return n;
  }),
  SUBMISSIONS_PER_HOUR: intIn(10, 1, 10_000),
  UPLOADS_PER_HOUR: intIn(30, 1, 10_000),
  /** Live-update streams (GET /api/events) one process keeps open at most; each holds a socket. */
  EVENT_STREAMS_MAX: intIn(5_000, 1, 1_000_000),
  /** Uploaded images waiting for an image worker at most; beyond, uploads are refused with 503. */
  UPLOAD_QUEUE_MAX: intIn(8, 0, 1_000),
  /** The site's public origin (canonical links, share cards, feeds); unset: http://localhost:{PORT}. */
  PUBLIC_URL: httpUrl.refine(
    (v) => v === undefined || /^https?:\/\/[^/?#]+\/?$/i.test(v),
    "must be an origin, like https://memegazette.example",
  ),
  TELEGRAM_URL: httpUrl,
  /** The bot that posts to the channel (from @BotFather); with TELEGRAM_CHAT_ID it turns the posts on. */
  TELEGRAM_BOT_TOKEN: optionalString.pipe(
    z
      .string()
      .regex(/^\d{1,20}:[A-Za-z0-9_-]{20,100}$/, "must be a bot token from @BotFather (digits:letters)")
      .optional(),
  ),
  /** The channel the bot posts to: its numeric id (-100...) or its @username. */
  TELEGRAM_CHAT_ID: optionalString.pipe(
    z
      .string()
      .regex(/^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{3,31})$/, "must be a numeric chat id or an @channel name")
      .optional(),
  ),
  /** The staff's own chat (the autopilot's proposals go there, not to the public channel); same bot. */
  TELEGRAM_STAFF_CHAT_ID: optionalString.pipe(
    z
      .string()
      .regex(/^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{3,31})$/, "must be a numeric chat id or an @channel name")
      .optional(),
  ),
  TELEGRAM_API_BASE_URL: httpUrl.transform((v) => v ?? "https://api.telegram.org"),
  X_URL: httpUrl,
  NEWS_FEED_BASE_URL: httpUrl.transform((v) => v ?? "https://news.google.com"),
  NYT_FEED_BASE_URL: httpUrl.transform((v) => v ?? "https://rss.nytimes.com"),
  DEXSCREENER_BASE_URL: httpUrl.transform((v) => v ?? "https://api.dexscreener.com"),
  JUPITER_BASE_URL: httpUrl.transform((v) => v ?? "https://lite-api.jup.ag"),
  SOLANA_RPC_URL: httpUrl,
  TWITTER_API_TOKEN: optionalString,
  TWITTER_API_BASE_URL: httpUrl.transform((v) => v ?? "https://api.x.com"),
  /** Minutes between refreshes of launched tokens' market data; 0 turns the background refresh off. */
  MARKET_REFRESH_MINUTES: intIn(10, 0, 1440),
  /** Minutes between on-chain checks of pending paid submissions; 0 turns them off. */
  PAYMENT_CHECK_MINUTES: intIn(5, 0, 1440),
  STATIC_DIR: optionalString,
  /** How long a public list may be served from memory at most (ms); changes drop it at once. 0 = off. */
  LIST_CACHE_MS: intIn(5_000, 0, 600_000),
  /** Event-loop delay (ms) above which requests get 503 + Retry-After instead of queueing; 0 = off. */
  MAX_EVENT_LOOP_DELAY_MS: intIn(1_000, 0, 60_000),
  /** Resident memory (MB) above which requests get 503 + Retry-After; 0 = off. */
  MAX_RSS_MB: intIn(2_048, 0, 1_048_576),
  /** After SIGTERM, how long /readyz answers 503 while everything else is still served, before the drain. */
  SHUTDOWN_DELAY_MS: intIn(5_000, 0, 120_000),
  /** When set, GET /metrics requires "Authorization: Bearer {token}". */
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, "must be at least 16 characters").optional()),
  /** The commit this release was built from, for the build_info metric (else the one the build recorded). */
  GIT_COMMIT: optionalString.pipe(
    z
      .string()
      .regex(/^[0-9A-Za-z._-]{1,64}$/, "must be a commit hash or tag (letters, digits, . _ -)")
      .optional(),
  ),
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
    .optional()
    .transform((v) => v ?? "info"),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Where the listening connection connects (LISTEN_DATABASE_URL), else databaseUrl; PostgreSQL only. */
  listenDatabaseUrl: string | undefined;
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  seedDemo: boolean;
  adminPassword: string | undefined;
  staffPassword: string | undefined;
  trustProxy: boolean | number | string[];
  siteName: string;
  tokenAddress: string | undefined;
  /** The site's origin without a trailing slash, for every absolute URL it gives out (never the Host header). */
  publicUrl: string;
  paymentAddress: string | undefined;
  submissionPriceSol: number;
  /** The wallets that may sign a launch (LAUNCH_WALLETS); empty: launching is off. */
  launchWallets: readonly string[];
  /** The launched coins' creator: their creator fees go here (LAUNCH_CREATOR_ADDRESS). */
  launchCreatorAddress: string | undefined;
  /** SOL the launch's first buy spends (LAUNCH_BUY_SOL, default 1). */
  launchBuySol: number;
  /** Percent of the sale's proceeds put back into the paper's own coin (LAUNCH_BUYBACK_PERCENT, default 1). */
  launchBuybackPercent: number;
  submissionsPerHour: number;
  uploadsPerHour: number;
  eventStreamsMax: number;
  uploadQueueMax: number;
  telegramUrl: string | undefined;
  /** The Telegram bot's token: a secret, never logged, never in an answer (integrations/telegram.ts). */
  telegramBotToken: string | undefined;
  telegramChatId: string | undefined;
  /** The staff chat for the autopilot's proposals (TELEGRAM_STAFF_CHAT_ID); unset: no staff messages. */
  telegramStaffChatId: string | undefined;
  /** The Bot API's origin (tests: a fake server). */
  telegramApiBaseUrl: string;
  xUrl: string | undefined;
  newsFeedBaseUrl: string;
  nytFeedBaseUrl: string;
  dexscreenerBaseUrl: string;
  jupiterBaseUrl: string;
  solanaRpcUrl: string | undefined;
  twitterApiToken: string | undefined;
  twitterApiBaseUrl: string;
  marketRefreshMinutes: number;
  paymentCheckMinutes: number;
  /**
   * TESTS ONLY, never read from the environment: "host:port" entries that outside calls may reach although
   * they are local (the tests' fixture servers). Absent in production, where every private, loopback and
   * link-local address is refused.
   */
  outboundAllowHosts?: readonly string[];
  /** TESTS ONLY, never read from the environment: a shorter timeout for outside calls (default 8 s). */
  outboundTimeoutMs?: number;
  listCacheMs: number;
  maxEventLoopDelayMs: number;
  maxRssMb: number;
  /** After SIGTERM: /readyz answers 503 this long (load balancers stop sending), then the drain (main.ts). */
  shutdownDelayMs: number;
  metricsToken: string | undefined;
  gitCommit: string | undefined;
  logLevel: string;
  /** Where the built browser app is; tests that need no pages leave it absent. */
  staticDir: string | undefined;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${String(issue.path[0])}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  if (e.LISTEN_DATABASE_URL && !e.DATABASE_URL) {
    throw new ConfigError(
      "Invalid configuration:\n  LISTEN_DATABASE_URL: is for PostgreSQL: set DATABASE_URL too, or neither",
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    listenDatabaseUrl: e.LISTEN_DATABASE_URL ?? e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    // The sample edition is on by default only for the embedded database (a try-out), never silently on a
    // production PostgreSQL.
    seedDemo: e.SEED_DEMO ?? e.DATABASE_URL === undefined,
    adminPassword: e.ADMIN_PASSWORD,
    staffPassword: e.STAFF_PASSWORD,
    trustProxy: e.TRUST_PROXY,
    siteName: e.SITE_NAME ?? DEFAULT_SITE_NAME,
    tokenAddress: e.TOKEN_ADDRESS,
    publicUrl: e.PUBLIC_URL ? new URL(e.PUBLIC_URL).origin : `http://localhost:${e.PORT}`,
    paymentAddress: e.PAYMENT_ADDRESS,
    submissionPriceSol: e.SUBMISSION_PRICE_SOL,
    launchWallets: e.LAUNCH_WALLETS,
    launchCreatorAddress: e.LAUNCH_CREATOR_ADDRESS,
    launchBuySol: e.LAUNCH_BUY_SOL,
    launchBuybackPercent: e.LAUNCH_BUYBACK_PERCENT,
    submissionsPerHour: e.SUBMISSIONS_PER_HOUR,
    uploadsPerHour: e.UPLOADS_PER_HOUR,
    eventStreamsMax: e.EVENT_STREAMS_MAX,
    uploadQueueMax: e.UPLOAD_QUEUE_MAX,
    telegramUrl: e.TELEGRAM_URL,
    telegramBotToken: e.TELEGRAM_BOT_TOKEN,
    telegramChatId: e.TELEGRAM_CHAT_ID,
    telegramStaffChatId: e.TELEGRAM_STAFF_CHAT_ID,
    telegramApiBaseUrl: e.TELEGRAM_API_BASE_URL,
    xUrl: e.X_URL,
    newsFeedBaseUrl: e.NEWS_FEED_BASE_URL,
    nytFeedBaseUrl: e.NYT_FEED_BASE_URL,
    dexscreenerBaseUrl: e.DEXSCREENER_BASE_URL,
    jupiterBaseUrl: e.JUPITER_BASE_URL,
    solanaRpcUrl: e.SOLANA_RPC_URL,
    twitterApiToken: e.TWITTER_API_TOKEN,
    twitterApiBaseUrl: e.TWITTER_API_BASE_URL,
    marketRefreshMinutes: e.MARKET_REFRESH_MINUTES,
    paymentCheckMinutes: e.PAYMENT_CHECK_MINUTES,
    listCacheMs: e.LIST_CACHE_MS,
    maxEventLoopDelayMs: e.MAX_EVENT_LOOP_DELAY_MS,
    maxRssMb: e.MAX_RSS_MB,
    shutdownDelayMs: e.SHUTDOWN_DELAY_MS,
    metricsToken: e.METRICS_TOKEN,
    gitCommit: e.GIT_COMMIT,
    logLevel: e.LOG_LEVEL,
    staticDir: e.STATIC_DIR
      ? path.resolve(e.STATIC_DIR)
      : path.resolve(import.meta.dirname, "../../dist/client"),
  };
}
