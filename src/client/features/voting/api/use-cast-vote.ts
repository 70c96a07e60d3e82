import { useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/client/lib/api-client";
import { queryKeys } from "@/client/lib/query-keys";
import type { VoteResult } from "@/common/votes";
import { applyVoteResult } from "./vote-cache";

export async function castVote(headlineId: number) {
  return apiRequest<VoteResult>("POST", "/api/vote", { body: { headlineId } });
}

/**
 * The home page's headline vote. A counted vote's answer updates the page's data directly; after a refusal
 * (already voted, the daily limit, voting closed) the list and this visitor's votes are fetched again. The
 * list tracks its own sending state, so this is a plain call rather than TanStack's useMutation (1 kB of the
 * front page's first load: decision 005).
 */
export function useCastVote(): (headlineId: number) => Promise<VoteResult> {
  const queryClient = useQueryClient();
  return async (headlineId) => {
    try {
      const result = await castVote(headlineId);
      applyVoteResult(queryClient, result);
      return result;
    } catch (error) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.headlines });
      void queryClient.invalidateQueries({ queryKey: queryKeys.myVotes });
      throw error;
    }
  };
}
