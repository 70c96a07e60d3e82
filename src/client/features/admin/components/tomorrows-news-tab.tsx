import { useId } from "react";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { cutTitle } from "@/common/format";
import type { Headline } from "@/common/headline";
import { useDeleteHeadline } from "../api/use-delete-headline";
import { useMoveTopToToday } from "../api/use-move-top-to-today";
import { useTomorrowsCandidates } from "../api/use-tomorrows-candidates";
import { byVotes } from "../headline-filters";
import { AdminHeadlineCard, CardActions, CardList } from "./admin-headline-card";
import { ConfirmButton } from "./confirm-button";
import { HeadlineSwitches } from "./headline-switches";
import { QueryState } from "./query-state";
import { Reason } from "./reason";

const TOP = 4;

/** Tomorrow's candidates in received order, the top 4 by votes, and the move into today's voting. */
export function TomorrowsNewsTab() {
  const candidates = useTomorrowsCandidates();
  const moveTop = useMoveTopToToday();

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => candidates.refetch()} disabled={candidates.isFetching}>
          {candidates.isFetching ? "Refreshing..." : "Refresh Headlines"}
        </Button>
        <ConfirmButton
          variant="green"
          disabled={moveTop.isPending || !candidates.data?.length}
          steps={[
            {
              title: "Move the top 4 to Today's News?",
              description:
                "The four most-voted candidates leave Tomorrow's News for today's voting, where only today's votes count. Their Tomorrow's News votes stay on their pages.",
              confirmLabel: "Move Top 4",
            },
          ]}
          onConfirm={() => moveTop.mutate()}
        >
          Move Top 4 to Today's News
        </ConfirmButton>
      </div>
      <QueryState
        query={candidates}
        loadingLabel="Loading Tomorrow's News"
        errorTitle="Error Loading Tomorrow's News"
        emptyTitle="No Tomorrow's News Yet"
        emptyText="Imported and flagged headlines appear here as candidates."
      >
        {(items) => (
          <>
            <TopFour candidates={items} />
            <CardList label="Tomorrow's News candidates">
              {items.map((headline) => (
                <CandidateCard key={headline.id} headline={headline} />
              ))}
            </CardList>
          </>
        )}
      </QueryState>
    </div>
  );
}

function TopFour({ candidates }: { candidates: Headline[] }) {
  const top = byVotes(candidates).slice(0, TOP);
  return (
    <section
      aria-labelledby="top-four-heading"
      className="border-3 border-ink bg-night p-4 text-paper shadow-pixel"
    >
      <h3 id="top-four-heading" className="mb-3 font-pixel text-xs uppercase text-nes-yellow">
        Top 4 by votes
      </h3>
      <ol className="flex flex-col gap-2">
        {top.map((h, i) => (
          <li key={h.id} className="flex items-baseline gap-3">
            <span className="font-pixel text-xs text-nes-cyan">{i + 1}.</span>
            <span className="min-w-0 flex-1 break-words" title={h.title}>
              {cutTitle(h.title)}
            </span>
            <span className="font-pixel text-xs text-nes-yellow">{h.votes}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** What Delete Completely does since no vote is ever deleted (decisions, "Third wave"): said beside it. */
const HIDES_KEEPS_VOTES = "Hides it from every list and page; its votes stay on record.";

function CandidateCard({ headline }: { headline: Headline }) {
  const remove = useDeleteHeadline();
  const hintId = useId();
  return (
    <AdminHeadlineCard
      headline={headline}
      badges={headline.isTodaysNews ? <Badge variant="cyan">Also in Today's News</Badge> : null}
    >
      <HeadlineSwitches headline={headline} />
      <CardActions>
        <ConfirmButton
          variant="destructive"
          tone="destructive"
          disabled={remove.isPending}
          aria-describedby={hintId}
          steps={[
            {
              title: "Hide this candidate everywhere?",
              description: `"${headline.title}" leaves Tomorrow's News, Today's News and every page. Nothing is erased: its votes stay on record with its history, and the audit log names who deleted it.`,
              confirmLabel: "Hide, Keep Votes",
            },
          ]}
          onConfirm={() => remove.mutate(headline.id)}
        >
          Delete Completely<span className="sr-only">: {headline.title}</span>
        </ConfirmButton>
        <div className="basis-full">
          <Reason id={hintId}>{HIDES_KEEPS_VOTES}</Reason>
        </div>
      </CardActions>
    </AdminHeadlineCard>
  );
}
