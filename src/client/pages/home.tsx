import { lazy, Suspense, useRef } from "react";
import { Skeleton, SkeletonGroup } from "@/client/components/ui/skeleton";
import { useHeadlines } from "@/client/features/headlines/api/use-headlines";
import { ReminderSlot } from "@/client/features/reminders/components/reminder-slot";
import { useSettings } from "@/client/features/settings/api/use-settings";
import { useMyVotes } from "@/client/features/voting/api/use-my-votes";
import { Hero } from "@/client/features/voting/components/hero";
import { ViralHeadlines } from "@/client/features/voting/components/viral-headlines";
import { WinnerCard } from "@/client/features/voting/components/winner-card";
import { useVotingEnded } from "@/client/features/voting/use-voting-ended";
import { useSiteConfig } from "@/client/lib/site-config";
import { useNearViewport } from "@/client/lib/use-near-viewport";
import { editionWords } from "@/common/edition";

/**
 * The chart closes the page, below the fold on every screen: its own chunk, loaded when the visitor scrolls
 * towards it, so the front page's first load stays within its budget (decision 005). Its place is kept.
 */
const PriceChart = lazy(async () => ({
  default: (await import("@/client/features/voting/components/price-chart")).PriceChart,
}));

/** Today's News: the hero and countdown, the winner, the headlines in voting, and the coin's chart. */
export function Home() {
  const site = useSiteConfig();
  const settings = useSettings();
  const headlines = useHeadlines();
  const myVotes = useMyVotes();
  const votingEnded = useVotingEnded(settings.data?.votingEndTime);

  const list = headlines.data ?? [];
  const winner = list.find((h) => h.isWinner);
  const voting = list.filter((h) => !h.isWinner);
  const sentimentVoted = winner
    ? (myVotes.data?.sentimentVotes.some((v) => v.headlineId === winner.id) ?? false)
    : false;

  return (
    <>
      <Hero settings={settings.data} isLoading={settings.isPending} reminder={<ReminderSlot />} />
      {headlines.isPending ? (
        // One tall placeholder for the winner and the list until they arrive: whether there is a winner is
        // not known yet, and a winner card appearing above a drawn list would push it down (layout shift
        // 0.21 on phones, Lighthouse). What replaces it starts below the hero, which never moves.
        <SkeletonGroup label="Loading today's headlines" className="mb-10 flex flex-col gap-6">
          <Skeleton className="h-[56rem] md:h-[36rem]" />
        </SkeletonGroup>
      ) : (
        <>
          {winner ? (
            <WinnerCard
              winner={winner}
              sentimentVoted={sentimentVoted}
              launchDelayed={settings.data?.launchDelayedFor === winner.id}
              schedule={settings.data}
            />
          ) : null}
          <ViralHeadlines
            headlines={voting}
            isLoading={false}
            isError={headlines.isError}
            votingEnded={votingEnded}
            votedHeadlineId={myVotes.data?.headlineVote ?? null}
            period={editionWords(settings.data?.scheduleMode).period}
            votingEndTime={settings.data?.votingEndTime}
          />
        </>
      )}
      <ChartSlot tokenAddress={site.tokenAddress} siteName={site.siteName} />
    </>
  );
}

function ChartSlot({ tokenAddress, siteName }: { tokenAddress: string | null; siteName: string }) {
  const slot = useRef<HTMLDivElement>(null);
  const near = useNearViewport(slot);
  const placeholder = <div ref={slot} className={tokenAddress ? "h-[540px]" : "h-24"} />;
  if (!near) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <PriceChart tokenAddress={tokenAddress} siteName={siteName} />
    </Suspense>
  );
}
