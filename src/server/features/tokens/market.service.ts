import { asc, eq, isNotNull, sql } from "drizzle-orm";
import type { Headline } from "@/common/headline";
import { isSolanaAddress } from "@/common/solana-address";
import type { Db } from "../../db/connect";
import { headlines } from "../../db/schema";
import {
  DEXSCREENER_BATCH_SIZE,
  fetchSolanaPairs,
  marketDataFromPair,
  mostLiquidPair,
  type TokenMarketData,
} from "../../integrations/dexscreener";
import { toHeadline } from "../headlines/headline-view";
import type { TokenDeps } from "./tokens.service";

export interface MarketRefreshResult {
  updatedHeadlines: Headline[];
  /** Addresses looked up. */
  addresses: number;
  /** Addresses DexScreener gave market data for. */
  refreshed: number;
  /** Addresses in batches DexScreener did not answer; their tokens keep their old numbers until the next refresh. */
  failedTokens: number;
  /** What the refresh did, in a sentence staff read in the dashboard's toast. */
  message: string;
}

const tokens = (n: number) => (n === 1 ? "launched token" : "launched tokens");

/** The refresh in a sentence: what was refreshed, and why the rest was not (an outage is never a success). */
export function marketRefreshMessage({
  addresses,
  refreshed,
  failedTokens,
}: Pick<MarketRefreshResult, "addresses" | "refreshed" | "failedTokens">): string {
  if (addresses === 0) return "No launched tokens to refresh.";
  if (failedTokens === addresses) {
    return `DexScreener did not answer: no launched token was refreshed (${addresses} keep their last numbers).`;
  }
  const noMarket = addresses - refreshed - failedTokens;
  return [
    `Refreshed ${refreshed} of ${addresses} ${tokens(addresses)}.`,
    failedTokens > 0 ? `DexScreener did not answer for ${failedTokens}; they keep their last numbers.` : "",
    noMarket > 0 ? `DexScreener lists no market for ${noMarket}.` : "",
  ]
    .filter(Boolean)
    .join(" ");
}

/**
 * "Update News Sources" and the background refresh: market data of every launched token (a contract
 * address), 30 addresses per DexScreener call. A failing batch is logged and skipped; the others go on.
 * Market numbers are replaced; the image is filled only when missing; the chart link follows the most
 * liquid pair unless staff set a link of their own (anything not on dexscreener.com), and the buy link is
 * filled only when missing, for the same reason.
 */
export async function refreshMarketData(db: Db, deps: TokenDeps): Promise<MarketRefreshResult> {
  const rows = await db
    .selectDistinct({ contractAddress: headlines.contractAddress })
    .from(headlines)
    .where(isNotNull(headlines.contractAddress))
    .orderBy(asc(headlines.contractAddress));
  const addresses = rows.map((r) => r.contractAddress?.trim() ?? "").filter(isSolanaAddress);

  const updated: Headline[] = [];
  let refreshed = 0;
  let failedTokens = 0;
  for (let i = 0; i < addresses.length; i += DEXSCREENER_BATCH_SIZE) {
    const batch = addresses.slice(i, i + DEXSCREENER_BATCH_SIZE);
    let pairs: Awaited<ReturnType<typeof fetchSolanaPairs>>;
    try {
      pairs = await fetchSolanaPairs(deps.http, deps.config.dexscreenerBaseUrl, batch);
    } catch (error) {
      failedTokens += batch.length;
      deps.log?.warn(
        { err: error, batch: i / DEXSCREENER_BATCH_SIZE, size: batch.length },
        "market refresh: a batch failed",
      );
      continue;
    }
    for (const address of batch) {
      const pair = mostLiquidPair(pairs, address);
      if (!pair) continue;
      refreshed += 1;
      const rowsUpdated = await applyMarketData(db, marketDataFromPair(pair, address));
      updated.push(...rowsUpdated.map((row) => toHeadline(row)));
    }
  }
  const counts = { addresses: addresses.length, refreshed, failedTokens };
  return { updatedHeadlines: updated, ...counts, message: marketRefreshMessage(counts) };
}

async function applyMarketData(db: Db, market: TokenMarketData) {
  return db
    .update(headlines)
    .set({
      ...(market.price !== null ? { price: market.price } : {}),
      ...(market.marketCap !== null ? { marketCap: market.marketCap } : {}),
      ...(market.volume24h !== null ? { volume24h: market.volume24h } : {}),
      ...(market.priceChange24h !== null ? { priceChange24h: market.priceChange24h } : {}),
      ...(market.liquidityUsd !== null ? { liquidityUsd: market.liquidityUsd } : {}),
      ...(market.pairCreatedAt !== null ? { pairCreatedAt: market.pairCreatedAt } : {}),
      imageUrl: sql`coalesce(${headlines.imageUrl}, ${market.imageUrl})`,
      chartUrl: sql`CASE WHEN ${headlines.chartUrl} IS NULL OR ${headlines.chartUrl} LIKE 'https://dexscreener.com/%'
        THEN ${market.chartUrl} ELSE ${headlines.chartUrl} END`,
      buyUrl: sql`coalesce(${headlines.buyUrl}, ${market.buyUrl})`,
    })
    .where(eq(headlines.contractAddress, market.contractAddress))
    .returning();
}
