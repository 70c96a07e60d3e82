import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { queryKeys } from "@/client/lib/query-keys";
import type { Headline } from "@/common/headline";
import type { MyVotes, VoteResult } from "@/common/votes";

/** The lists a voted headline can be in, each a query of Headline[] (the headline page's query is one item). */
const LISTS = [queryKeys.headlines, queryKeys.tomorrowsNews, queryKeys.yesterdaysNews] as const;

/**
 * The counts a vote's answer carries, put on the headline wherever the page holds it. A vote counts in one
 * race: a Tomorrow's News vote changes the Tomorrow race's count (which is `votes` on that list's page, and
 * `tomorrowVotes` everywhere), never today's.
 */
function withCounts<T extends Headline>(headline: T, result: VoteResult, tomorrowList: boolean): T {
  if (headline.id !== result.id) return headline;
  const { votes, holdVotes, buyVotes, sellVotes, ctoVotes } = result;
  if (result.kind === "tomorrow") {
    return { ...headline, tomorrowVotes: votes, ...(tomorrowList && { votes }) };
  }
  if (tomorrowList) return headline;
  return { ...headline, votes, holdVotes, buyVotes, sellVotes, ctoVotes };
}

/**
 * A counted vote's answer carries the headline's new counts and this visitor's votes left: the page's data
 * takes them at once (issue 14), instead of fetching the lists again; the live update of the same vote then
 * refreshes them once more for everybody's votes since.
 */
export function applyVoteResult(queryClient: QueryClient, result: VoteResult): void {
  for (const queryKey of LISTS) {
    const tomorrowList = queryKey === queryKeys.tomorrowsNews;
    queryClient.setQueriesData<Headline[] | Headline>({ queryKey }, (data) => {
      if (Array.isArray(data)) return data.map((h) => withCounts(h, result, tomorrowList));
      return data && typeof data === "object" && "id" in data ? withCounts(data, result, tomorrowList) : data;
    });
  }
  queryClient.setQueryData<MyVotes>(queryKeys.myVotes, (mine) => {
    if (!mine) return mine;
    const votesLeft = result.votesLeft;
    if (result.kind === "headline") return { ...mine, votesLeft, headlineVote: result.id };
    if (result.kind === "tomorrow") {
      return { ...mine, votesLeft, tomorrowVotes: [...new Set([...mine.tomorrowVotes, result.id])] };
    }
    return { ...mine, votesLeft };
  });
}

/**
 * Sends a vote: a counted vote's answer goes into the page's data (applyVoteResult); after a refusal (already
 * voted, the daily limit, voting closed) `refetched` and this visitor's votes are fetched again. A plain call,
 * not TanStack's useMutation (1 kB of the front page's first load: decision 005): the pages track their own
 * sending state.
 */
export async function sendVote(
  queryClient: QueryClient,
  send: () => Promise<VoteResult>,
  refetched: readonly QueryKey[],
): Promise<VoteResult> {
  try {
    const result = await send();
    applyVoteResult(queryClient, result);
    return result;
  } catch (error) {
    for (const queryKey of [...refetched, queryKeys.myVotes])
      void queryClient.invalidateQueries({ queryKey });
    throw error;
  }
}
