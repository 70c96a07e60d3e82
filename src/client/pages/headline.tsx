import { useEffect } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { paths } from "@/client/app/paths";
import { MessageCard } from "@/client/components/message-card";
import { Button } from "@/client/components/ui/button";
import { Skeleton, SkeletonGroup } from "@/client/components/ui/skeleton";
import { useHeadlinePage } from "@/client/features/headlines/api/use-headline-page";
import { useSettings } from "@/client/features/settings/api/use-settings";
import { useMyVotes } from "@/client/features/voting/api/use-my-votes";
import { TomorrowsNewsBoard } from "@/client/features/voting/components/tomorrows-news-board";
import { ViralHeadlines } from "@/client/features/voting/components/viral-headlines";
import { WinnerCard } from "@/client/features/voting/components/winner-card";
import { useVotingEnded } from "@/client/features/voting/use-voting-ended";
import { TokenCard } from "@/client/features/yesterdays-news/components/token-card";
import { ApiError } from "@/client/lib/api-client";
import { useSiteConfig } from "@/client/lib/site-config";
import { displayAuthor } from "@/common/author";
import { editionWords } from "@/common/edition";
import type { HeadlinePage } from "@/common/headline";
import { headlinePath, parseHeadlinePath } from "@/common/headline-path";
import { documentTitle } from "@/common/page-meta";
import { NotFound } from "./not-found";

/** What each stage of a headline's life is called on its page (decision 007). */
const STAGE_HEADING: Record<HeadlinePage["stage"], string> = {
  pending: "Waiting for Review",
  rejected: "Not Published",
  held: "Off the Front Page",
  tomorrow: "Tomorrow's News",
  today: "In Today's Voting",
  winner: "Today's Winner",
  past_winner: "Past Winner",
  launched: "Launched Token",
};

/** A headline's own page (/h/{id}/{slug}): the address every share points at. */
export function Headline() {
  const location = useLocation();
  const navigate = useNavigate();
  const id = parseHeadlinePath(location.pathname)?.id ?? 0;
  const headline = useHeadlinePage(id);
  const site = useSiteConfig();

  // Any slug reaches the page; the address bar shows the canonical one (the server redirects a fresh load).
  const canonical = headline.data ? headlinePath(headline.data) : null;
  useEffect(() => {
    if (canonical && canonical !== location.pathname) {
      navigate({ pathname: canonical, search: location.search, hash: location.hash }, { replace: true });
    }
  }, [canonical, location.pathname, location.search, location.hash, navigate]);

  if (headline.isPending) {
    return (
      <SkeletonGroup label="Loading the headline" className="flex max-w-xl flex-col gap-6">
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="aspect-[8/5] w-full" />
        <Skeleton className="h-40" />
      </SkeletonGroup>
    );
  }
  if (headline.isError) {
    if (
      headline.error instanceof ApiError &&
      (headline.error.status === 404 || headline.error.status === 400)
    ) {
      return <NotFound />;
    }
    return (
      <div className="flex max-w-xl flex-col items-start gap-4">
        <MessageCard
          alert
          title="Error loading this headline"
          text="Please try again later or refresh the page."
        />
        <Button onClick={() => headline.refetch()}>Try again</Button>
      </div>
    );
  }
  const h = headline.data;
  return (
    <article aria-labelledby="headline-page-title" className="flex flex-col gap-6">
      <title>{documentTitle(h.title, site.siteName)}</title>
      <header className="flex flex-col gap-2 border-b-3 border-ink pb-4">
        <p className="font-pixel text-[10px] text-nes-red uppercase sm:text-xs">{STAGE_HEADING[h.stage]}</p>
        <h1 id="headline-page-title" className="font-pixel text-sm leading-relaxed break-words sm:text-xl">
          {h.title}
        </h1>
        <HeadlineFacts headline={h} />
      </header>
      <StageSection headline={h} />
    </article>
  );
}

/** Source, submitter, date and votes: the facts of the headline, whatever its stage. */
function HeadlineFacts({ headline }: { headline: HeadlinePage }) {
  const date = new Date(headline.createdAt).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
  });
  return (
    <dl className="flex flex-wrap gap-x-6 gap-y-1 text-base text-ink-soft">
      <div className="flex gap-1">
        <dt>Submitted by:</dt>
        <dd className="text-ink">{displayAuthor(headline.submittedBy)}</dd>
      </div>
      <div className="flex gap-1">
        <dt>Date:</dt>
        <dd className="text-ink">
          <time dateTime={headline.createdAt}>{date}</time>
        </dd>
      </div>
      <div className="flex gap-1">
        <dt>Votes:</dt>
        <dd className="text-ink">{headline.votes}</dd>
      </div>
      {headline.sourceUrl || headline.source ? (
        <div className="flex gap-1">
          <dt>Source:</dt>
          <dd className="text-ink">
            {headline.sourceUrl ? (
              <a href={headline.sourceUrl} target="_blank" rel="noopener noreferrer" className="underline">
                {headline.source || hostOf(headline.sourceUrl)}
              </a>
            ) : (
              headline.source
            )}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return url;
  }
}

/** What fits the headline's stage: its vote, the winner's panel, the market card or the archive line. */
function StageSection({ headline }: { headline: HeadlinePage }) {
  const site = useSiteConfig();
  const settings = useSettings();
  const myVotes = useMyVotes();
  const votingEnded = useVotingEnded(settings.data?.votingEndTime);

  switch (headline.stage) {
    case "today":
      return (
        <ViralHeadlines
          headlines={[headline]}
          isLoading={false}
          isError={false}
          votingEnded={votingEnded}
          votedHeadlineId={myVotes.data?.headlineVote ?? null}
          period={editionWords(settings.data?.scheduleMode).period}
          single
        />
      );
    case "tomorrow":
      return (
        <TomorrowsNewsBoard
          candidates={[headline]}
          votedIds={myVotes.data?.tomorrowVotes ?? []}
          votingEnded={votingEnded}
          siteName={site.siteName}
          telegramUrl={site.telegramUrl}
          single
        />
      );
    case "winner":
      return (
        <WinnerCard
          winner={headline}
          sentimentVoted={myVotes.data?.sentimentVotes.some((v) => v.headlineId === headline.id) ?? false}
        />
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
        </div>
      );
  }
}
