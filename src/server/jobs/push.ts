import type { FastifyBaseLogger } from "fastify";
import { type PushContext, runPushPass } from "../features/push/push-sender";
import type { Metrics } from "../plugins/observability";
import { claimJobRun, startIntervalJob } from "./interval-job";

/** Often enough that the winner reaches the browsers within seconds of the crown. */
export const PUSH_TICK_MS = 15_000;

/**
 * Sends the due browser reminders (features/push). One process per tick runs the pass (claimJobRun); each
 * message's own push_deliveries row is what keeps it to one send even when two passes overlap.
 */
export function startPushJob(
  push: PushContext,
  log: FastifyBaseLogger,
  metrics?: Metrics,
  tickMs = PUSH_TICK_MS,
): () => Promise<void> {
  return startIntervalJob(
    "push",
    tickMs,
    async () => {
      const { sent, gone, failed } = await runPushPass(push, new Date());
      if (sent + gone + failed > 0) log.info({ sent, gone, failed }, "browser reminders sent");
    },
    log,
    { claim: () => claimJobRun(push.db, "push", tickMs), runAtStart: true, metrics: metrics?.jobs },
  );
}
