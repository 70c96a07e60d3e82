import { and, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Headline } from "@/common/headline";
import {
  type ImportTokenInput,
  type TokenInfo,
  TRENDING_MESSAGES,
  type TrendingToken,
  type TrendingTokenSource,
} from "@/common/trending";
import type { Config } from "../../config";
import type { Db } from "../../db/connect";
import { headlines } from "../../db/schema";
import {
  buyUrlFor,
  chartUrlFor,
  DEXSCREENER_BATCH_SIZE,
  type DexProfile,
  fetchLatestBoosts,
  fetchLatestProfiles,
  fetchSolanaPair,
  fetchSolanaPairs,
  marketDataFromPair,
  mostLiquidPair,
  type TokenMarketData,
} from "../../integrations/dexscreener";
import { fetchJupiterTrending } from "../../integrations/jupiter";
import type { SafeFetch } from "../../integrations/safe-fetch";
import { conflict, notFound } from "../../lib/http-error";
import { type Actor, createHeadlineIn } from "../headlines/headline-stage";
import { toHeadline } from "../headlines/headline-view";

export interface TokenDeps {
  http: SafeFetch;
  config: Pick<Config, "dexscreenerBaseUrl" | "jupiterBaseUrl">;
  log?: FastifyBaseLogger;
}

const DEX = "dexscreener";
const JUP = "jupiter";

/** "Abcd...wxyz": the generic name of a token nobody named. */
export function genericTokenTitle(address: string): string {
  return `Token ${address.slice(0, 4)}...${address.slice(-4)}`;
}

export function genericTokenDescription(address: string, source: string | undefined): string {
  return `Imported token ${address} from ${source || "manual import"}.`;
}

// --- trending tokens ---------------------------------------------------------------------------------

/**
 * GET /api/trending-tokens/{source}. `all` merges DexScreener and Jupiter by contract address, DexScreener's
 * market numbers winning; it fails only when both sources fail.
 */
export async function fetchTrendingTokens(
  source: TrendingTokenSource,
  deps: TokenDeps,
): Promise<TrendingToken[]> {
  if (source === DEX) return dexscreenerTrending(deps);
  if (source === JUP) return jupiterTrending(deps);
  const [dex, jup] = await Promise.allSettled([dexscreenerTrending(deps), jupiterTrending(deps)]);
  if (dex.status === "rejected" && jup.status === "rejected") throw dex.reason;
  if (dex.status === "rejected")
    deps.log?.warn({ err: dex.reason }, "DexScreener trending failed; Jupiter only");
  if (jup.status === "rejected")
    deps.log?.warn({ err: jup.reason }, "Jupiter trending failed; DexScreener only");
  return mergeTrendingTokens(
    dex.status === "fulfilled" ? dex.value : [],
    jup.status === "fulfilled" ? jup.value : [],
  );
}

/** DexScreener's first, then Jupiter's tokens it lacks; a token on both keeps DexScreener's numbers. */
export function mergeTrendingTokens(
  dex: readonly TrendingToken[],
  jup: readonly TrendingToken[],
): TrendingToken[] {
  const merged = new Map<string, TrendingToken>();
  for (const token of dex) merged.set(token.contractAddress, { ...token });
  for (const token of jup) {
    const existing = merged.get(token.contractAddress);
    if (!existing) {
      merged.set(token.contractAddress, { ...token });
      continue;
    }
    merged.set(token.contractAddress, {
      ...existing,
      source: `${DEX}+${JUP}`,
      symbol: existing.symbol ?? token.symbol,
      imageUrl: existing.imageUrl ?? token.imageUrl,
      price: existing.price ?? token.price,
      marketCap: existing.marketCap ?? token.marketCap,
      volume24h: existing.volume24h ?? token.volume24h,
      // A named token beats "Token Abcd...wxyz".
      title: existing.title === genericTokenTitle(existing.contractAddress) ? token.title : existing.title,
    });
  }
  return [...merged.values()];
}

async function dexscreenerTrending(deps: TokenDeps): Promise<TrendingToken[]> {
  const base = deps.config.dexscreenerBaseUrl;
  const [profiles, boosts] = await Promise.allSettled([
    fetchLatestProfiles(deps.http, base),
    fetchLatestBoosts(deps.http, base),
  ]);
  if (profiles.status === "rejected" && boosts.status === "rejected") throw profiles.reason;
  const listed = new Map<string, DexProfile>();
  for (const result of [boosts, profiles]) {
    if (result.status === "rejected") {
      deps.log?.warn({ err: result.reason }, "a DexScreener list failed");
      continue;
    }
    for (const profile of result.value) {
      if (!listed.has(profile.tokenAddress)) listed.set(profile.tokenAddress, profile);
    }
  }
  const addresses = [...listed.keys()].slice(0, DEXSCREENER_BATCH_SIZE);
  let pairs: Awaited<ReturnType<typeof fetchSolanaPairs>> = [];
  try {
    pairs = await fetchSolanaPairs(deps.http, base, addresses);
  } catch (error) {
    // The list is still worth showing without prices.
    deps.log?.warn({ err: error }, "DexScreener market data failed; listing tokens without it");
  }
  return addresses.map((address) => {
    const profile = listed.get(address) as DexProfile;
    const pair = mostLiquidPair(pairs, address);
    const market = pair ? marketDataFromPair(pair, address) : null;
    const name = market?.name ?? null;
    return {
      title: name ?? genericTokenTitle(address),
      symbol: market?.symbol ?? null,
      description: describeToken(profile.description, name, market?.symbol ?? null, "DexScreener"),
      source: DEX,
      contractAddress: address,
      imageUrl: market?.imageUrl ?? httpUrl(profile.icon),
      price: market?.price ?? null,
      marketCap: market?.marketCap ?? null,
      volume24h: market?.volume24h ?? null,
    };
  });
}

