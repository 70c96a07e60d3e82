import { TelegramIcon, XLogoIcon } from "@/client/components/chrome-icons";
import { ShareButton } from "@/client/components/share-button";
import { TokenImage } from "@/client/components/token-image";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader } from "@/client/components/ui/card";
import { cn } from "@/client/lib/cn";
import { useHeadlineUrl } from "@/client/lib/headline-url";
import { displayAuthor } from "@/common/author";
import type { Headline } from "@/common/headline";
import { headlineShareText } from "@/common/share";
import { tomorrowVotePostUrl } from "@/common/share-links";

/** A Tomorrow's News candidate: its own image or the initials avatar, badges, votes and the vote button. */
export function CandidateCard({
  candidate,
  isTopFour,
  voted,
  votingEnded,
  outOfVotes,
  sending,
  onVote,
  siteName,
  telegramUrl,
  inPage = false,
}: {
  candidate: Headline;
  isTopFour: boolean;
  voted: boolean;
  votingEnded: boolean;
  /** No votes left today: the button is off (VotesLeft says why, and a click says it again). */
  outOfVotes: boolean;
  sending: boolean;
  onVote: () => void;
  siteName: string;
  telegramUrl: string | null;
  /** On the headline's own page, whose header names the headline and its author: not said again. */
  inPage?: boolean;
}) {
  // The spec's author rule ("admin", the imports' author, shows "News Source"); no line for an anonymous one.
  const author = displayAuthor(candidate.submittedBy);
  const headlineUrl = useHeadlineUrl();
  const blocked = voted || votingEnded || outOfVotes || sending;
  const label = voted ? "Voted" : sending ? "SENDING..." : "Vote for this headline";
  return (
    // On its own page, wide screens set the picture beside the rest, as the winner's card is (issue 31).
    <Card className={cn("h-full bg-paper", inPage && "lg:grid lg:grid-cols-2 lg:grid-rows-[auto_1fr]")}>
      <TokenImage
        item={candidate}
        tokenIcons={false}
        alt={candidate.title}
        width={480}
        height={300}
        className={cn(
          "aspect-[8/5] w-full border-b-3 border-ink bg-night",
          inPage && "lg:row-span-3 lg:h-full lg:border-r-3 lg:border-b-0",
        )}
      />
      <CardHeader>
        <div className="flex flex-wrap gap-2">
          <Badge variant="blue">Coming Soon</Badge>
          {isTopFour ? <Badge variant="default">Top 4</Badge> : null}
        </div>
        {inPage ? null : (
          <>
            <h3 className="font-pixel text-xs leading-relaxed break-words sm:text-sm">{candidate.title}</h3>
            {author !== "Anonymous" ? <p className="text-sm text-ink-soft">Submitted by: {author}</p> : null}
          </>
        )}
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <p className="text-base break-words">{candidate.description}</p>
        <p className="font-pixel text-xs">
          {candidate.votes} {candidate.votes === 1 ? "vote" : "votes"}
          {/* On the headline's own page, beside other counts: named by its race (issue 31). */}
          {inPage ? " in Tomorrow's News" : null}
        </p>
      </CardContent>
      <CardFooter className="flex-col items-stretch gap-3">
        <Button
          variant={voted ? "green" : "default"}
          aria-disabled={blocked}
          onClick={onVote}
          // The spec's words stay on the button; its name adds the headline, so that a list of them can be
          // told apart (issue 31). The visible words come first in the name, as a voice command says them.
          aria-label={`${label}: ${candidate.title}`}
        >
          {label}
        </Button>
        {inPage ? null : (
          // The share control every headline card has (issue 22), with this race's text.
          <ShareButton
            text={headlineShareText({ ...candidate, stage: "tomorrow" }, siteName)}
            url={headlineUrl(candidate)}
            subject={candidate.title}
          />
        )}
        <Button asChild variant="dark">
          <a
            href={tomorrowVotePostUrl(candidate, headlineUrl(candidate), siteName, isTopFour)}
            target="_blank"
            rel="noopener noreferrer"
          >
            <XLogoIcon /> Share My Vote on X
          </a>
        </Button>
        {telegramUrl ? (
          <Button asChild variant="blue">
            <a href={telegramUrl} target="_blank" rel="noopener noreferrer">
              <TelegramIcon /> Join Telegram Channel
            </a>
          </Button>
        ) : null}
      </CardFooter>
    </Card>
  );
}
