import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { queryKeys } from "@/client/lib/query-keys";
import type { HeadlinePage } from "@/common/headline";
import { sampleHeadline } from "@/common/testing/headlines";
import type { MyVotes, VoteResult } from "@/common/votes";
import { applyVoteResult } from "./vote-cache";

const result = (over: Partial<VoteResult>): VoteResult => ({
  id: 2,
  kind: "headline",
  votes: 8,
  holdVotes: 0,
  buyVotes: 0,
  sellVotes: 0,
  ctoVotes: 0,
  votesLeft: 6,
  message: "Vote recorded",
  ...over,
});

describe("a vote's answer in the page's data", () => {
  it("puts the new counts on the headline in every list and on its page, and the visitor's vote and votes left", () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.headlines, [
      sampleHeadline({ id: 1, votes: 3 }),
      sampleHeadline({ id: 2, votes: 7 }),
    ]);
    client.setQueryData([...queryKeys.headlines, 2], {
      ...sampleHeadline({ id: 2, votes: 7 }),
      stage: "today",
    } as HeadlinePage);
    client.setQueryData<MyVotes>(queryKeys.myVotes, {
      headlineVote: null,
      sentimentVotes: [],
      tomorrowVotes: [],
      votesLeft: 7,
    });

    applyVoteResult(client, result({}));

    const list = client.getQueryData<Array<{ id: number; votes: number }>>(queryKeys.headlines);
    expect(list?.map((h) => [h.id, h.votes])).toEqual([
      [1, 3],
      [2, 8],
    ]);
    expect(client.getQueryData<HeadlinePage>([...queryKeys.headlines, 2])?.votes).toBe(8);
    expect(client.getQueryData<MyVotes>(queryKeys.myVotes)).toMatchObject({ headlineVote: 2, votesLeft: 6 });
    // Nothing was marked stale: no list is fetched again because of the vote.
    expect(client.getQueryCache().findAll({ stale: true, queryKey: queryKeys.headlines })).toEqual([]);
  });

  it("counts a vote in its own race only: a headline in both lists keeps today's count on a Tomorrow's News vote", () => {
    const client = new QueryClient();
    const both = sampleHeadline({
      id: 4,
      votes: 9,
      tomorrowVotes: 2,
      isTodaysNews: true,
      isTomorrowsNews: true,
    });
    client.setQueryData(queryKeys.headlines, [both]);
    client.setQueryData(queryKeys.tomorrowsNews, [{ ...both, votes: 2 }]);

    applyVoteResult(client, result({ id: 4, kind: "tomorrow", votes: 3 }));
    expect(client.getQueryData<HeadlinePage[]>(queryKeys.headlines)?.[0]).toMatchObject({
      votes: 9,
      tomorrowVotes: 3,
    });
    expect(client.getQueryData<HeadlinePage[]>(queryKeys.tomorrowsNews)?.[0]).toMatchObject({
      votes: 3,
      tomorrowVotes: 3,
    });

    applyVoteResult(client, result({ id: 4, kind: "headline", votes: 10 }));
    expect(client.getQueryData<HeadlinePage[]>(queryKeys.headlines)?.[0]).toMatchObject({ votes: 10 });
    expect(client.getQueryData<HeadlinePage[]>(queryKeys.tomorrowsNews)?.[0]).toMatchObject({ votes: 3 });
  });

  it("counts a Tomorrow's News vote and a sentiment vote", () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.tomorrowsNews, [sampleHeadline({ id: 5, votes: 1 })]);
    client.setQueryData(queryKeys.headlines, [sampleHeadline({ id: 9, isWinner: true, holdVotes: 1 })]);
    client.setQueryData<MyVotes>(queryKeys.myVotes, {
      headlineVote: null,
      sentimentVotes: [],
      tomorrowVotes: [3],
      votesLeft: 5,
    });

    applyVoteResult(client, result({ id: 5, kind: "tomorrow", votes: 2, votesLeft: 4 }));
    expect(client.getQueryData<Array<{ votes: number }>>(queryKeys.tomorrowsNews)?.[0]?.votes).toBe(2);
    expect(client.getQueryData<MyVotes>(queryKeys.myVotes)).toMatchObject({
      tomorrowVotes: [3, 5],
      votesLeft: 4,
    });

    applyVoteResult(client, result({ id: 9, kind: "sentiment", votes: 0, holdVotes: 2, votesLeft: 3 }));
    expect(client.getQueryData<Array<{ holdVotes: number }>>(queryKeys.headlines)?.[0]?.holdVotes).toBe(2);
    expect(client.getQueryData<MyVotes>(queryKeys.myVotes)?.votesLeft).toBe(3);
  });
});
