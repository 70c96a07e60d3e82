import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/connect";
import { EVIDENCE_RETENTION_MS } from "../features/votes/vote-evidence";
import { forgetOldEvidence } from "../features/votes/vote-evidence.service";
import type { Metrics } from "../plugins/observability";
import { claimJobRun, startIntervalJob } from "./interval-job";

const INTERVAL_MS = 60 * 60_000;

/** Forgets vote evidence older than 30 days once an hour, in one process (README, "Vote evidence"). */
export function startVoteEvidenceCleanupJob(
  db: Db,
  log: FastifyBaseLogger,
  metrics?: Metrics,
): () => Promise<void> {
  return startIntervalJob(
    "vote evidence cleanup",
    INTERVAL_MS,
    async () => {
      const forgotten = await forgetOldEvidence(db, new Date(Date.now() - EVIDENCE_RETENTION_MS));
      if (forgotten > 0) log.info({ forgotten }, "old vote evidence forgotten");
    },
    log,
    {
      claim: () => claimJobRun(db, "vote evidence cleanup", INTERVAL_MS),
      runAtStart: true,
      metrics: metrics?.jobs,
    },
  );
}
