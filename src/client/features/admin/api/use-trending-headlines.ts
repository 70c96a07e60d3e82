import { useQuery } from "@tanstack/react-query";
import { apiGet } from "@/client/lib/api-client";
import { queryKeys } from "@/client/lib/query-keys";
import type { TrendingHeadline, TrendingHeadlineSource } from "@/common/trending";

export function fetchTrendingHeadlines(source: TrendingHeadlineSource, signal?: AbortSignal) {
  return apiGet<TrendingHeadline[]>(`/api/trending/${encodeURIComponent(source)}`, signal);
}

/** One source's trending headlines; cached per source until the tab's Refresh asks again. */
export function useTrendingHeadlines(source: TrendingHeadlineSource) {
  return useQuery({
    queryKey: [...queryKeys.trendingHeadlines, source],
    queryFn: ({ signal }) => fetchTrendingHeadlines(source, signal),
  });
}
