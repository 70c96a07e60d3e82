import { useState } from "react";
import { toast } from "@/client/lib/use-toast";
import type { Headline } from "@/common/headline";
import { useCastVote } from "./api/use-cast-vote";
import { useMyVotes } from "./api/use-my-votes";
import type { VoteButtonState } from "./components/headline-card";
import { voteFailureMessage } from "./vote-feedback";

/**
 * Today's headline vote, for the front page's list and a headline's own page: one vote per visitor per
 * cycle, SENDING... then DELIVERED!, every button locked once it is in, after the close, or with no votes
 * left today.
 */
export function useHeadlineVote(votingEnded: boolean, votedHeadlineId: number | null) {
  const castVote = useCastVote();
  const votesLeft = useMyVotes().data?.votesLeft;
  const [sending, setSending] = useState<number | null>(null);
  const [delivered, setDelivered] = useState<number | null>(null);
  const votedId = delivered ?? votedHeadlineId;
  const locked = votingEnded || votedId !== null || sending !== null || votesLeft === 0;

  const vote = (headline: Headline) => {
    setSending(headline.id);
    castVote(headline.id)
      .then(
        () => {
          setDelivered(headline.id);
          toast({
            title: "EXTRA! EXTRA!",
            description: "Your vote has been recorded. The paper's been delivered!",
          });
        },
        (error: unknown) =>
          toast({
            variant: "destructive",
            title: "PRESS MALFUNCTION!",
            description: voteFailureMessage(error),
          }),
      )
      .finally(() => setSending(null));
  };

  const stateOf = (id: number): VoteButtonState =>
    sending === id ? "sending" : votedId === id ? "delivered" : "idle";

  return { votesLeft, votedId, locked, vote, stateOf };
}
