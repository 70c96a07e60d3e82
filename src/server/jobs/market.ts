import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config";
import type { Db } from "../db/connect";
import { refreshMarketData } from "../features/tokens/market.service";
import { createOutboundFetch } from "../integrations/outbound";

/**
 * Runs `task` every `intervalMs`, never two at once: a pass that outlasts the interval makes the next tick
 * a no-op instead of a second concurrent pass. Errors are logged, never thrown. Answers a stop function
 * whose promise settles when a pass still running has finished (so the database is closed after it).
 */
export function startIntervalJob(
  name: string,
  intervalMs: number,
  task: () => Promise<void>,
  log: FastifyBaseLogger,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = task()
      .catch((error: unknown) =>
        log.error({ err: error, job: name }, `${name} failed; retrying on the next tick`),
      )
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

/**
 * The background "Update News Sources": market data of launched tokens every MARKET_REFRESH_MINUTES
 * (0 turns it off). The first pass waits one interval, so a restart loop cannot hammer DexScreener.
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
): () => Promise<void> {
  if (config.marketRefreshMinutes <= 0) return async () => {};
  const http = createOutboundFetch(config);
  return startIntervalJob(
    "market refresh",
    config.marketRefreshMinutes * 60_000,
    async () => {
      const result = await refreshMarketData(db, { http, config, log });
      log.info(
        {
          addresses: result.addresses,
          updated: result.updatedHeadlines.length,
          failedBatches: result.failedBatches,
        },
        "market data refreshed",
      );
    },
    log,
  );
}
