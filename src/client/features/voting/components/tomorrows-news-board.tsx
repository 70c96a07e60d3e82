import { useState } from "react";
import { toast } from "@/client/lib/use-toast";
import type { Headline } from "@/common/headline";
import { useCommunityVote } from "../api/use-community-vote";
import { useMyVotes } from "../api/use-my-votes";
import { voteFailureMessage } from "../vote-feedback";
import { CandidateCard } from "./candidate-card";
import { Leaderboard } from "./leaderboard";
import { noVotesLeft, VotesLeft } from "./votes-left";

/** The leaderboard (top 6, the first 4 qualifying) and the grid of candidates in received order. */
export function TomorrowsNewsBoard({
  candidates,
  votedIds,
  votingEnded,
  siteName,
  telegramUrl,
  single = false,
  showVotesLeft = true,
}: {
  candidates: Headline[];
  /** Candidates this visitor already voted for, from the server. */
  votedIds: number[];
  votingEnded: boolean;
  siteName: string;
  telegramUrl: string | null;
  /** One candidate on its own page: no leaderboard, one card as wide as the page. */
  single?: boolean;
  /** False where the page already says how many votes are left (a headline page in both races). */
  showVotesLeft?: boolean;
}) {
  const communityVote = useCommunityVote();
  const votesLeft = useMyVotes().data?.votesLeft;
  const outOfVotes = votesLeft === 0;
  const [votedNow, setVotedNow] = useState<Set<number>>(() => new Set());
  const [extra, setExtra] = useState<Record<number, number>>({});
  const [sending, setSending] = useState<number | null>(null);

  // After a vote the card shows the count the server answered, until the refetched list catches up.
  const withLocal = candidates.map((c) => ({ ...c, votes: Math.max(c.votes, extra[c.id] ?? 0) }));
  const topFour = new Set(
    [...withLocal]
      .sort((a, b) => b.votes - a.votes)
      .slice(0, 4)
      .filter((c) => c.votes > 0)
      .map((c) => c.id),
  );
  const hasVoted = (id: number) => votedNow.has(id) || votedIds.includes(id);

  const vote = (candidate: Headline) => {
    if (votingEnded) {
      toast({
        variant: "destructive",
        title: "Voting period ended",
        description: "Voting period has ended for today. Please come back after the winner announcement.",
      });
      return;
    }
    if (hasVoted(candidate.id)) {
      toast({
        variant: "destructive",
        title: "Already voted",
        description: "You've already voted for this headline",
      });
      return;
    }
    if (outOfVotes) {
      toast({ variant: "destructive", title: "No votes left today", description: noVotesLeft() });
      return;
    }
    if (sending !== null) return;
    setSending(candidate.id);
    communityVote({ id: candidate.id, voteType: "buy" })
      .then(
        (result) => {
          setVotedNow((s) => new Set(s).add(candidate.id));
          setExtra((e) => ({ ...e, [candidate.id]: result.votes }));
          toast({ title: "Vote cast!", description: "Your vote has been recorded" });
        },
        (error: unknown) =>
          toast({ variant: "destructive", title: "Vote failed", description: voteFailureMessage(error) }),
      )
      .finally(() => setSending(null));
  };

  return (
    <div className="flex flex-col gap-8">
      {votingEnded || !showVotesLeft ? null : <VotesLeft votesLeft={votesLeft} />}
      {single ? null : (
        <Leaderboard items={withLocal} highlight={4} markFor={(rank) => (rank <= 4 ? "Qualifying" : null)} />
      )}
      <ul className={single ? "grid gap-6" : "grid gap-6 md:grid-cols-2 lg:grid-cols-3"}>
        {withLocal.map((c) => (
          <li key={c.id}>
            <CandidateCard
              candidate={c}
              isTopFour={topFour.has(c.id)}
              voted={hasVoted(c.id)}
              votingEnded={votingEnded}
              outOfVotes={outOfVotes}
              sending={sending === c.id}
              onVote={() => vote(c)}
              siteName={siteName}
              telegramUrl={telegramUrl}
              inPage={single}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
