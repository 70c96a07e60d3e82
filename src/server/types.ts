import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "./config";
import type { Database, Db } from "./db/connect";
import type { LiveEvents } from "./events/live-events";
import type { PaymentChecks } from "./features/payments/payment-checks";
import type { PushContext } from "./features/push/push-sender";
import type { TelegramContext } from "./features/telegram/telegram.service";
import type { ImageWorkQueue } from "./features/uploads/image-work-queue";
import type { ListCache } from "./lib/list-cache";
import type { PublicReads } from "./lib/public-reads";
import type { RedisLink } from "./lib/redis";

/** The app instance as routes see it: zod schemas type the requests and answers. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    liveEvents: LiveEvents;
    listCache: ListCache;
    /** The public answers a first paint is drawn from, read without HTTP (lib/public-reads.ts). */
    publicReads: PublicReads;
    /** Uploaded images are decoded and re-encoded through it: a fixed number of workers, a small queue. */
    imageWork: ImageWorkQueue;
    /** Promoted submissions' payments, looked for on chain (the receipt page and the payment job). */
    paymentChecks: PaymentChecks;
    /** From now on /readyz answers 503 (the first phase of a SIGTERM, main.ts); everything else is served. */
    withdrawReadiness(): void;
    /** The Telegram channel's posting context; null unless TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID are set. */
    telegram: TelegramContext | null;
    /** The browser reminders' sending context (features/push): the job's, and the tests'. */
    push: PushContext;
    /** Present when REDIS_URL is set. */
    redis: RedisLink | undefined;
  }
}
