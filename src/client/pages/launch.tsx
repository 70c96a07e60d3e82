import { useParams } from "react-router";
import { Link } from "@/client/components/link";
import { MessageCard } from "@/client/components/message-card";
import { PageHead } from "@/client/components/page-head";
import { PageHeading } from "@/client/components/page-heading";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Skeleton, SkeletonGroup } from "@/client/components/ui/skeleton";
import { useLaunchReceipt } from "@/client/features/launches/api/use-launch-receipt";
import { ApiError } from "@/client/lib/api-client";
import { useSiteConfig } from "@/client/lib/site-config";
import { editionDate } from "@/common/edition-date";
import { headlinePath } from "@/common/headline-path";
import type { LaunchView } from "@/common/launch";
import {
  explorerAccountUrl,
  explorerTxUrl,
  formatCoinAmount,
  LAUNCH_KIND_NAMES,
  LAUNCH_STATE_NAMES,
  launchTitle,
} from "@/common/launch-receipt";
import { editionPath } from "@/common/pages";
import { formatSol } from "@/common/solana-pay";
import { formatEastern } from "@/common/time";
import { NotFound } from "./not-found";
import { NotFoundHead } from "./not-found-head";

const STATE_BADGE = {
  prepared: "paper",
  sent: "cyan",
  confirmed: "green",
  expired: "paper",
  failed: "red",
} as const;

/**
 * An edition's launch receipt (/launch/{YYYY-MM-DD}, issue 29): the winner's coin, and every transaction the
 * paper prepared for it (the launch, the sale, the buy-back, and those that expired or failed), each with
 * what it does and its signature on the explorer, so anyone can check that the paper did what it said.
 */
export function LaunchReceiptPage() {
  const day = useParams().date ?? "";
  const site = useSiteConfig();
  const receipt = useLaunchReceipt(day);

  if (receipt.isPending) {
    return (
      <SkeletonGroup label="Loading the launch" className="flex flex-col gap-4">
        <title>{launchTitle(site.siteName, day)}</title>
        <Skeleton className="h-12 w-2/3" />
        <Skeleton className="h-64" />
      </SkeletonGroup>
    );
  }
  if (receipt.isError) {
    if (receipt.error instanceof ApiError && receipt.error.status < 500) {
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
          title="Error loading this launch"
          text="Please try again later or refresh the page."
        />
        <Button onClick={() => receipt.refetch()}>Try again</Button>
      </div>
    );
  }
  const { headline, coin, transactions } = receipt.data;
  return (
    <article className="flex flex-col gap-8">
      <PageHead
        title={launchTitle(site.siteName, day)}
        of={{ screen: "launch" }}
        imageAlt={`${site.siteName}, ${editionDate(day)}: ${headline.title}`}
      />
      <PageHeading
        title={`The Launch of ${editionDate(day)}`}
        subtitle={
          <>
            The coin of <Link to={headlinePath(headline)}>"{headline.title}"</Link>, winner of{" "}
            <Link to={editionPath(day)}>the edition of {editionDate(day)}</Link>.
          </>
        }
      />
      {coin ? (
        <section
          aria-labelledby="coin-heading"
          className="flex flex-col gap-3 border-3 border-ink bg-paper-dark p-4 shadow-pixel-sm"
        >
          <h2 id="coin-heading" className="font-pixel text-sm leading-relaxed">
            {coin.name} (${coin.symbol})
          </h2>
          <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="font-bold">Mint</dt>
            <dd className="break-all font-mono">
              <a href={explorerAccountUrl(coin.mint)} className="underline underline-offset-4">
                {coin.mint}
              </a>
            </dd>
            <dt className="font-bold">Metadata</dt>
            <dd className="break-all">
              <a href={coin.metadataUrl} className="underline underline-offset-4">
                {coin.metadataUrl}
              </a>
            </dd>
          </dl>
        </section>
      ) : null}
      <section aria-labelledby="steps-heading" className="flex flex-col gap-4">
        <h2 id="steps-heading" className="font-pixel text-sm leading-relaxed">
          Every transaction, oldest first
        </h2>
        <ol className="flex flex-col gap-4">
          {transactions.map((t) => (
            <Step key={t.id} step={t} symbol={symbolOf(transactions, t.mint)} />
          ))}
        </ol>
      </section>
    </article>
  );
}

