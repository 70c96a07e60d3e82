import { useMutation } from "@tanstack/react-query";
import { apiGet } from "@/client/lib/api-client";
import type { TokenInfo } from "@/common/trending";

export function fetchTokenInfo(address: string) {
  return apiGet<TokenInfo>(`/api/token-info/${encodeURIComponent(address)}`);
}

/**
 * A look-up on demand (the form's button), so it is a mutation rather than a query: asking again for the
 * same address must ask DexScreener again for fresh prices, not answer from a cache that never goes stale.
 */
export function useTokenInfo() {
  return useMutation({ mutationFn: fetchTokenInfo });
}
