import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/client/lib/api-client";
import { queryKeys } from "@/client/lib/query-keys";
import type { VoteResult } from "@/common/votes";
import { applyVoteResult } from "./vote-cache";

export async function castVote(headlineId: number) {
  return apiRequest<VoteResult>("POST", "/api/vote", { body: { headlineId } });
}

/**
 * The home page's headline vote. A counted vote's answer updates the page's data directly; after a refusal
 * (already voted, the daily limit, voting closed) the list and this visitor's votes are fetched again.
 */
export function useCastVote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: castVote,
    onSuccess: (result) => applyVoteResult(queryClient, result),
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.headlines });
      void queryClient.invalidateQueries({ queryKey: queryKeys.myVotes });
    },
  });
}
