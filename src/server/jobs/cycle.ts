import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/connect";
import { freezeClosedEditions } from "../features/headlines/editions.service";
import { runCycle } from "../features/votes/cycle.service";
import type { Metrics } from "../plugins/observability";
import { startIntervalJob } from "./interval-job";

const TICK_MS = 5_000;

/**
 * Runs the cycle's clock work at start-up (a server that was down at a deadline catches up) and every few
 * seconds after. runCycle is idempotent and safe across processes, so every process may run this.
 */
export function startCycleJob(db: Db, log: FastifyBaseLogger, metrics?: Metrics): () => Promise<void> {
  return startIntervalJob(
    "cycle job",
    TICK_MS,
    async () => {
      const { crowned, rolled } = await runCycle(db, new Date());
      if (crowned)
        log.info({ headlineId: crowned.id, votes: crowned.votes }, "voting ended: winner selected");
      if (rolled) log.info("launch time passed: the next cycle has started");
      // After the winner's selection: the closed race's standings become the edition's record for good.
      const frozen = await freezeClosedEditions(db, new Date());
      if (frozen.length > 0) log.info({ editions: frozen }, "edition standings frozen");
    },
    log,
    { runAtStart: true, metrics: metrics?.jobs },
  );
}
