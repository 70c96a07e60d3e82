import { z } from "zod";

/**
 * A launched token's safety facts, read from a Solana node (issue 22): `GET /api/tokens/{address}/facts`.
 * Two parts, each known or unknown on its own, since a node may answer one call and refuse the other
 * (`getTokenLargestAccounts` is the one public nodes throttle first):
 *   mint     `getAccountInfo` (jsonParsed): who may still mint more or freeze holders' accounts, and the supply;
 *   holders  `getTokenLargestAccounts`: the share of the supply held by the 10 largest token accounts.
 * The largest accounts include liquidity pools and bonding curves: the page says so.
 */

export const TOKEN_FACT_REASONS = ["not_configured", "no_answer", "not_a_mint"] as const;
export type TokenFactReason = (typeof TOKEN_FACT_REASONS)[number];

/** Why a fact is unknown, as the page says it. */
export const TOKEN_FACT_REASON_TEXT: Record<TokenFactReason, string> = {
  not_configured: "No Solana node configured",
  no_answer: "The Solana node did not answer",
  not_a_mint: "The Solana node knows no token mint at this address",
};

const Unknown = z.object({ status: z.literal("unknown"), reason: z.enum(TOKEN_FACT_REASONS) });

export const MintFactsSchema = z.discriminatedUnion("status", [
  z.object({
    status: z.literal("known"),
    /** Null when renounced: nobody can mint more. */
    mintAuthority: z.string().nullable(),
    /** Null when renounced: nobody can freeze a holder's account. */
    freezeAuthority: z.string().nullable(),
    /** The supply in whole tokens, as an exact decimal string ("999973210.592529"). */
    supply: z.string(),
    decimals: z.number().int(),
  }),
  Unknown,
]);
export type MintFacts = z.infer<typeof MintFactsSchema>;

export const HolderFactsSchema = z.discriminatedUnion("status", [
  z.object({
    status: z.literal("known"),
    /** Percent of the supply in the 10 largest token accounts (pools and bonding curves included). */
    top10Percent: z.number(),
  }),
  Unknown,
]);
export type HolderFacts = z.infer<typeof HolderFactsSchema>;

export const TokenFactsSchema = z.object({
  address: z.string(),
  mint: MintFactsSchema,
  holders: HolderFactsSchema,
  /** When the node was asked (answers are kept a few minutes, so this may be a little in the past). */
  checkedAt: z.string(),
});
export type TokenFacts = z.infer<typeof TokenFactsSchema>;

export const TOKEN_FACTS_MESSAGES = {
  notListed: "This token is not on Yesterday's News.",
  tooMany: "Too many token checks from your network. Please try again in a minute.",
} as const;
