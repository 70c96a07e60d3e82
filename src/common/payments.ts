import { z } from "zod";

/** GET /api/payments/latest-blockhash: what a wallet transaction needs for its lifetime. */
export const LatestBlockhashSchema = z.object({
  blockhash: z.string(),
  lastValidBlockHeight: z.number().int().nonnegative(),
});
export type LatestBlockhash = z.infer<typeof LatestBlockhashSchema>;

export const LATEST_BLOCKHASH_PATH = "/api/payments/latest-blockhash";

export const BLOCKHASH_MESSAGES = {
  unavailable: "Payments are not available right now",
  rpcDown: "The Solana network could not be reached. Please try again in a moment.",
} as const;
