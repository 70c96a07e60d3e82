import { useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/client/lib/api-client";
import { queryKeys } from "@/client/lib/query-keys";
import type { VoteResult } from "@/common/votes";
import { sendVote } from "./vote-cache";

export async function castVote(headlineId: number) {
  return apiRequest<VoteResult>("POST", "/api/vote", { body: { headlineId } });
}

/** The home page's headline vote (sendVote); after a refusal the list is fetched again. */
export function useCastVote(): (headlineId: number) => Promise<VoteResult> {
  const queryClient = useQueryClient();
  return (headlineId) => sendVote(queryClient, () => castVote(headlineId), [queryKeys.headlines]);
}
