import type { FastifyBaseLogger } from "fastify";
import { followOpenLaunches, type LaunchDeps } from "../features/launches/launches.service";
import type { Metrics } from "../plugins/observability";
import { claimJobRun, startIntervalJob } from "./interval-job";

/** A sent launch lands within seconds; a prepared one expires within ~90 s of its blockhash. */
const INTERVAL_MS = 10_000;

/**
 * Follows the launches still under way when nobody watches the dashboard (a closed tab, a restart): a sent
 * one to confirmed, failed or expired, a prepared one past its last valid height to expired (issue 29). One
 * process per interval; off without SOLANA_RPC_URL.
 */
export function startLaunchJob(
  deps: LaunchDeps,
  log: FastifyBaseLogger,
  metrics?: Metrics,
): () => Promise<void> {
  if (!deps.config.solanaRpcUrl) return async () => {};
  return startIntervalJob("launch follow", INTERVAL_MS, () => followOpenLaunches(deps, new Date()), log, {
    claim: () => claimJobRun(deps.db, "launch follow", INTERVAL_MS),
    metrics: metrics?.jobs,
  });
}
