import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/client/lib/api-client";
import { queryKeys } from "@/client/lib/query-keys";
import type { VoteResult } from "@/common/votes";
import { takeVotesLeft } from "./use-my-votes";

export async function castVote(headlineId: number) {
  return apiRequest<VoteResult>("POST", "/api/vote", { body: { headlineId } });
}

/** The home page's headline vote; afterwards the list and this visitor's votes are fetched again. */
export function useCastVote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: castVote,
    onSuccess: (result) => takeVotesLeft(queryClient, result),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.headlines });
      void queryClient.invalidateQueries({ queryKey: queryKeys.myVotes });
    },
  });
}
