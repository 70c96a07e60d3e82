import { useQuery } from "@tanstack/react-query";
import { apiGet } from "@/client/lib/api-client";
import { queryKeys } from "@/client/lib/query-keys";
import type { Headline } from "@/common/headline";

export function fetchOldNews(signal?: AbortSignal) {
  return apiGet<Headline[]>("/api/old-news", signal);
}

/**
 * GET /api/old-news: the same list as /api/yesterdays-news (decisions page), so it shares that key and a
 * change made here refreshes the public page's cache as well.
 */
export function useOldNews() {
  return useQuery({ queryKey: queryKeys.yesterdaysNews, queryFn: ({ signal }) => fetchOldNews(signal) });
}
