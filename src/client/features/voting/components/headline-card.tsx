import type { ReactNode } from "react";
import { ShareButton } from "@/client/components/share-button";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader } from "@/client/components/ui/card";
import { useHeadlineUrl } from "@/client/lib/headline-url";
import { useSiteConfig } from "@/client/lib/site-config";
import { displayAuthor } from "@/common/author";
import type { Headline } from "@/common/headline";
import { headlineShareText } from "@/common/share";
import { HeadlineImage } from "./headline-image";

export type VoteButtonState = "idle" | "sending" | "delivered";

const LABEL: Record<VoteButtonState, string> = {
  idle: "VOTE",
  sending: "SENDING...",
  delivered: "DELIVERED!",
};

interface VoteProps {
  headline: Headline;
  leaderVotes: number;
  state: VoteButtonState;
  disabled: boolean;
  onVote: () => void;
}

/** A votable headline: picture, title, description, the console-style vote button and its progress bar. */
export function HeadlineCard({
  votingEndTime,
  ...vote
}: VoteProps & {
  /** When today's voting closes: the share text asks for a vote before it. */
  votingEndTime?: string;
}) {
  const { headline } = vote;
  const { siteName } = useSiteConfig();
  const url = useHeadlineUrl()(headline);
  return (
    <Card className="h-full bg-paper">
      <HeadlineImage
        src={headline.imageUrl}
        alt={headline.title}
        className="aspect-[8/5] w-full border-b-3 border-ink"
      />
      <CardHeader>
        <HeadlineBadges headline={headline} />
        <h3 className="font-pixel text-xs leading-relaxed break-words sm:text-sm">{headline.title}</h3>
        <p className="text-sm text-ink-soft">By {displayAuthor(headline.submittedBy)}</p>
      </CardHeader>
      <VoteParts {...vote}>
        <ShareButton
          text={headlineShareText({ ...headline, stage: "today" }, siteName, votingEndTime)}
          url={url}
          subject={headline.title}
        />
      </VoteParts>
    </Card>
  );
}

export function HeadlineBadges({ headline }: { headline: Headline }) {
  return (
    <div className="flex flex-wrap gap-2">
      {headline.isPromoted ? <Badge variant="purple">Promoted</Badge> : null}
      {headline.importedNews ? <Badge variant="cyan">Imported News</Badge> : null}
    </div>
  );
}

/**
 * The card's description, its votes as a bar and the vote button (with `children` under it): the same parts
 * on the front page's cards and on a headline's own page (headline-vote-panel.tsx).
 */
export function VoteParts({
  headline,
  leaderVotes,
  state,
  disabled,
  onVote,
  children,
}: VoteProps & { children?: ReactNode }) {
  // The bar shows the headline's votes as a share of the leader's (decisions page), in 10 segments.
  const share = leaderVotes > 0 ? headline.votes / leaderVotes : 0;
  const segments = Math.round(share * 10);
  return (
    <>
      <CardContent className="flex flex-col gap-4">
        <p className="text-base break-words">{headline.description}</p>
        <div>
          <div className="mb-1 flex justify-between font-pixel text-[10px]">
            <span>VOTES</span>
            <span>{headline.votes}</span>
          </div>
          <div
            role="progressbar"
            aria-label={`${headline.title}: ${headline.votes} votes`}
            aria-valuemin={0}
            aria-valuemax={Math.max(leaderVotes, 1)}
            aria-valuenow={headline.votes}
            className="grid h-4 grid-cols-10 gap-0.5 border-2 border-ink bg-paper-dark p-0.5"
          >
            {Array.from({ length: 10 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed segments, never reordered.
              <span key={i} className={i < segments ? "bg-nes-green" : "bg-transparent"} />
            ))}
          </div>
        </div>
      </CardContent>
      <CardFooter className="flex-col items-stretch gap-3">
        <Button
          className="w-full"
          variant={state === "delivered" ? "green" : "default"}
          // aria-disabled, not disabled: a disabled button drops the keyboard's focus to <body> the moment
          // the vote is sent; this one keeps it, and says "DELIVERED!" where the visitor is (issue 23).
          aria-disabled={disabled || state !== "idle" ? true : undefined}
          onClick={() => {
            if (!disabled && state === "idle") onVote();
          }}
          aria-label={state === "idle" ? `Vote for ${headline.title}` : undefined}
        >
          {LABEL[state]}
        </Button>
        {children}
      </CardFooter>
    </>
  );
}
