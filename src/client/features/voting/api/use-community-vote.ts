import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/client/lib/api-client";
import { queryKeys } from "@/client/lib/query-keys";
import type { Sentiment } from "@/common/sentiment";
import type { VoteResult } from "@/common/votes";
import { takeVotesLeft } from "./use-my-votes";

export async function communityVote({ id, voteType }: { id: number; voteType: Sentiment }) {
  return apiRequest<VoteResult>("POST", `/api/community-vote/${id}`, { body: { voteType } });
}

/**
 * A sentiment vote on the winner, or (with "buy") a vote for a Tomorrow's News candidate. On success the
 * spec refetches the cached headlines, Tomorrow's News and Yesterday's News; this visitor's votes (and the
 * votes left) are fetched again after a refusal too, which may be the daily limit.
 */
export function useCommunityVote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: communityVote,
    onSuccess: (result) => {
      takeVotesLeft(queryClient, result);
      for (const queryKey of [queryKeys.headlines, queryKeys.tomorrowsNews, queryKeys.yesterdaysNews]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.myVotes }),
  });
}
