import { z } from "zod";
import { isSolanaAddress } from "@/common/solana-address";
import type { SafeFetch } from "./safe-fetch";

/**
 * DexScreener's public API (https://docs.dexscreener.com/api/reference), Solana only:
 *   GET /token-profiles/latest/v1             latest token profiles, every chain
 *   GET /token-boosts/latest/v1               latest boosted tokens, every chain
 *   GET /tokens/v1/solana/{a,b,...}           the pairs of up to 30 tokens
 *   GET /latest/dex/pairs/solana/{pair}       one pair by its pair address
 * Every list entry is validated on its own, so one odd entry never costs the whole list, and every URL the
 * source gives is kept only if it is http(s): these URLs end up as links and images on the site.
 */

export const DEXSCREENER_BATCH_SIZE = 30;

const nullishString = z.string().nullish();
const nullishNumber = z.number().nullish();

const LinkSchema = z.object({ type: nullishString, label: nullishString, url: z.string() });

export const DexProfileSchema = z.object({
  url: nullishString,
  chainId: z.string(),
  tokenAddress: z.string(),
  icon: nullishString,
  header: nullishString,
  description: nullishString,
  links: z.array(LinkSchema).nullish(),
});
export type DexProfile = z.infer<typeof DexProfileSchema>;

const TokenRefSchema = z.object({ address: z.string(), name: nullishString, symbol: nullishString });

export const DexPairSchema = z.object({
  chainId: z.string(),
  dexId: nullishString,
  url: nullishString,
  pairAddress: z.string(),
  baseToken: TokenRefSchema,
  quoteToken: TokenRefSchema.nullish(),
  priceUsd: nullishString,
  volume: z.object({ h24: nullishNumber }).partial().nullish(),
  liquidity: z.object({ usd: nullishNumber }).partial().nullish(),
  /** Percent change of the price over each window (negative when it fell). */
  priceChange: z.object({ h24: nullishNumber }).partial().nullish(),
  /** When the pair was created, in milliseconds since the epoch. */
  pairCreatedAt: nullishNumber,
  fdv: nullishNumber,
  marketCap: nullishNumber,
  info: z
    .object({
      imageUrl: nullishString,
      websites: z.array(z.object({ label: nullishString, url: z.string() })).nullish(),
      socials: z.array(z.object({ type: nullishString, url: z.string() })).nullish(),
    })
    .nullish(),
});
export type DexPair = z.infer<typeof DexPairSchema>;

/** An array whose entries are validated one by one; the ones that do not fit are dropped. */
const lenientArray = <S extends z.ZodType>(item: S) =>
  z.array(z.unknown()).transform((values) =>
    values.flatMap((value) => {
      const parsed = item.safeParse(value);
      return parsed.success ? [parsed.data as z.output<S>] : [];
    }),
  );

const ProfilesSchema = lenientArray(DexProfileSchema);
const PairsSchema = lenientArray(DexPairSchema);
const PairLookupSchema = z.object({
  pairs: z
    .unknown()
    .nullish()
    .transform((v) => (Array.isArray(v) ? PairsSchema.parse(v) : [])),
  pair: z.unknown().nullish(),
});

const trimBase = (base: string) => base.replace(/\/+$/, "");

const isSolanaToken = (p: DexProfile) => p.chainId === "solana" && isSolanaAddress(p.tokenAddress);

/** The latest token profiles, Solana only. */
export async function fetchLatestProfiles(http: SafeFetch, baseUrl: string): Promise<DexProfile[]> {
  const profiles = await http.json(`${trimBase(baseUrl)}/token-profiles/latest/v1`, ProfilesSchema);
  return profiles.filter(isSolanaToken);
}

/** The latest boosted tokens, Solana only. */
export async function fetchLatestBoosts(http: SafeFetch, baseUrl: string): Promise<DexProfile[]> {
  const boosts = await http.json(`${trimBase(baseUrl)}/token-boosts/latest/v1`, ProfilesSchema);
  return boosts.filter(isSolanaToken);
}

/** Every Solana pair of up to 30 tokens, in one call. */
export async function fetchSolanaPairs(
  http: SafeFetch,
  baseUrl: string,
  addresses: readonly string[],
): Promise<DexPair[]> {
  if (addresses.length === 0) return [];
  if (addresses.length > DEXSCREENER_BATCH_SIZE) {
    throw new Error(`DexScreener takes at most ${DEXSCREENER_BATCH_SIZE} addresses per call`);
  }
  for (const address of addresses) {
    if (!isSolanaAddress(address)) throw new Error("Not a Solana address");
  }
  const pairs = await http.json(`${trimBase(baseUrl)}/tokens/v1/solana/${addresses.join(",")}`, PairsSchema);
  return pairs.filter((p) => p.chainId === "solana");
}

