import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { ChartIcon, CoinIcon, PencilIcon } from "@/client/components/icons";
import { ShareBar } from "@/client/components/share-bar";
import { TokenImage } from "@/client/components/token-image";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Spinner } from "@/client/components/ui/spinner";
import { cn } from "@/client/lib/cn";
import { useHeadlineUrl } from "@/client/lib/headline-url";
import { formatAge, formatChange, formatPrice, formatUsd, shortenAddress } from "@/common/format";
import type { Headline } from "@/common/headline";
import { tokenShareText } from "@/common/share-links";
import { CopyAddressButton } from "./copy-address-button";

/**
 * The edit form (React Hook Form, zod and the shared schema) is for logged-in staff only: visitors never
 * download it. For staff it is fetched as soon as the pencil appears, so it opens without a wait.
 */
const loadTokenEditForm = () => import("./token-edit-form");
const TokenEditForm = lazy(async () => ({ default: (await loadTokenEditForm()).TokenEditForm }));
/** The safety facts, fetched from the Solana node, load with their disclosure: the list never waits for them. */
const TokenSafetyFacts = lazy(async () => ({
  default: (await import("./token-safety-facts")).TokenSafetyFacts,
}));

export interface TokenCardProps {
  token: Headline;
  siteName: string;
  /** Logged-in staff get the pencil (decisions page: the edit control is not for visitors). */
  canEdit?: boolean;
  /** This card shows its edit form (the page keeps one card at a time in edit mode). */
  editing?: boolean;
  onEditingChange?: (editing: boolean) => void;
}

/** One launched token on Yesterday's News: picture, name, address with copy, market data and links. */
export function TokenCard({
  token,
  siteName,
  canEdit = false,
  editing = false,
  onEditingChange,
}: TokenCardProps) {
  const { contractAddress, symbol } = token;
  const name = symbol ? `${symbol} Token` : token.title;
  const subject = symbol || token.title;
  const formId = useId();
  const shareUrl = useHeadlineUrl()(token);
  const pencilRef = useRef<HTMLButtonElement>(null);
  const showForm = canEdit && editing;

  useEffect(() => {
    if (canEdit) loadTokenEditForm().catch(() => undefined);
  }, [canEdit]);

  function finishEditing() {
    onEditingChange?.(false);
    // The form is gone after this render: give the focus back to the control that opened it.
    requestAnimationFrame(() => pencilRef.current?.focus());
  }

  return (
    <Card className="h-full bg-paper">
      <TokenImage
        item={token}
        alt={`${subject} token image`}
        width={480}
        height={300}
        className="aspect-[8/5] w-full border-b-3 border-ink bg-night"
      />
      <CardHeader>
        {contractAddress || canEdit ? (
          <div className="flex min-h-6 items-start justify-between gap-3">
            {contractAddress ? (
              <Badge variant="green" className="w-fit">
                Launched
              </Badge>
            ) : (
              <span />
            )}
            {canEdit ? (
              <Button
                ref={pencilRef}
                size="icon"
                variant={showForm ? "default" : "secondary"}
                aria-label={`Edit ${subject}`}
                aria-expanded={showForm}
                aria-controls={showForm ? formId : undefined}
                onClick={() => onEditingChange?.(!showForm)}
                className="-mt-1 shrink-0"
              >
                <PencilIcon />
              </Button>
            ) : null}
          </div>
        ) : null}
        <CardTitle className="break-words">{name}</CardTitle>
        {contractAddress ? (
          <p className="font-mono text-sm text-ink-soft" title={contractAddress}>
            {shortenAddress(contractAddress)}
          </p>
        ) : null}
      </CardHeader>
      {showForm ? (
        <CardContent id={formId}>
          <Suspense fallback={<Spinner label="Loading the edit form" />}>
            <TokenEditForm token={token} onDone={finishEditing} />
          </Suspense>
        </CardContent>
      ) : (
        <TokenDetails token={token} siteName={siteName} shareUrl={shareUrl} />
      )}
    </Card>
  );
}

