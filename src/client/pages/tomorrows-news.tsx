import { MessageCard } from "@/client/components/message-card";
import { PageHeading } from "@/client/components/page-heading";
import { Skeleton, SkeletonGroup } from "@/client/components/ui/skeleton";
import { useSettings } from "@/client/features/settings/api/use-settings";
import { useTomorrowsNews } from "@/client/features/tomorrows-news/api/use-tomorrows-news";
import { useMyVotes } from "@/client/features/voting/api/use-my-votes";
import { TomorrowsNewsBoard } from "@/client/features/voting/components/tomorrows-news-board";
import { useVotingEnded } from "@/client/features/voting/use-voting-ended";
import { useSiteConfig } from "@/client/lib/site-config";

/** Tomorrow's News: candidates for the next edition; the four most voted move into daily voting. */
export function TomorrowsNews() {
  const site = useSiteConfig();
  const settings = useSettings();
  const news = useTomorrowsNews();
  const myVotes = useMyVotes();
  const votingEnded = useVotingEnded(settings.data?.votingEndTime);

  return (
    <>
      <PageHeading title="Tomorrow's News" subtitle="Vote on upcoming headline candidates!">
        <p className="text-base">The top 4 most voted headlines will be selected for daily voting.</p>
      </PageHeading>
      {votingEnded ? (
        <p
          role="status"
          className="mb-8 border-3 border-ink bg-nes-red p-4 font-pixel text-[10px] leading-relaxed text-white shadow-pixel sm:text-xs"
        >
          Voting period has ended for today. Check back after the winner announcement!
        </p>
      ) : null}
      {news.isPending ? (
        // As tall as the board that replaces it: the footer stays below the fold instead of jumping down
        // when the candidates arrive (layout shift 0.09 on phones, Lighthouse).
        <SkeletonGroup label="Loading tomorrow's candidates">
          <Skeleton className="h-[48rem]" />
        </SkeletonGroup>
      ) : news.isError ? (
        <MessageCard
          alert
          title="Error Loading Tomorrow's News"
          text="Something went wrong while fetching upcoming headlines. Please try again later!"
        />
      ) : news.data.length === 0 ? (
        <MessageCard
          title="No Tomorrow's News Yet"
          text="Stay tuned! Future headline candidates will appear here once they're approved."
        />
      ) : (
        <TomorrowsNewsBoard
          candidates={news.data}
          votedIds={myVotes.data?.tomorrowVotes ?? []}
          votingEnded={votingEnded}
          siteName={site.siteName}
          telegramUrl={site.telegramUrl}
        />
      )}
    </>
  );
}