/** A pair by its pair address (what a dexscreener.com/solana/<pair> URL holds); null when unknown. */
export async function fetchSolanaPair(
  http: SafeFetch,
  baseUrl: string,
  pairAddress: string,
): Promise<DexPair | null> {
  if (!isSolanaAddress(pairAddress)) throw new Error("Not a Solana address");
  const answer = await http.json(
    `${trimBase(baseUrl)}/latest/dex/pairs/solana/${pairAddress}`,
    PairLookupSchema,
  );
  const fromPair = answer.pair ? DexPairSchema.safeParse(answer.pair) : null;
  const candidates = [...answer.pairs, ...(fromPair?.success ? [fromPair.data] : [])];
  return candidates.find((p) => p.chainId === "solana" && p.pairAddress === pairAddress) ?? null;
}

/** The most liquid Solana pair in which `mint` is the base token (its price is the mint's price). */
export function mostLiquidPair(pairs: readonly DexPair[], mint: string): DexPair | null {
  let best: DexPair | null = null;
  for (const pair of pairs) {
    if (pair.chainId !== "solana" || pair.baseToken.address !== mint) continue;
    if (!best || (pair.liquidity?.usd ?? 0) > (best.liquidity?.usd ?? 0)) best = pair;
  }
  return best;
}

export interface TokenMarketData {
  contractAddress: string;
  name: string | null;
  symbol: string | null;
  imageUrl: string | null;
  price: number | null;
  marketCap: number | null;
  volume24h: number | null;
  /** The price's change over 24 hours in percent, negative when it fell. */
  priceChange24h: number | null;
  liquidityUsd: number | null;
  pairCreatedAt: Date | null;
  chartUrl: string;
  buyUrl: string;
  websiteUrl: string | null;
  twitterUrl: string | null;
}

export const chartUrlFor = (mint: string) => `https://dexscreener.com/solana/${mint}`;
export const buyUrlFor = (mint: string) => `https://jup.ag/swap/SOL-${mint}`;

/** What the site keeps of a pair: market numbers, links and image. */
export function marketDataFromPair(pair: DexPair, mint: string): TokenMarketData {
  const price =
    pair.priceUsd === null || pair.priceUsd === undefined ? null : finiteOrNull(Number(pair.priceUsd));
  const pairUrl = httpUrlOrNull(pair.url);
  const website = pair.info?.websites?.map((w) => httpUrlOrNull(w.url)).find((u) => u !== null) ?? null;
  const twitter =
    pair.info?.socials
      ?.filter((s) => s.type === "twitter" || s.type === "x")
      .map((s) => httpUrlOrNull(s.url))
      .find((u) => u !== null) ?? null;
  return {
    contractAddress: mint,
    name: cleanText(pair.baseToken.name),
    symbol: cleanText(pair.baseToken.symbol),
    imageUrl: httpUrlOrNull(pair.info?.imageUrl),
    price,
    marketCap: finiteOrNull(pair.marketCap ?? pair.fdv),
    volume24h: finiteOrNull(pair.volume?.h24),
    priceChange24h: signedOrNull(pair.priceChange?.h24),
    liquidityUsd: finiteOrNull(pair.liquidity?.usd),
    pairCreatedAt: timeOrNull(pair.pairCreatedAt),
    chartUrl: pairUrl ?? chartUrlFor(mint),
    buyUrl: buyUrlFor(mint),
    websiteUrl: website,
    twitterUrl: twitter,
  };
}

/** A URL from an outside source, kept only when it is a plain absolute http(s) URL of sane length. */
export function httpUrlOrNull(value: string | null | undefined): string | null {
  if (!value || value.length > 2048 || !/^https?:\/\/[^\s]+$/i.test(value) || !URL.canParse(value))
    return null;
  return value;
}

export function finiteOrNull(value: number | null | undefined): number | null {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : null;
}

/** A finite number that may be negative (a price change); an absurd one (beyond ±1,000,000 %) is dropped. */
export function signedOrNull(value: number | null | undefined): number | null {
  return typeof value === "number" && Number.isFinite(value) && Math.abs(value) <= 1e6 ? value : null;
}

/** A time in milliseconds since the epoch, kept only when plausible: after Solana's launch, not in the future. */
function timeOrNull(ms: number | null | undefined, now = Date.now()): Date | null {
  const SOLANA_LAUNCH = Date.UTC(2020, 2, 16);
  return typeof ms === "number" && Number.isFinite(ms) && ms >= SOLANA_LAUNCH && ms <= now + 86_400_000
    ? new Date(ms)
    : null;
}

function cleanText(value: string | null | undefined): string | null {
  const text = value?.replace(/\s+/g, " ").trim();
  return text ? text.slice(0, 100) : null;
}
