import { useId } from "react";
import { Badge } from "@/client/components/ui/badge";
import type { AdminHeadline } from "@/common/admin";
import { crownRefusal } from "@/common/headline-rules";
import { useAdminHeadlines } from "../api/use-admin-headlines";
import { useAnnounceWinner } from "../api/use-announce-winner";
import { useDeleteHeadline } from "../api/use-delete-headline";
import { byVotes, isActive, isInTodaysVoting } from "../headline-filters";
import { AdminHeadlineCard, CardActions, CardList } from "./admin-headline-card";
import { ConfirmButton } from "./confirm-button";
import { HeadlineSwitches } from "./headline-switches";
import { QueryState } from "./query-state";
import { Reason } from "./reason";

const selectActive = (list: AdminHeadline[]) => byVotes(list.filter(isActive));

export function ActiveTab() {
  const headlines = useAdminHeadlines();
  return (
    <QueryState
      query={headlines}
      select={selectActive}
      loadingLabel="Loading active headlines"
      errorTitle="Error loading headlines"
      emptyTitle="No Active Headlines"
      emptyText="Approved headlines in today's voting appear here."
    >
      {(items) => (
        <CardList label="Active headlines, most votes first">
          {items.map((headline) => (
            <ActiveCard key={headline.id} headline={headline} />
          ))}
        </CardList>
      )}
    </QueryState>
  );
}

/** Why an active headline is not on the home page, when it is not. */
function votingBadge(headline: AdminHeadline) {
  if (isInTodaysVoting(headline)) return <Badge variant="green">In voting</Badge>;
  if (headline.isPromotedSubmission && !headline.isPaid)
    return <Badge variant="orange">Awaiting payment</Badge>;
  return <Badge variant="paper">Not in voting</Badge>;
}

function ActiveCard({ headline }: { headline: AdminHeadline }) {
  const announce = useAnnounceWinner();
  const remove = useDeleteHeadline();
  const busy = announce.isPending || remove.isPending;
  // The server would refuse to crown it (an unpaid promotion): disabled, saying why (issue 31).
  const crownBlocked = crownRefusal(headline);
  const reasonId = useId();

  return (
    <AdminHeadlineCard
      headline={headline}
      badges={
        <>
          {votingBadge(headline)}
          {headline.isPaid ? <Badge variant="purple">Paid</Badge> : null}
        </>
      }
    >
      <HeadlineSwitches headline={headline} />
      <CardActions>
        <ConfirmButton
          variant="default"
          disabled={busy || crownBlocked !== null}
          aria-describedby={crownBlocked ? reasonId : undefined}
          steps={[
            {
              title: "Make this the winner?",
              description: `"${headline.title}" becomes the current winner, replacing any other, and leaves the voting list.`,
              confirmLabel: "Make Winner",
            },
          ]}
          onConfirm={() => announce.mutate(headline.id)}
        >
          Make Winner<span className="sr-only">: {headline.title}</span>
        </ConfirmButton>
        <ConfirmButton
          variant="destructive"
          tone="destructive"
          disabled={busy}
          steps={[
            {
              title: "Delete an active headline?",
              description: `"${headline.title}" is live: visitors may be voting on it right now.`,
              confirmLabel: "Continue",
            },
            {
              title: "Really delete it?",
              description: `"${headline.title}" leaves every list and page. Its ${headline.votes} votes stay on record.`,
              confirmLabel: "Delete Headline",
            },
          ]}
          onConfirm={() => remove.mutate(headline.id)}
        >
          Delete<span className="sr-only">: {headline.title}</span>
        </ConfirmButton>
        {crownBlocked ? (
          <div className="basis-full">
            <Reason id={reasonId}>{crownBlocked}</Reason>
          </div>
        ) : null}
      </CardActions>
    </AdminHeadlineCard>
  );
}
