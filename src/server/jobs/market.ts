import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config";
import type { Db } from "../db/connect";
import { refreshMarketData } from "../features/tokens/market.service";
import { createServiceFetch } from "../integrations/outbound";
import type { Metrics } from "../plugins/observability";
import { claimJobRun, startIntervalJob } from "./interval-job";

/**
 * The background "Update News Sources": market data of launched tokens every MARKET_REFRESH_MINUTES
 * (0 turns it off). The first pass waits one interval, so a restart loop cannot hammer DexScreener. The new
 * figures reach open pages through the database's change announcements, like any other change.
 */
export function startMarketJob(
  db: Db,
  config: Pick<
    Config,
    | "marketRefreshMinutes"
    | "dexscreenerBaseUrl"
    | "jupiterBaseUrl"
    | "outboundAllowHosts"
    | "outboundTimeoutMs"
  >,
  log: FastifyBaseLogger,
  metrics?: Metrics,
): () => Promise<void> {
  if (config.marketRefreshMinutes <= 0) return async () => {};
  const http = createServiceFetch(config, metrics?.outbound);
  const intervalMs = config.marketRefreshMinutes * 60_000;
  return startIntervalJob(
    "market refresh",
    intervalMs,
    async () => {
      const result = await refreshMarketData(db, { http, config, log });
      log.info(
        {
          addresses: result.addresses,
          refreshed: result.refreshed,
          failedTokens: result.failedTokens,
        },
        "market data refreshed",
      );
    },
    log,
    { claim: () => claimJobRun(db, "market refresh", intervalMs), metrics: metrics?.jobs },
  );
}
