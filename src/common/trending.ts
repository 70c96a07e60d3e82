import { z } from "zod";
import { HeadlineListSchema } from "./headline";
import { isSolanaAddress } from "./solana-address";
import { plainText, textProblem } from "./text";

/**
 * The dashboard's Trending Headlines and Trending Tokens tabs, the manual token import and "generate token
 * from address": sources, answers, request bodies and the spec's messages (sections 5, 8 and 9), shared by
 * the admin forms and the server routes.
 */

/** Spec section 9, "Trending headline sources", in the order the dashboard lists them. */
export const TRENDING_HEADLINE_SOURCES = [
  "news",
  "news-business",
  "news-entertainment",
  "news-health",
  "news-science",
  "news-sports",
  "news-technology",
  "nyt",
  "nyt-politics",
  "nyt-business",
  "nyt-sports",
  "nyt-technology",
  "nyt-arts",
  "nyt-science",
  "nyt-world",
  "nyt-us",
  "twitter",
] as const;
export type TrendingHeadlineSource = (typeof TRENDING_HEADLINE_SOURCES)[number];

/** Spec section 9, "Token sources": `all` merges the other two by contract address. */
export const TRENDING_TOKEN_SOURCES = ["dexscreener", "jupiter", "all"] as const;
export type TrendingTokenSource = (typeof TRENDING_TOKEN_SOURCES)[number];

export const TRENDING_MESSAGES = {
  headlinesFailed: "Failed to fetch trending headlines. Please try again later.",
  tokensFailed: "Failed to fetch trending tokens. Please try again later.",
  tokenImportFailed: "Failed to import token. Please check the contract address and try again.",
  tokenInfoFailed: "Failed to fetch token info. Please try again later.",
  twitterNotConfigured: "The twitter source is not configured.",
  unknownHeadlineSource: `Unknown trending headline source. Use one of: ${TRENDING_HEADLINE_SOURCES.join(", ")}.`,
  unknownTokenSource: `Unknown trending token source. Use one of: ${TRENDING_TOKEN_SOURCES.join(", ")}.`,
  headlineAlreadyImported: "This headline has already been imported.",
  tokenAlreadyImported: "This token is already on Yesterday's News.",
  tokenNotFound: "Token not found",
  invalidContractAddress: "Invalid contract address",
  contractAddressRequired: "Contract address is required",
  contractAddressFormat: "Invalid Solana contract address format",
  importTitleRequired: "Title is required",
  importUrlInvalid: "The headline needs a source URL starting with http",
} as const;

const M = TRENDING_MESSAGES;

export const TrendingHeadlineSchema = z.object({
  title: z.string(),
  description: z.string(),
  source: z.string(),
  url: z.string(),
});
export type TrendingHeadline = z.infer<typeof TrendingHeadlineSchema>;
export const TrendingHeadlineListSchema = z.array(TrendingHeadlineSchema);

export const TrendingTokenSchema = z.object({
  title: z.string(),
  symbol: z.string().nullable(),
  description: z.string(),
  source: z.string(),
  contractAddress: z.string(),
  imageUrl: z.string().nullable(),
  price: z.number().nullable(),
  marketCap: z.number().nullable(),
  volume24h: z.number().nullable(),
});
export type TrendingToken = z.infer<typeof TrendingTokenSchema>;
export const TrendingTokenListSchema = z.array(TrendingTokenSchema);

export const TrendingHeadlineSourceParamsSchema = z.object({
  source: z.enum(TRENDING_HEADLINE_SOURCES, { error: M.unknownHeadlineSource }),
});
export const TrendingTokenSourceParamsSchema = z.object({
  source: z.enum(TRENDING_TOKEN_SOURCES, { error: M.unknownTokenSource }),
});

/** Optional text where blank means "not given". */
const optionalText = (max: number, label: string, multiline = false) =>
  plainText(label, { multiline })
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : undefined));

/**
 * POST /api/headlines/import: a trending headline as the list gave it. The server cuts the title to 100
 * characters and fits the description to 20..500, so a feed's long or empty text never blocks an import.
 */
export const ImportHeadlineInputSchema = z.object({
  title: plainText("Title", { error: M.importTitleRequired }).min(1, M.importTitleRequired).max(1000),
  description: plainText("Description", { multiline: true }).max(5000).nullish(),
  source: optionalText(100, "Source"),
  url: z
    .string({ error: M.importUrlInvalid })
    .trim()
    .max(2048, M.importUrlInvalid)
    .refine((v) => /^https?:\/\/[^\s]+$/i.test(v) && URL.canParse(v) && !textProblem(v), M.importUrlInvalid),
  destination: z.literal("tomorrow", { error: 'The only import destination is "tomorrow"' }).optional(),
});
export type ImportHeadlineInput = z.infer<typeof ImportHeadlineInputSchema>;

