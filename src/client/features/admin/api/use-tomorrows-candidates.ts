import { useQuery } from "@tanstack/react-query";
import { apiGet } from "@/client/lib/api-client";
import { queryKeys } from "@/client/lib/query-keys";
import type { Headline } from "@/common/headline";

export function fetchTomorrowsCandidates(signal?: AbortSignal) {
  return apiGet<Headline[]>("/api/tomorrows-news", signal);
}

/** Tomorrow's News candidates, under the public key shared with /tomorrows-news. */
export function useTomorrowsCandidates() {
  return useQuery({
    queryKey: queryKeys.tomorrowsNews,
    queryFn: ({ signal }) => fetchTomorrowsCandidates(signal),
  });
}
