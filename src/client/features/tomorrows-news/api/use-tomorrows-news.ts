import { useQuery } from "@tanstack/react-query";
import { apiGet } from "@/client/lib/api-client";
import { queryKeys } from "@/client/lib/query-keys";
import type { Headline } from "@/common/headline";

export function fetchTomorrowsNews(signal?: AbortSignal) {
  return apiGet<Headline[]>("/api/tomorrows-news", signal);
}

export function useTomorrowsNews() {
  return useQuery({ queryKey: queryKeys.tomorrowsNews, queryFn: ({ signal }) => fetchTomorrowsNews(signal) });
}