const contractAddress = z
  .string({ error: M.contractAddressRequired })
  .trim()
  .min(1, M.contractAddressRequired)
  .refine(isSolanaAddress, M.contractAddressFormat);

/** POST /api/tokens/import and the Manual Token Import form (spec section 5, "Manual token import"). */
export const ImportTokenInputSchema = z.object({
  contractAddress,
  title: optionalText(100, "Title"),
  description: optionalText(500, "Description", true),
  source: optionalText(50, "Source"),
});
export type ImportTokenInput = z.input<typeof ImportTokenInputSchema>;

export const TokenAddressParamsSchema = z.object({
  address: z.string().trim().refine(isSolanaAddress, M.invalidContractAddress),
});

/** GET /api/token-info/{address}: what "generate token from address" fills its form with. */
export const TokenInfoSchema = z.object({
  /** The token's mint: the address asked for, or the pair's base token when a pair address was given. */
  contractAddress: z.string(),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  symbol: z.string().nullable(),
  price: z.number().nullable(),
  marketCap: z.number().nullable(),
  volume24h: z.number().nullable(),
  chartUrl: z.string(),
  buyUrl: z.string(),
});
export type TokenInfo = z.infer<typeof TokenInfoSchema>;

/** The refreshed launched tokens, the counts (addresses looked up, refreshed, not answered) and a sentence. */
export const UpdateNewsSourcesResultSchema = z.object({
  updatedHeadlines: HeadlineListSchema,
  addresses: z.number().int(),
  refreshed: z.number().int(),
  failedTokens: z.number().int(),
  message: z.string(),
});
export type UpdateNewsSourcesResult = z.infer<typeof UpdateNewsSourcesResultSchema>;

export const CheckPaymentResultSchema = z.object({ isPaid: z.boolean(), message: z.string() });
export type CheckPaymentResult = z.infer<typeof CheckPaymentResultSchema>;

/** Query parameters that carry the token in trading sites' URLs (Raydium, Jupiter, ...). */
const ADDRESS_QUERY_KEYS = ["outputMint", "outputCurrency", "buy", "token", "address", "mint", "inputMint"];

/**
 * "Generate token from address" (spec section 5): a pasted URL from a chart site, trading site or launchpad
 * has its last path segment extracted ("URL detected"). Handles dexscreener.com/solana/<pair-or-mint>,
 * birdeye.so/token/<mint>?chain=solana, pump.fun/coin/<mint>, jup.ag/swap/SOL-<mint> (the part of a
 * "SOL-<mint>" pair that looks like an address) and raydium.io/swap/?outputMint=<mint> (a query parameter
 * when the path holds none). Anything that is not a URL comes back trimmed, with fromUrl false. The caller
 * still checks the length: this function only extracts.
 */
export function extractContractAddress(input: string): { address: string; fromUrl: boolean } {
  const text = input.trim();
  if (text === "") return { address: "", fromUrl: false };
  const url = parseLooseUrl(text);
  if (!url) return { address: text, fromUrl: false };

  const segments = url.pathname
    .split("/")
    .map((s) => safeDecode(s).trim())
    .filter((s) => s !== "");
  const last = segments.at(-1) ?? "";
  // "SOL-<mint>" or "<mint>-SOL": the part that is an address; the last one when both are.
  const fromLast = last
    .split("-")
    .filter((part) => isSolanaAddress(part))
    .at(-1);
  if (fromLast) return { address: fromLast, fromUrl: true };
  for (const key of ADDRESS_QUERY_KEYS) {
    const value = url.searchParams.get(key)?.trim();
    if (value && isSolanaAddress(value)) return { address: value, fromUrl: true };
  }
  return { address: last, fromUrl: true };
}

/** A URL with a scheme, or a bare "host.tld/path" as people paste them; null for anything else. */
function parseLooseUrl(text: string): URL | null {
  if (/\s/.test(text)) return null;
  const withScheme = /^https?:\/\//i.test(text)
    ? text
    : /^[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?[/?]/i.test(text)
      ? `https://${text}`
      : null;
  if (!withScheme || !URL.canParse(withScheme)) return null;
  return new URL(withScheme);
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
