import { lazy, Suspense, useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { Link } from "@/client/components/link";
import { MessageCard } from "@/client/components/message-card";
import { PageHead } from "@/client/components/page-head";
import { ShareButton } from "@/client/components/share-button";
import { Button } from "@/client/components/ui/button";
import { Skeleton, SkeletonGroup } from "@/client/components/ui/skeleton";
import { useHeadlinePage } from "@/client/features/headlines/api/use-headline-page";
import { useSettings } from "@/client/features/settings/api/use-settings";
import { ApiError } from "@/client/lib/api-client";
import { useHeadlineUrl } from "@/client/lib/headline-url";
import { useSiteConfig } from "@/client/lib/site-config";
import { displayAuthor } from "@/common/author";
import { editionDate } from "@/common/edition-date";
import type { HeadlinePage } from "@/common/headline";
import { headlinePath, parseHeadlinePath } from "@/common/headline-path";
import { documentTitle } from "@/common/page-meta";
import { editionPath, launchReceiptPath } from "@/common/pages";
import { headlineShareText } from "@/common/share";
import { formatEasternDay } from "@/common/time";
import { NotFound } from "./not-found";
import { NotFoundHead } from "./not-found-head";

/**
 * The stage's part (the vote, the winner's panel, the market card) is its own chunk: a headline's page loads
 * the code of its stage only, as much as the list page it comes from.
 */
const StageSection = lazy(async () => ({
  default: (await import("./headline-stage-section")).HeadlineStageSection,
}));

/** What each stage of a headline's life is called on its page (decision 007). */
const STAGE_HEADING: Record<HeadlinePage["stage"], string> = {
  pending: "Waiting for Review",
  rejected: "Not Published",
  expired: "Not Published",
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
  const votingEndTime = useSettings().data?.votingEndTime;
  const urlOf = useHeadlineUrl();

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
      return (
        <>
          <NotFoundHead />
          <NotFound />
        </>
      );
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
      <PageHead
        title={documentTitle(h.title, site.siteName)}
        of={{ headline: { id: h.id, description: h.description } }}
        imageAlt={h.title}
      />
      <header className="flex flex-col gap-2 border-b-3 border-ink pb-4">
        <p data-testid="headline-stage" className="font-pixel text-[10px] text-nes-red uppercase sm:text-xs">
          {STAGE_HEADING[h.stage]}
        </p>
        <h1 id="headline-page-title" className="font-pixel text-sm leading-relaxed break-words sm:text-xl">
          {h.title}
        </h1>
        <HeadlineFacts headline={h} />
        {h.editionDate ? (
          <p className="text-base">
            <Link to={editionPath(h.editionDate)} className="underline underline-offset-4">
              The edition of {editionDate(h.editionDate)}: every headline's votes
            </Link>
          </p>
        ) : null}
        {h.launchReceiptDate ? (
          <p className="text-base">
            <Link to={launchReceiptPath(h.launchReceiptDate)} className="underline underline-offset-4">
              The launch of its coin: every transaction, on the public receipt
            </Link>
          </p>
        ) : null}
        <ShareButton
          className="mt-2"
          text={headlineShareText(h, site.siteName, votingEndTime)}
          url={urlOf(h)}
          subject={h.title}
        />
      </header>
      <Suspense fallback={<Skeleton className="h-96 max-w-xl" />}>
        <StageSection headline={h} />
      </Suspense>
    </article>
  );
}

/** Source, submitter, date and votes: the facts of the headline, whatever its stage. */
function HeadlineFacts({ headline }: { headline: HeadlinePage }) {
  const date = formatEasternDay(headline.createdAt);
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
      {/* In a race, its panel below shows the count, named by its race: said once (issues 23 and 31). A
          candidate of Tomorrow's News only has no count in today's race to show. */}
      {isInPlay(headline.stage) && (headline.isTodaysNews || headline.isTomorrowsNews) ? null : (
        <div className="flex gap-1">
          <dt>Votes:</dt>
          <dd className="text-ink">{headline.votes}</dd>
        </div>
      )}
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

/** The stages a list switch applies to (decision 012): held, today and tomorrow are one "in play". */
function isInPlay(stage: HeadlinePage["stage"]): boolean {
  return stage === "held" || stage === "today" || stage === "tomorrow";
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return url;
  }
}
