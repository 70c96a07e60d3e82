import { TelegramIcon, XLogoIcon } from "@/client/components/chrome-icons";
import { LinkIcon } from "@/client/components/icons";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import type { Headline } from "@/common/headline";
import { useOldNews } from "../api/use-old-news";
import { AdminHeadlineCard, CardActions, CardList, Fact } from "./admin-headline-card";
import { ContractAddressDialog } from "./contract-address-dialog";
import { GenerateTokenForm } from "./generate-token-form";
import { QueryState } from "./query-state";

/** Launched tokens and moved winners (GET /api/old-news), then the form that adds one by its address. */
export function YesterdaysNewsTab() {
  const oldNews = useOldNews();
  return (
    <div className="flex flex-col gap-8">
      <QueryState
        query={oldNews}
        loadingLabel="Loading Yesterday's News"
        errorTitle="Error Loading Yesterday's News"
        emptyTitle="No Previous Tokens Yet"
        emptyText="Moved winners and launched tokens appear here."
      >
        {(items) => (
          <CardList label="Yesterday's News">
            {items.map((headline) => (
              <OldNewsCard key={headline.id} headline={headline} />
            ))}
          </CardList>
        )}
      </QueryState>
      <GenerateTokenForm />
    </div>
  );
}

/** A launched token or a past winner is the community's record: it has no Delete (the server refuses it). */
function OldNewsCard({ headline }: { headline: Headline }) {
  const links = [
    { href: headline.twitterUrl, label: "X", icon: <XLogoIcon /> },
    { href: headline.websiteUrl, label: "Website", icon: <LinkIcon /> },
    { href: headline.articleUrl, label: "Telegram", icon: <TelegramIcon /> },
  ].filter((l): l is typeof l & { href: string } => Boolean(l.href));

  return (
    <AdminHeadlineCard
      headline={headline}
      badges={
        <>
          {headline.isWinner ? <Badge>Winner</Badge> : null}
          {headline.isPaid ? <Badge variant="purple">Paid</Badge> : null}
          {headline.contractAddress ? <Badge variant="green">Launched</Badge> : null}
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
      {links.length > 0 ? (
        <ul className="flex flex-wrap gap-3" aria-label={`Links of ${headline.title}`}>
          {links.map((link) => (
            <li key={link.label}>
              <Button asChild size="sm" variant="secondary">
                <a href={link.href} target="_blank" rel="noopener noreferrer">
                  {link.icon} {link.label}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <CardActions>
        <ContractAddressDialog headline={headline} />
      </CardActions>
    </AdminHeadlineCard>
  );
}
