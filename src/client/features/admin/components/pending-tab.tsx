import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { focusAfterRemoval } from "@/client/lib/focus-after-removal";
import type { AdminHeadline } from "@/common/admin";
import { useAdminHeadlines } from "../api/use-admin-headlines";
import { useApproveHeadline } from "../api/use-approve-headline";
import { useDeleteHeadline } from "../api/use-delete-headline";
import { useReinstateHeadline } from "../api/use-reinstate-headline";
import { isDeveloperProject, isPending, paidAfterExpiry } from "../headline-filters";
import { AdminHeadlineCard, CardActions, CardList, Fact } from "./admin-headline-card";
import { ConfirmButton } from "./confirm-button";
import { PaymentBox } from "./payment-box";
import { QueryState } from "./query-state";

const selectPending = (list: AdminHeadline[]) => list.filter(isPending);

export function PendingTab() {
  const headlines = useAdminHeadlines();
  return (
    <QueryState
      query={headlines}
      select={selectPending}
      loadingLabel="Loading pending headlines"
      errorTitle="Error loading headlines"
      emptyTitle="No Headlines Pending"
      emptyText="New submissions will appear here for review."
    >
      {(items) => (
        <CardList label="Pending headlines">
          {items.map((headline) => (
            <PendingCard key={headline.id} headline={headline} />
          ))}
        </CardList>
      )}
    </QueryState>
  );
}

function PendingCard({ headline }: { headline: AdminHeadline }) {
  const approve = useApproveHeadline();
  const reinstate = useReinstateHeadline();
  const remove = useDeleteHeadline();
  const { transactionId } = headline;
  const busy = approve.isPending || reinstate.isPending || remove.isPending;
  const late = paidAfterExpiry(headline);

  return (
    <AdminHeadlineCard
      headline={headline}
      badges={
        <>
          {headline.isPromotedSubmission ? (
            <Badge variant="purple">Paid Submission</Badge>
          ) : (
            <Badge variant="paper">Free</Badge>
          )}
          {isDeveloperProject(headline) ? <Badge variant="cyan">Developer Project</Badge> : null}
          {late ? <Badge variant="default">Paid after expiry</Badge> : null}
        </>
      }
      facts={
        <>
          {headline.launchStatus ? (
            <Fact label="Launch">
              {headline.launchStatus === "launched" ? "Launched" : "Upcoming"}
              {headline.launchDate ? ` (${headline.launchDate})` : ""}
            </Fact>
          ) : null}
          {headline.awaitingPayment ? (
            <Fact label="Payment">
              Awaiting payment (Solana Pay){headline.paymentNote ? `: ${headline.paymentNote}` : ""}
            </Fact>
          ) : null}
        </>
      }
    >
      {transactionId && !late ? <PaymentBox headline={{ ...headline, transactionId }} /> : null}
      {late && headline.paymentNote ? <p className="text-sm">{headline.paymentNote}</p> : null}
      <CardActions>
        {late ? (
          <Button variant="green" disabled={busy} onClick={() => reinstate.mutate(headline.id)}>
            {reinstate.isPending ? "Reinstating..." : "Reinstate"}
            <span className="sr-only">: {headline.title}</span>
          </Button>
        ) : headline.stage === "rejected" ? null : (
          // A rejected payment is not approved: staff verify the payment first (the payment box).
          <Button
            variant="green"
            disabled={busy}
            onClick={(event) => {
              // Watched from the press, not from the answer: the approval refreshes the lists before its
              // callbacks run, and a card the refreshed list has already dropped gets none (its callbacks die
              // with it), so the focus stayed on <body> whenever the list was quicker (a busy CI run).
              focusAfterRemoval(event.currentTarget, () =>
                document.querySelector<HTMLElement>('[role="tabpanel"][data-state="active"]'),
              );
              approve.mutate(headline.id);
            }}
          >
            {approve.isPending ? "Approving..." : "Approve"}
            <span className="sr-only">: {headline.title}</span>
          </Button>
        )}
        <ConfirmButton
          variant="destructive"
          tone="destructive"
          disabled={busy}
          steps={[
            {
              title: "Delete this submission?",
              description: `"${headline.title}" will be hidden everywhere; its record is kept.`,
              confirmLabel: "Delete",
            },
          ]}
          onConfirm={() => remove.mutate(headline.id)}
        >
          Delete<span className="sr-only">: {headline.title}</span>
        </ConfirmButton>
      </CardActions>
    </AdminHeadlineCard>
  );
}