async function jupiterTrending(deps: TokenDeps): Promise<TrendingToken[]> {
  const tokens = await fetchJupiterTrending(deps.http, deps.config.jupiterBaseUrl);
  return tokens.map((token) => ({
    title: token.name ?? genericTokenTitle(token.contractAddress),
    symbol: token.symbol,
    description: describeToken(null, token.name, token.symbol, "Jupiter"),
    source: JUP,
    contractAddress: token.contractAddress,
    imageUrl: token.imageUrl,
    price: token.price,
    marketCap: token.marketCap,
    volume24h: token.volume24h,
  }));
}

function describeToken(
  text: string | null | undefined,
  name: string | null,
  symbol: string | null,
  where: string,
): string {
  const own = text?.replace(/\s+/g, " ").trim();
  if (own) return own.length > 500 ? `${own.slice(0, 497)}...` : own;
  const label = name && symbol ? `${name} ($${symbol})` : (name ?? (symbol ? `$${symbol}` : "This token"));
  return `${label} is trending on ${where}.`;
}

function httpUrl(value: string | null | undefined): string | null {
  return value && /^https?:\/\/[^\s]+$/i.test(value) && URL.canParse(value) ? value : null;
}

// --- token info --------------------------------------------------------------------------------------

/** The most liquid pair's data for a mint, or null when DexScreener lists none. */
export async function getTokenMarketData(deps: TokenDeps, mint: string): Promise<TokenMarketData | null> {
  const pairs = await fetchSolanaPairs(deps.http, deps.config.dexscreenerBaseUrl, [mint]);
  const pair = mostLiquidPair(pairs, mint);
  return pair ? marketDataFromPair(pair, mint) : null;
}

/**
 * GET /api/token-info/{address}. The address is usually a mint; a dexscreener.com/solana/<pair> URL gives a
 * pair address, so when no pair trades the address as a token, it is looked up as a pair and its base
 * token is used.
 */
export async function getTokenInfo(deps: TokenDeps, address: string): Promise<TokenInfo> {
  let market = await getTokenMarketData(deps, address);
  if (!market) {
    const pair = await fetchSolanaPair(deps.http, deps.config.dexscreenerBaseUrl, address);
    if (pair)
      market =
        (await getTokenMarketData(deps, pair.baseToken.address)) ??
        marketDataFromPair(pair, pair.baseToken.address);
  }
  if (!market) throw notFound(TRENDING_MESSAGES.tokenNotFound);
  const name = market.name ?? market.symbol ?? genericTokenTitle(market.contractAddress);
  return {
    contractAddress: market.contractAddress,
    name,
    description: market.symbol
      ? `${name} ($${market.symbol}) is a Solana token launched by the community.`
      : `${name} is a Solana token launched by the community.`,
    imageUrl: market.imageUrl,
    symbol: market.symbol,
    price: market.price,
    marketCap: market.marketCap,
    volume24h: market.volume24h,
    chartUrl: market.chartUrl,
    buyUrl: market.buyUrl,
  };
}

// --- token import ------------------------------------------------------------------------------------

// Any fixed number: the first half of the advisory lock key that serialises imports of one address.
const IMPORT_LOCK_SPACE = 73_019;

/**
 * POST /api/tokens/import: the token joins Yesterday's News as launched. Market data and links come from
 * DexScreener when it answers; when it does not, the token is imported with the defaults. A token already
 * on Yesterday's News is a 409 and nothing changes; the advisory lock makes the check-then-insert safe when
 * two imports of one address race (there is no unique index on the contract address to lean on).
 */
export async function importToken(
  db: Db,
  input: ImportTokenInput,
  deps: TokenDeps,
  actor: Actor,
  now = new Date(),
): Promise<Headline> {
  const address = input.contractAddress.trim();
  const source = input.source ?? undefined;
  // Outside any transaction: a slow source must never hold a database connection (or PGlite's only one).
  let market: TokenMarketData | null = null;
  try {
    market = await getTokenMarketData(deps, address);
  } catch (error) {
    deps.log?.warn({ err: error }, "DexScreener token info failed; importing with defaults");
  }

  const row = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${IMPORT_LOCK_SPACE}, hashtext(${address}))`);
    const [existing] = await tx
      .select({ id: headlines.id })
      .from(headlines)
      .where(and(eq(headlines.contractAddress, address), eq(headlines.isPublic, true)))
      .limit(1);
    if (existing) throw conflict(TRENDING_MESSAGES.tokenAlreadyImported);
    return createHeadlineIn(
      tx,
      "importToken",
      {
        title: input.title ?? market?.name ?? genericTokenTitle(address),
        description: input.description ?? genericTokenDescription(address, source),
        imageUrl: market?.imageUrl ?? null,
        submittedBy: "admin",
        createdAt: now,
        oldNewsAt: now,
        launchStatus: "launched",
        contractAddress: address,
        symbol: market?.symbol ?? null,
        price: market?.price ?? null,
        marketCap: market?.marketCap ?? null,
        volume24h: market?.volume24h ?? null,
        priceChange24h: market?.priceChange24h ?? null,
        liquidityUsd: market?.liquidityUsd ?? null,
        pairCreatedAt: market?.pairCreatedAt ?? null,
        chartUrl: market?.chartUrl ?? chartUrlFor(address),
        buyUrl: market?.buyUrl ?? buyUrlFor(address),
        websiteUrl: market?.websiteUrl ?? null,
        twitterUrl: market?.twitterUrl ?? null,
        source: source ?? "manual import",
      },
      actor,
      now,
    );
  });
  if (!row) throw new Error("insert returned nothing");
  return toHeadline(row);
}
