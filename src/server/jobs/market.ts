import type { FastifyBaseLogger } from "fastify";
import type { LiveTopic } from "@/common/live";
import type { Config } from "../config";
import type { Db } from "../db/connect";
import { refreshMarketData } from "../features/tokens/market.service";
import { createServiceFetch } from "../integrations/outbound";
import { claimJobRun, startIntervalJob } from "./interval-job";

/** The lists that show market figures: Yesterday's News, and the winner's market card on the home page. */
export const MARKET_TOPICS: LiveTopic[] = ["yesterdays-news", "headlines"];

/**
 * The background "Update News Sources": market data of launched tokens every MARKET_REFRESH_MINUTES
 * (0 turns it off). The first pass waits one interval, so a restart loop cannot hammer DexScreener. A pass
 * that refreshed anything announces it, so open pages show the new figures (issue 14: jobs' changes reach
 * open pages, not only the changes made through routes).
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
  announce: (...topics: LiveTopic[]) => void,
): () => Promise<void> {
  if (config.marketRefreshMinutes <= 0) return async () => {};
  const http = createServiceFetch(config);
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
      if (result.refreshed > 0) announce(...MARKET_TOPICS);
    },
    log,
    { claim: () => claimJobRun(db, "market refresh", intervalMs) },
  );
}
