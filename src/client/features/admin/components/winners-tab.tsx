import { Badge } from "@/client/components/ui/badge";
import type { AdminHeadline } from "@/common/admin";
import { useAdminHeadlines } from "../api/use-admin-headlines";
import { isDeveloperProject, isWinner } from "../headline-filters";
import { AdminHeadlineCard, CardActions, CardList, Fact } from "./admin-headline-card";
import { ContractAddressDialog } from "./contract-address-dialog";
import { HeadlineSwitches } from "./headline-switches";
import { LaunchDialog } from "./launch-dialog";
import { QueryState } from "./query-state";
import { SentimentBar } from "./sentiment-bar";

const selectWinners = (list: AdminHeadline[]) => list.filter(isWinner);

export function WinnersTab() {
  const headlines = useAdminHeadlines();
  return (
    <QueryState
      query={headlines}
      select={selectWinners}
      loadingLabel="Loading winners"
      errorTitle="Error loading headlines"
      emptyTitle="No Winners Yet"
      emptyText="Winning headlines appear here once one is selected."
    >
      {(items) => (
        <CardList label="Winners, newest first">
          {items.map((headline) => (
            <WinnerCard key={headline.id} headline={headline} />
          ))}
        </CardList>
      )}
    </QueryState>
  );
}

function WinnerCard({ headline }: { headline: AdminHeadline }) {
  return (
    <AdminHeadlineCard
      headline={headline}
      showDescription={false}
      badges={
        <>
          <Badge>Winner</Badge>
          {headline.isPaid ? <Badge variant="purple">Paid</Badge> : null}
          {isDeveloperProject(headline) ? <Badge variant="cyan">Developer Project</Badge> : null}
          {headline.isOldNews ? <Badge variant="paper">Yesterday's News</Badge> : null}
        </>
      }
      facts={
        <Fact label="Contract">
          {headline.contractAddress ? (
            <code className="font-mono text-sm break-all select-all">{headline.contractAddress}</code>
          ) : (
            <span className="text-ink-soft">Not set yet</span>
          )}
        </Fact>
      }
    >
      <SentimentBar counts={headline} />
      <HeadlineSwitches headline={headline} />
      <CardActions>
        {/* The current winner's coin is launched, then sold and bought back, from here (the dialog hides
            itself for an address set by hand); an older winner's address is set by hand. */}
        {headline.stage === "winner" ? <LaunchDialog headline={headline} /> : null}
        <ContractAddressDialog headline={headline} />
      </CardActions>
    </AdminHeadlineCard>
  );
}