/** A coin's symbol, from the launch that made it (a Sell's summary names only the mint). */
function symbolOf(transactions: LaunchView[], mint: string): string {
  const launch = transactions.find(
    (t): t is Extract<LaunchView, { kind: "launch" }> => t.kind === "launch" && t.mint === mint,
  );
  return launch?.summary.symbol ?? "";
}

/** The coin's amounts: the launch's buy, the Sell of it, and the Buy back of the paper's own coin. */
function Amounts({ step, symbol }: { step: LaunchView; symbol: string }) {
  switch (step.kind) {
    case "launch": {
      const s = step.summary;
      return (
        <>
          <dt className="font-bold">Bought</dt>
          <dd>
            {formatCoinAmount(s.tokenAmount)} {s.symbol} for {formatSol(BigInt(s.solAmount))} (at most{" "}
            {formatSol(BigInt(s.maxSolCost))})
          </dd>
          <dt className="font-bold">Creator fees to</dt>
          <dd className="break-all font-mono">{s.creator}</dd>
        </>
      );
    }
    case "sell": {
      const s = step.summary;
      return (
        <>
          <dt className="font-bold">Sold</dt>
          <dd>
            {formatCoinAmount(s.tokenAmount)} {symbol} for a quoted {formatSol(BigInt(s.solAmount))} (at least{" "}
            {formatSol(BigInt(s.minSolOutput))})
          </dd>
          <dt className="font-bold">Account closed</dt>
          <dd className="break-all font-mono">{s.tokenAccount}</dd>
        </>
      );
    }
    case "buyback": {
      const s = step.summary;
      return (
        <>
          <dt className="font-bold">Bought back</dt>
          <dd>
            {formatCoinAmount(s.tokenAmount)} of the paper's coin for {formatSol(BigInt(s.solAmount))} (at
            most {formatSol(BigInt(s.maxSolCost))}): {s.percent}% of the Sell's{" "}
            {formatSol(BigInt(s.proceeds))}
            {s.proceedsFrom === "quote" ? " (its minimum: what it received could not be read)" : " received"}
          </dd>
          <dt className="font-bold">The paper's coin</dt>
          <dd className="break-all font-mono">
            <a href={explorerAccountUrl(s.mint)} className="underline underline-offset-4">
              {s.mint}
            </a>
          </dd>
        </>
      );
    }
  }
}

function Step({ step, symbol }: { step: LaunchView; symbol: string }) {
  const s = step.summary;
  return (
    <li className="flex flex-col gap-3 border-3 border-ink bg-paper p-4 shadow-pixel-sm">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-pixel text-xs leading-relaxed">{LAUNCH_KIND_NAMES[step.kind]}</h3>
        <Badge variant={STATE_BADGE[step.state]}>{LAUNCH_STATE_NAMES[step.state]}</Badge>
      </div>
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-bold">Prepared</dt>
        <dd>{formatEastern(step.createdAt)}</dd>
        <Amounts step={step} symbol={symbol} />
        <dt className="font-bold">Signed by</dt>
        <dd className="break-all font-mono">{s.signers.join(", ")}</dd>
        <dt className="font-bold">Instructions</dt>
        <dd className="break-words font-mono">{s.instructions.join(", ")}</dd>
        {step.signature ? (
          <>
            <dt className="font-bold">Signature</dt>
            <dd className="break-all font-mono">
              <a href={explorerTxUrl(step.signature)} className="underline underline-offset-4">
                {step.signature}
              </a>
            </dd>
          </>
        ) : null}
        {step.error ? (
          <>
            <dt className="font-bold">Why</dt>
            <dd>{step.error}</dd>
          </>
        ) : null}
      </dl>
    </li>
  );
}
