import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Badge } from "@/client/components/ui/badge";
import { Card, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Skeleton, SkeletonGroup } from "@/client/components/ui/skeleton";
import type { Headline } from "@/common/headline";
import { useHeadlineVote } from "../use-headline-vote";
import { HeadlineCard } from "./headline-card";
import { Leaderboard } from "./leaderboard";
import { VotesLeft } from "./votes-left";

/**
 * Its own chunk, loaded with the first change after the page arrived: it only speaks of changes, and the
 * front page's first load has no room for it (decision 005).
 */
const LiveStandings = lazy(async () => ({ default: (await import("./live-standings")).LiveStandings }));

/** The leader (most votes, at least one) and the visitor's headline's count: what LiveStandings watches. */
function useFirstChange(headlines: Headline[], votedId: number | null) {
  const leader = headlines.reduce<Headline | undefined>(
    (best, h) => (h.votes > 0 && (!best || h.votes > best.votes) ? h : best),
    undefined,
  )?.id;
  const mine = headlines.find((h) => h.id === votedId)?.votes;
  const arrival = useRef<{ leader?: number; mine?: number } | null>(null);
  if (arrival.current === null && headlines.length > 0) arrival.current = { leader, mine };
  const [changed, setChanged] = useState(false);
  const differs =
    arrival.current !== null && (arrival.current.leader !== leader || arrival.current.mine !== mine);
  useEffect(() => {
    if (differs) setChanged(true);
  }, [differs]);
  return { changed, since: arrival.current ?? {} };
}

/** Today's (or This Week's) Viral Headlines: the badges, the leaderboard and the grid of votable headlines. */
export function ViralHeadlines({
  headlines,
  isLoading,
  isError,
  votingEnded,
  votedHeadlineId,
  period,
  votingEndTime,
}: {
  headlines: Headline[];
  isLoading: boolean;
  isError: boolean;
  votingEnded: boolean;
  /** The headline this visitor voted for in this cycle, from the server. */
  votedHeadlineId: number | null;
  /** "Today's" or "This Week's", by the schedule (common/edition.ts). */
  period: string;
  /** When today's voting closes, for the cards' share texts. */
  votingEndTime?: string;
}) {
  const { votesLeft, votedId, locked, vote, stateOf } = useHeadlineVote(votingEnded, votedHeadlineId);
  const leaderVotes = Math.max(0, ...headlines.map((h) => h.votes));
  const live = useFirstChange(headlines, votedId);

  return (
    <section aria-labelledby="viral-title" className="mb-10">
      <div className="mb-5 flex flex-col gap-3 border-b-3 border-ink pb-4 sm:flex-row sm:items-center sm:justify-between">
        <h2 id="viral-title" className="font-pixel text-sm leading-relaxed sm:text-lg">
          {period} Viral Headlines
        </h2>
        <div className="flex flex-wrap gap-2">
          {votingEnded ? <Badge variant="red">Voting period has ended</Badge> : null}
          <Badge variant="ink">1 vote per user</Badge>
        </div>
      </div>
      {votingEnded ? null : <VotesLeft votesLeft={votesLeft} className="mb-5" />}
      {isLoading ? (
        <SkeletonGroup label="Loading headlines" className="grid gap-6 md:grid-cols-2">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-80" />
          ))}
        </SkeletonGroup>
      ) : isError ? (
        <Card className="bg-paper">
          <CardHeader>
            <CardTitle>Error loading headlines</CardTitle>
            <CardDescription>Please try again later or refresh the page.</CardDescription>
          </CardHeader>
        </Card>
      ) : headlines.length === 0 ? (
        <Card className="bg-paper">
          <CardHeader>
            <CardDescription className="text-ink">
              No headlines available for voting at the moment.
            </CardDescription>
          </CardHeader>
        </Card>
      ) : (
        <div className="flex flex-col gap-8">
          <Leaderboard
            items={headlines}
            highlight={3}
            podium
            markFor={(rank) => (rank === 1 ? "Leading" : null)}
          />
          {live.changed ? (
            <Suspense fallback={null}>
              <LiveStandings headlines={headlines} votedId={votedId} since={live.since} />
            </Suspense>
          ) : null}
          <ul className="grid gap-6 md:grid-cols-2">
            {headlines.map((h) => (
              <li key={h.id}>
                <HeadlineCard
                  headline={h}
                  leaderVotes={leaderVotes}
                  state={stateOf(h.id)}
                  disabled={locked}
                  onVote={() => vote(h)}
                  votingEndTime={votingEndTime}
                />
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
