import { useQuery } from "@tanstack/react-query";
import { apiGet } from "@/client/lib/api-client";
import { queryKeys } from "@/client/lib/query-keys";
import type { Headline } from "@/common/headline";

/** The home page's list: the current winner (flagged isWinner) and the headlines in voting. */
export function fetchHeadlines(signal?: AbortSignal) {
  return apiGet<Headline[]>("/api/headlines", signal);
}

export function useHeadlines() {
  return useQuery({ queryKey: queryKeys.headlines, queryFn: ({ signal }) => fetchHeadlines(signal) });
}
