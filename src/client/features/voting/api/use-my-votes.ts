import { type QueryClient, useQuery } from "@tanstack/react-query";
import { apiGet } from "@/client/lib/api-client";
import { queryKeys } from "@/client/lib/query-keys";
import type { MyVotes, VoteResult } from "@/common/votes";

/** What this visitor already did (server-side truth), so buttons stay disabled after a reload. */
export function fetchMyVotes(signal?: AbortSignal) {
  return apiGet<MyVotes>("/api/me/votes", signal);
}

export function useMyVotes() {
  return useQuery({ queryKey: queryKeys.myVotes, queryFn: ({ signal }) => fetchMyVotes(signal) });
}

/** A counted vote's answer carries the votes left: shown at once, before /api/me/votes is fetched again. */
export function takeVotesLeft(queryClient: QueryClient, result: VoteResult) {
  queryClient.setQueryData<MyVotes>(queryKeys.myVotes, (mine) =>
    mine ? { ...mine, votesLeft: result.votesLeft } : mine,
  );
}
