import { z } from "zod";
import { isSolanaAddress } from "@/common/solana-address";
import { finiteOrNull, httpUrlOrNull } from "./dexscreener";
import type { SafeFetch } from "./safe-fetch";

/**
 * Jupiter's Tokens API V2 on the free lite host (https://dev.jup.ag/docs/tokens/v2):
 *   GET /tokens/v2/toptrending/24h?limit=50
 * "Top trending" over 24 hours: the category the Trending Tokens tab means. The API leaves generic tokens
 * (SOL, USDC, ...) out of its categories already.
 */

export const JUPITER_TRENDING_PATH = "/tokens/v2/toptrending/24h";
export const JUPITER_TRENDING_LIMIT = 50;

const JupiterTokenSchema = z.object({
  id: z.string().refine(isSolanaAddress),
  name: z.string().nullish(),
  symbol: z.string().nullish(),
  icon: z.string().nullish(),
  usdPrice: z.number().nullish(),
  mcap: z.number().nullish(),
  fdv: z.number().nullish(),
  stats24h: z
    .object({ buyVolume: z.number().nullish(), sellVolume: z.number().nullish() })
    .partial()
    .nullish(),
});
type JupiterToken = z.infer<typeof JupiterTokenSchema>;

const JupiterListSchema = z.array(z.unknown()).transform((values) =>
  values.flatMap((value) => {
    const parsed = JupiterTokenSchema.safeParse(value);
    return parsed.success ? [parsed.data] : [];
  }),
);

export interface JupiterTrendingToken {
  contractAddress: string;
  name: string | null;
  symbol: string | null;
  imageUrl: string | null;
  price: number | null;
  marketCap: number | null;
  volume24h: number | null;
}

export async function fetchJupiterTrending(
  http: SafeFetch,
  baseUrl: string,
): Promise<JupiterTrendingToken[]> {
  const url = `${baseUrl.replace(/\/+$/, "")}${JUPITER_TRENDING_PATH}?limit=${JUPITER_TRENDING_LIMIT}`;
  const tokens = await http.json(url, JupiterListSchema);
  return tokens.map(toTrendingToken);
}

function toTrendingToken(token: JupiterToken): JupiterTrendingToken {
  const buy = token.stats24h?.buyVolume;
  const sell = token.stats24h?.sellVolume;
  const volume = typeof buy === "number" || typeof sell === "number" ? (buy ?? 0) + (sell ?? 0) : null;
  return {
    contractAddress: token.id,
    name: token.name?.trim().slice(0, 100) || null,
    symbol: token.symbol?.trim().slice(0, 20) || null,
    imageUrl: httpUrlOrNull(token.icon),
    price: finiteOrNull(token.usdPrice),
    marketCap: finiteOrNull(token.mcap ?? token.fdv),
    volume24h: finiteOrNull(volume),
  };
}
