import type { FastifyBaseLogger } from "fastify";
import { runTelegramPass, type TelegramContext } from "../features/telegram/telegram.service";
import type { Metrics } from "../plugins/observability";
import { claimJobRun, startIntervalJob } from "./interval-job";

/** Often enough that the race's opening and the winner reach the channel within seconds. */
export const TELEGRAM_TICK_MS = 15_000;

/**
 * Posts the due Telegram events (features/telegram) when TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID are set.
 * One process per tick runs the pass (claimJobRun); each post's own row claim is what keeps it to one send
 * even when two passes overlap (a lease that ran out during a long 429 wait).
 */
export function startTelegramJob(
  telegram: TelegramContext | null,
  log: FastifyBaseLogger,
  metrics?: Metrics,
  tickMs = TELEGRAM_TICK_MS,
): () => Promise<void> {
  if (!telegram) return async () => {};
  return startIntervalJob(
    "telegram",
    tickMs,
    async () => {
      const { sent, failed, skipped } = await runTelegramPass(telegram, new Date());
      for (const post of sent)
        log.info({ kind: post.kind, subject: post.subject, messageId: post.messageId }, "telegram post sent");
      // The stored error has the token removed (integrations/telegram.ts); the raw error is never logged.
      for (const post of failed)
        log.warn(
          { kind: post.kind, subject: post.subject, error: post.error, retryAt: post.retryAt },
          "telegram post failed",
        );
      if (skipped > 0) log.info({ skipped }, "telegram: events older than the window skipped");
    },
    log,
    { claim: () => claimJobRun(telegram.db, "telegram", tickMs), runAtStart: true, metrics: metrics?.jobs },
  );
}
