/**
 * GET /api/payments/latest-blockhash: the lifetime a wallet transaction needs. Plain types (no zod) because
 * the browser's wallet code imports this file; the server's answer schema lives beside its route.
 */
export interface LatestBlockhash {
  blockhash: string;
  lastValidBlockHeight: number;
}

export const LATEST_BLOCKHASH_PATH = "/api/payments/latest-blockhash";

export const BLOCKHASH_MESSAGES = {
  unavailable: "Payments are not available right now",
  rpcDown: "The Solana network could not be reached. Please try again in a moment.",
} as const;
