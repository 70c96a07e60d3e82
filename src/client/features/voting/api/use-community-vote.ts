import { useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/client/lib/api-client";
import { queryKeys } from "@/client/lib/query-keys";
import type { Sentiment } from "@/common/sentiment";
import type { VoteResult } from "@/common/votes";
import { sendVote } from "./vote-cache";

export async function communityVote({ id, voteType }: { id: number; voteType: Sentiment }) {
  return apiRequest<VoteResult>("POST", `/api/community-vote/${id}`, { body: { voteType } });
}

/**
 * A sentiment vote on the winner, or (with "buy") a vote for a Tomorrow's News candidate. A counted vote's
 * answer updates the cached headlines, Tomorrow's News and Yesterday's News directly (the spec refetched
 * them, sendVote); after a refusal, which may be the daily limit, the two races are fetched again.
 */
export function useCommunityVote(): (vote: { id: number; voteType: Sentiment }) => Promise<VoteResult> {
  const queryClient = useQueryClient();
  return (vote) =>
    sendVote(queryClient, () => communityVote(vote), [queryKeys.headlines, queryKeys.tomorrowsNews]);
}