/** The card's body when it is not being edited: description, market data, links and sharing. */
function TokenDetails({
  token,
  siteName,
  shareUrl,
}: Pick<TokenCardProps, "token" | "siteName"> & { shareUrl: string }) {
  const { contractAddress, symbol } = token;
  const subject = symbol || token.title;
  return (
    <>
      <CardContent className="flex flex-col gap-4">
        {/* Imported tokens carry their 44-character address in the text: let it break, not widen the page. */}
        <p className="line-clamp-3 text-base wrap-anywhere">{token.description}</p>
        {contractAddress ? (
          <dl className="flex flex-col gap-3 border-3 border-ink bg-paper-dark p-3">
            <div className="flex flex-col gap-2">
              <dt className="font-pixel text-[10px] uppercase">Contract Address</dt>
              <dd className="flex items-center gap-2">
                <code className="min-w-0 flex-1 font-mono text-sm break-all select-all">
                  {contractAddress}
                </code>
                <CopyAddressButton address={contractAddress} subject={subject} />
              </dd>
            </div>
            {token.marketCap !== null ? <Stat label="Market Cap" value={formatUsd(token.marketCap)} /> : null}
            {token.volume24h !== null ? <Stat label="24h Volume" value={formatUsd(token.volume24h)} /> : null}
            {token.price !== null ? <Stat label="Price" value={formatPrice(token.price)} /> : null}
            {typeof token.priceChange24h === "number" ? <ChangeStat percent={token.priceChange24h} /> : null}
            {typeof token.liquidityUsd === "number" ? (
              <Stat label="Liquidity" value={formatUsd(token.liquidityUsd)} />
            ) : null}
            {token.pairCreatedAt ? <Stat label="Pair Age" value={formatAge(token.pairCreatedAt)} /> : null}
          </dl>
        ) : null}
        {contractAddress ? <SafetyFacts address={contractAddress} symbol={symbol} /> : null}
      </CardContent>
      <CardFooter className="flex-col items-stretch gap-4">
        {token.chartUrl || token.buyUrl ? (
          <div className="flex flex-col gap-3">
            {token.chartUrl ? (
              <Button asChild variant="blue">
                <a href={token.chartUrl} target="_blank" rel="noopener noreferrer">
                  <ChartIcon /> View Chart
                </a>
              </Button>
            ) : null}
            {token.buyUrl ? (
              <Button asChild>
                <a href={token.buyUrl} target="_blank" rel="noopener noreferrer">
                  <CoinIcon /> Buy {symbol || "Token"}
                </a>
              </Button>
            ) : null}
          </div>
        ) : null}
        <ShareBar text={tokenShareText(token, siteName)} url={shareUrl} subject={subject} />
      </CardFooter>
    </>
  );
}

/** The 24 h change: its sign, an arrow and the word for screen readers, on green or red (never colour alone). */
function ChangeStat({ percent }: { percent: number }) {
  const up = percent > 0.05;
  const down = percent < -0.05;
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-2 border-t-2 border-ink/20 pt-2">
      <dt className="font-pixel text-[10px] uppercase">24h Change</dt>
      <dd
        className={cn(
          "border-2 border-ink px-2 py-0.5 font-pixel text-xs",
          up ? "bg-nes-green text-ink" : down ? "bg-nes-red text-white" : "bg-paper text-ink",
        )}
      >
        <span aria-hidden="true">{up ? "▲ " : down ? "▼ " : ""}</span>
        <span className="sr-only">{up ? "Up " : down ? "Down " : ""}</span>
        {formatChange(percent)}
      </dd>
    </div>
  );
}

/**
 * "Safety facts": a disclosure before "Buy". Its content (and the call to the Solana node behind it) loads
 * the first time it is opened.
 */
function SafetyFacts({ address, symbol }: { address: string; symbol: string | null }) {
  const [opened, setOpened] = useState(false);
  return (
    <details
      className="group border-3 border-ink bg-paper-dark"
      onToggle={(event) => {
        if (event.currentTarget.open) setOpened(true);
      }}
    >
      <summary className="flex min-h-11 cursor-pointer items-center justify-between gap-2 px-3 font-pixel text-[10px] uppercase select-none">
        <span>Safety facts</span>
        <span aria-hidden="true" className="group-open:rotate-90">
          ▶
        </span>
      </summary>
      <div className="px-3 pb-3">
        {opened ? (
          <Suspense fallback={<Spinner label="Loading the safety facts" className="py-4" />}>
            <TokenSafetyFacts address={address} symbol={symbol} />
          </Suspense>
        ) : null}
      </div>
    </details>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-2 border-t-2 border-ink/20 pt-2">
      <dt className="font-pixel text-[10px] uppercase">{label}</dt>
      <dd className="font-pixel text-xs">{value}</dd>
    </div>
  );
}
