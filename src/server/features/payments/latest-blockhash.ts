import type { LatestBlockhash } from "@/common/latest-blockhash";
import type { SafeFetch } from "../../integrations/safe-fetch";
import { getLatestBlockhash as getRpcLatestBlockhash } from "../../integrations/solana";

/**
 * The latest blockhash for wallet transactions, from Solana JSON-RPC `getLatestBlockhash` (confirmed: a
 * wallet needs a recent one, and a confirmed blockhash is good for ~60-90 s). Kept for CACHE_MS so that many
 * payers at once cost the RPC one call; a call already in flight is shared rather than repeated. A failure
 * is kept just as long.
 */

/** A blockhash stays valid for ~150 blocks (~60 s); a few seconds of reuse costs the payer nothing. */
export const BLOCKHASH_CACHE_MS = 5_000;
/** The payer is waiting on a button: a slow RPC is a failed one. */
export const BLOCKHASH_TIMEOUT_MS = 3_000;

/** The payer's wallet waits on this call: a slow RPC is a failed one. */
export function getLatestBlockhash(http: SafeFetch, rpcUrl: string): Promise<LatestBlockhash> {
  return getRpcLatestBlockhash(http, rpcUrl, BLOCKHASH_TIMEOUT_MS);
}

/**
 * getLatestBlockhash behind a short cache and a shared in-flight call. A failure is kept for the same
 * BLOCKHASH_CACHE_MS as an answer: while the node is down, many payers at once still cost it one call per
 * window (each of them hears 503 with Retry-After), instead of one call each, which a node in trouble
 * needs least.
 */
export function createBlockhashSource(
  fetchBlockhash: () => Promise<LatestBlockhash>,
  // Read through Date at each call, so that a test's fake clock reaches it.
  now: () => number = () => Date.now(),
): () => Promise<LatestBlockhash> {
  // The error is kept rather than a rejected promise: a rejection nobody awaits yet would be "unhandled".
  let settled: { at: number; value: LatestBlockhash } | { at: number; error: unknown } | undefined;
  let inFlight: Promise<LatestBlockhash> | undefined;
  return () => {
    if (settled && now() - settled.at < BLOCKHASH_CACHE_MS) {
      return "value" in settled ? Promise.resolve(settled.value) : Promise.reject(settled.error);
    }
    inFlight ??= fetchBlockhash()
      .then(
        (value) => {
          settled = { at: now(), value };
          return value;
        },
        (error: unknown) => {
          settled = { at: now(), error };
          throw error;
        },
      )
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  };
}
