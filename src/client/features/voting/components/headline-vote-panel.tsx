import { Badge } from "@/client/components/ui/badge";
import { Card, CardHeader } from "@/client/components/ui/card";
import type { Headline } from "@/common/headline";
import { useHeadlineVote } from "../use-headline-vote";
import { HeadlineBadges, VoteParts } from "./headline-card";
import { HeadlineImage } from "./headline-image";
import { VotesLeft } from "./votes-left";

/**
 * Today's vote on a headline's own page: its header already names the headline, its author, date and votes,
 * so the vote is one panel under it, not a list section repeating them (issue 23). Wide screens lay the card
 * out as the winner's is, the picture beside the vote, so no column of the page stays empty (issue 31).
 */
export function HeadlineVotePanel({
  headline,
  votingEnded,
  votedHeadlineId,
}: {
  headline: Headline;
  votingEnded: boolean;
  /** The headline this visitor voted for in this cycle, from the server. */
  votedHeadlineId: number | null;
}) {
  const { votesLeft, locked, vote, stateOf } = useHeadlineVote(votingEnded, votedHeadlineId);
  return (
    <section aria-label="Vote" className="flex flex-col gap-4">
      <div className="flex flex-wrap gap-2">
        {votingEnded ? <Badge variant="red">Voting period has ended</Badge> : null}
        <Badge variant="ink">1 vote per user</Badge>
      </div>
      {votingEnded ? null : <VotesLeft votesLeft={votesLeft} />}
      <Card className="bg-paper lg:grid lg:grid-cols-2 lg:grid-rows-[auto_1fr]">
        <HeadlineImage
          src={headline.imageUrl}
          alt={headline.title}
          className="aspect-[8/5] w-full border-b-3 border-ink lg:row-span-3 lg:h-full lg:border-r-3 lg:border-b-0"
        />
        <CardHeader>
          <HeadlineBadges headline={headline} />
        </CardHeader>
        <VoteParts
          headline={headline}
          leaderVotes={headline.votes}
          state={stateOf(headline.id)}
          disabled={locked}
          onVote={() => vote(headline)}
        />
      </Card>
    </section>
  );
}
