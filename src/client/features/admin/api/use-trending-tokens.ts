import { useQuery } from "@tanstack/react-query";
import { apiGet } from "@/client/lib/api-client";
import { queryKeys } from "@/client/lib/query-keys";
import type { TrendingToken, TrendingTokenSource } from "@/common/trending";

export function fetchTrendingTokens(source: TrendingTokenSource, signal?: AbortSignal) {
  return apiGet<TrendingToken[]>(`/api/trending-tokens/${encodeURIComponent(source)}`, signal);
}

/** One source's trending tokens; cached per source until the tab's Refresh asks again. */
export function useTrendingTokens(source: TrendingTokenSource) {
  return useQuery({
    queryKey: [...queryKeys.trendingTokens, source],
    queryFn: ({ signal }) => fetchTrendingTokens(source, signal),
  });
}
