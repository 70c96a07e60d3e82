import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/client/lib/api-client";
import { queryKeys } from "@/client/lib/query-keys";
import type { Sentiment } from "@/common/sentiment";
import type { VoteResult } from "@/common/votes";

export async function communityVote({ id, voteType }: { id: number; voteType: Sentiment }) {
  return apiRequest<VoteResult>("POST", `/api/community-vote/${id}`, { body: { voteType } });
}

/**
 * A sentiment vote on the winner, or (with "buy") a vote for a Tomorrow's News candidate. On success the
 * spec refetches the cached headlines, Tomorrow's News and Yesterday's News.
 */
export function useCommunityVote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: communityVote,
    onSuccess: () => {
      for (const queryKey of [
        queryKeys.headlines,
        queryKeys.tomorrowsNews,
        queryKeys.yesterdaysNews,
        queryKeys.myVotes,
      ]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
