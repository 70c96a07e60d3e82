import { useQuery } from "@tanstack/react-query";
import { apiGet } from "@/client/lib/api-client";
import { queryKeys } from "@/client/lib/query-keys";
import type { MyVotes } from "@/common/votes";

/** What this visitor already did (server-side truth), so buttons stay disabled after a reload. */
export function fetchMyVotes(signal?: AbortSignal) {
  return apiGet<MyVotes>("/api/me/votes", signal);
}

export function useMyVotes() {
  return useQuery({ queryKey: queryKeys.myVotes, queryFn: ({ signal }) => fetchMyVotes(signal) });
}
