import { useQuery } from "@tanstack/react-query";
import { apiGet } from "@/client/lib/api-client";
import { queryKeys } from "@/client/lib/query-keys";
import type { Headline } from "@/common/headline";

export function fetchYesterdaysNews(signal?: AbortSignal) {
  return apiGet<Headline[]>("/api/yesterdays-news", signal);
}

export function useYesterdaysNews() {
  return useQuery({
    queryKey: queryKeys.yesterdaysNews,
    queryFn: ({ signal }) => fetchYesterdaysNews(signal),
  });
}
