import { useQuery } from "@tanstack/react-query";
import { apiGet } from "@/client/lib/api-client";
import { queryKeys } from "@/client/lib/query-keys";
import type { TokenFacts } from "@/common/token-facts";

/**
 * A launched token's safety facts from the Solana node (GET /api/tokens/{address}/facts), asked only once
 * the visitor opens them. The server keeps them minutes, so this keeps them a minute too and does not retry:
 * an unknown answer is an answer.
 */
export function useTokenFacts(address: string) {
  return useQuery({
    queryKey: [...queryKeys.tokenFacts, address],
    queryFn: ({ signal }) => apiGet<TokenFacts>(`/api/tokens/${encodeURIComponent(address)}/facts`, signal),
    staleTime: 60_000,
    retry: false,
  });
}
