import { z } from "zod";
import type { LatestBlockhash } from "@/common/latest-blockhash";
import type { SafeFetch } from "../../integrations/safe-fetch";
import { SolanaRpcError } from "../../integrations/solana";

/**
 * The latest blockhash for wallet transactions, from Solana JSON-RPC `getLatestBlockhash` (confirmed: a
 * wallet needs a recent one, and a confirmed blockhash is good for ~60-90 s). Kept for CACHE_MS so that many
 * payers at once cost the RPC one call; a call already in flight is shared rather than repeated.
 */

/** A blockhash stays valid for ~150 blocks (~60 s); a few seconds of reuse costs the payer nothing. */
export const BLOCKHASH_CACHE_MS = 5_000;
/** The payer is waiting on a button: a slow RPC is a failed one. */
export const BLOCKHASH_TIMEOUT_MS = 3_000;

const AnswerSchema = z.object({
  result: z
    .object({
      value: z.object({ blockhash: z.string(), lastValidBlockHeight: z.number().int().nonnegative() }),
    })
    .nullish(),
  error: z.object({ message: z.string().optional() }).nullish(),
});

export async function getLatestBlockhash(http: SafeFetch, rpcUrl: string): Promise<LatestBlockhash> {
  const answer = await http.json(rpcUrl, AnswerSchema, {
    method: "POST",
    headers: { "content-type": "application/json" },
    timeoutMs: BLOCKHASH_TIMEOUT_MS,
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "getLatestBlockhash",
      params: [{ commitment: "confirmed" }],
    }),
  });
  if (!answer.result) {
    throw new SolanaRpcError(`The Solana RPC refused the call: ${answer.error?.message ?? "no result"}`);
  }
  return answer.result.value;
}

/** getLatestBlockhash behind a short cache and a shared in-flight call; failures are not cached. */
export function createBlockhashSource(
  fetchBlockhash: () => Promise<LatestBlockhash>,
  now: () => number = Date.now,
): () => Promise<LatestBlockhash> {
  let cached: { value: LatestBlockhash; at: number } | undefined;
  let inFlight: Promise<LatestBlockhash> | undefined;
  return () => {
    if (cached && now() - cached.at < BLOCKHASH_CACHE_MS) return Promise.resolve(cached.value);
    inFlight ??= fetchBlockhash()
      .then((value) => {
        cached = { value, at: now() };
        return value;
      })
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  };
}
