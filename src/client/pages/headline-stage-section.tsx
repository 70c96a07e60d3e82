import { paths } from "@/client/app/paths";
import { Link } from "@/client/components/link";
import { useSettings } from "@/client/features/settings/api/use-settings";
import { useMyVotes } from "@/client/features/voting/api/use-my-votes";
import { HeadlineVotePanel } from "@/client/features/voting/components/headline-vote-panel";
import { TomorrowsNewsBoard } from "@/client/features/voting/components/tomorrows-news-board";
import { VotesLeft } from "@/client/features/voting/components/votes-left";
import { WinnerCard } from "@/client/features/voting/components/winner-card";
import { useVotingEnded } from "@/client/features/voting/use-voting-ended";
import { TokenCard } from "@/client/features/yesterdays-news/components/token-card";
import { useSiteConfig } from "@/client/lib/site-config";
import type { HeadlinePage } from "@/common/headline";

/**
 * Part of the headline page (pages/headline.tsx), loaded as its own chunk: the page composes the features'
 * voting and token pieces here, as every page does (features never import each other).
 */

/** What fits the headline's stage: its vote, the winner's panel, the market card or the archive line. */
export function HeadlineStageSection({ headline }: { headline: HeadlinePage }) {
  const site = useSiteConfig();
  const settings = useSettings();
  const myVotes = useMyVotes();
  const votingEnded = useVotingEnded(settings.data?.votingEndTime);

  switch (headline.stage) {
    case "held":
    case "today":
    case "tomorrow":
      // In play: the two lists are independent, so a headline may be in both races (decisions, "Third wave").
      if (!headline.isTodaysNews && !headline.isTomorrowsNews) break;
      return (
        <div className="flex flex-col gap-8">
          {headline.isTodaysNews ? (
            <HeadlineVotePanel
              headline={headline}
              votingEnded={votingEnded}
              votedHeadlineId={myVotes.data?.headlineVote ?? null}
            />
          ) : null}
          {headline.isTomorrowsNews ? (
            <TomorrowsNewsBoard
              candidates={[{ ...headline, votes: headline.tomorrowVotes }]}
              votedIds={myVotes.data?.tomorrowVotes ?? []}
              votingEnded={votingEnded}
              siteName={site.siteName}
              telegramUrl={site.telegramUrl}
              single
              showVotesLeft={!headline.isTodaysNews}
            />
          ) : headline.tomorrowVotes > 0 ? (
            <QualifyingCount votes={headline.tomorrowVotes} />
          ) : null}
        </div>
      );
    case "winner":
      // The winner's sentiment vote counts among the day's votes, and stays open after the close: said here,
      // once, as the front page's list says it there (issue 31).
      return (
        <div className="flex flex-col gap-4">
          <VotesLeft votesLeft={myVotes.data?.votesLeft} />
          <WinnerCard
            winner={headline}
            sentimentVoted={myVotes.data?.sentimentVotes.some((v) => v.headlineId === headline.id) ?? false}
          />
        </div>
      );
    case "launched":
    case "past_winner":
      return (
        <div className="flex max-w-xl flex-col gap-6">
          {headline.contractAddress ? <TokenCard token={headline} siteName={site.siteName} /> : null}
          {headline.stage === "past_winner" ? (
            <p className="border-3 border-ink bg-paper p-4 text-base shadow-pixel-sm">
              A past winner of the community's vote: find it in the{" "}
              <Link to={paths.archive} className="underline">
                {site.siteName} Archive
              </Link>
              .
            </p>
          ) : null}
          {headline.contractAddress ? null : <p className="text-base">{headline.description}</p>}
        </div>
      );
    default:
      break;
  }
  return (
    <div className="flex max-w-xl flex-col gap-4">
      <p className="text-base">{headline.description}</p>
      <p className="border-3 border-ink bg-paper p-4 text-base shadow-pixel-sm">
        This headline is not in today's running. See{" "}
        <Link to={paths.home} className="underline">
          Today's News
        </Link>{" "}
        for the headlines in voting.
      </p>
      {headline.tomorrowVotes > 0 ? <QualifyingCount votes={headline.tomorrowVotes} /> : null}
    </div>
  );
}

/** A headline's result in the Tomorrow's News race, kept once it has left that list. */
function QualifyingCount({ votes }: { votes: number }) {
  return (
    <p className="max-w-xl border-3 border-ink bg-paper p-4 text-base shadow-pixel-sm">
      From Tomorrow's News: qualified with {votes} {votes === 1 ? "vote" : "votes"}.
    </p>
  );
}
