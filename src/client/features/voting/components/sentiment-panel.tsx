import { useState } from "react";
import { errorDetail } from "@/client/lib/api-client";
import { cn } from "@/client/lib/cn";
import { toast } from "@/client/lib/use-toast";
import type { Headline } from "@/common/headline";
import { SENTIMENTS, type Sentiment, sentimentPercentages } from "@/common/sentiment";
import { useCommunityVote } from "../api/use-community-vote";
import { useMyVotes } from "../api/use-my-votes";
import { voteFailureMessage } from "../vote-feedback";
import { noVotesLeft } from "./votes-left";

const OPTIONS: Record<
  Sentiment,
  { label: string; fill: string; field: "holdVotes" | "buyVotes" | "sellVotes" | "ctoVotes" }
> = {
  hold: { label: "Hold", fill: "bg-nes-cyan", field: "holdVotes" },
  buy: { label: "Buy More", fill: "bg-nes-green", field: "buyVotes" },
  sell: { label: "Sell", fill: "bg-nes-red", field: "sellVotes" },
  cto: { label: "CTO", fill: "bg-nes-purple", field: "ctoVotes" },
};

type Counts = Pick<Headline, "holdVotes" | "buyVotes" | "sellVotes" | "ctoVotes">;

/**
 * The community's sentiment on the winner: one vote per panel per visitor. The count moves at once
 * (optimistic) and then takes the server's numbers; a second try says the vote is already in. The votes
 * left today are said once by the page around it (the front page's list, or the winner's own page), not
 * here as well (issue 31).
 */
export function SentimentPanel({ winner, alreadyVoted }: { winner: Headline; alreadyVoted: boolean }) {
  const communityVote = useCommunityVote();
  const [counts, setCounts] = useState<Counts | null>(null);
  const [voted, setVoted] = useState(false);
  const shown: Counts = counts ?? winner;
  const pct = sentimentPercentages(shown);
  const votesLeft = useMyVotes().data?.votesLeft;
  const locked = voted || alreadyVoted;
  const outOfVotes = !locked && votesLeft === 0;

  const vote = (type: Sentiment) => {
    if (outOfVotes) {
      toast({ variant: "destructive", title: "No votes left today", description: noVotesLeft() });
      return;
    }
    // A vote on its way has locked the panel already (voted is set before it is sent).
    if (locked) {
      toast({
        variant: "destructive",
        title: "Already voted",
        description: "You've already given your sentiment for this project.",
      });
      return;
    }
    const field = OPTIONS[type].field;
    const before = shown;
    setCounts({ ...before, [field]: before[field] + 1 });
    setVoted(true);
    communityVote({ id: winner.id, voteType: type }).then(
      (result) => {
        setCounts({
          holdVotes: result.holdVotes,
          buyVotes: result.buyVotes,
          sellVotes: result.sellVotes,
          ctoVotes: result.ctoVotes,
        });
        toast({ title: "Vote recorded", description: "Your community sentiment vote has been counted!" });
      },
      (error: unknown) => {
        setCounts(before);
        // A refusal because this visitor already voted keeps the panel locked; anything else frees it.
        if (!/already/i.test(errorDetail(error, ""))) setVoted(false);
        toast({
          variant: "destructive",
          title: "Vote failed",
          description: voteFailureMessage(error),
        });
      },
    );
  };

  return (
    <section aria-labelledby="sentiment-title" className="border-3 border-ink bg-paper p-4">
      <h3 id="sentiment-title" className="font-pixel text-xs leading-relaxed">
        Community Sentiment
      </h3>
      <div className="mt-3 flex h-5 w-full border-2 border-ink" aria-hidden="true">
        {SENTIMENTS.map((s) => (
          <span key={s} className={cn(OPTIONS[s].fill, "h-full")} style={{ width: `${pct[s]}%` }} />
        ))}
      </div>
      <div className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {SENTIMENTS.map((s) => (
          <button
            key={s}
            type="button"
            onClick={() => vote(s)}
            // aria-disabled, not disabled: the button stays reachable, so a second try can say why it is refused.
            aria-disabled={locked || outOfVotes}
            className={cn(
              "pressable flex min-h-11 flex-col items-center gap-1 border-3 border-ink px-2 py-2 font-pixel text-[10px] uppercase shadow-pixel",
              OPTIONS[s].fill,
              s === "buy" || s === "hold" ? "text-ink" : "text-white",
              // Given: pressed in at full colour, its share still readable (issue 31); out of votes: dimmed.
              locked
                ? "cursor-not-allowed shadow-none"
                : outOfVotes && "cursor-not-allowed opacity-70 shadow-none",
            )}
          >
            <span>{OPTIONS[s].label}</span>
            <span className="text-xs">{pct[s]}%</span>
            <span className="text-[10px] normal-case">
              {shown[OPTIONS[s].field]} {shown[OPTIONS[s].field] === 1 ? "vote" : "votes"}
            </span>
          </button>
        ))}
      </div>
      <p className="mt-3 text-sm text-ink-soft">
        {locked ? "Thanks! Your sentiment is in." : "One sentiment vote per visitor."}
      </p>
    </section>
  );
}
