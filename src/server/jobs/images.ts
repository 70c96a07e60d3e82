import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/connect";
import { deleteUnusedImages } from "../features/images/images.service";
import type { Metrics } from "../plugins/observability";
import { claimJobRun, startIntervalJob } from "./interval-job";

const INTERVAL_MS = 60 * 60_000;
/**
 * How long an image nothing shows is kept: a visitor may upload a picture and send the form hours later
 * (a tab left open overnight). Every upload is stored, so without this the table only grows.
 */
export const UNUSED_IMAGE_GRACE_MS = 48 * 60 * 60_000;

/** Deletes unused images once an hour, in one process. */
export function startImageCleanupJob(db: Db, log: FastifyBaseLogger, metrics?: Metrics): () => Promise<void> {
  return startIntervalJob(
    "image cleanup",
    INTERVAL_MS,
    async () => {
      const deleted = await deleteUnusedImages(db, new Date(Date.now() - UNUSED_IMAGE_GRACE_MS));
      if (deleted > 0) log.info({ deleted }, "unused images deleted");
    },
    log,
    { claim: () => claimJobRun(db, "image cleanup", INTERVAL_MS), metrics: metrics?.jobs },
  );
}
