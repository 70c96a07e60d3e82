import { useQuery } from "@tanstack/react-query";
import { apiGet } from "@/client/lib/api-client";
import { queryKeys } from "@/client/lib/query-keys";
import type { VoteEvidence } from "@/common/vote-evidence";

/** A vote ring can be under way while staff look: the evidence refreshes itself every 30 s. */
const REFRESH_MS = 30_000;

export function fetchVoteEvidence(signal?: AbortSignal) {
  return apiGet<VoteEvidence>("/api/admin/vote-evidence", signal);
}

/**
 * The current cycle's votes grouped by network and user agent. `select` narrows the answer; every caller
 * shares one request.
 */
export function useVoteEvidence<T = VoteEvidence>(select?: (evidence: VoteEvidence) => T) {
  return useQuery({
    queryKey: queryKeys.voteEvidence,
    queryFn: ({ signal }) => fetchVoteEvidence(signal),
    refetchInterval: REFRESH_MS,
    select,
  });
}
