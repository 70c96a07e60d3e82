import { ChartIcon, CoinIcon } from "@/client/components/icons";
import { ShareBar } from "@/client/components/share-bar";
import { TokenImage } from "@/client/components/token-image";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "@/client/components/ui/card";
import { formatPrice, formatUsd, shortenAddress } from "@/common/format";
import type { Headline } from "@/common/headline";
import { tokenShareText } from "@/common/share";
import { CopyAddressButton } from "./copy-address-button";

export interface TokenCardProps {
  token: Headline;
  siteName: string;
  /** The absolute URL the share bar links to (the Yesterday's News page). */
  shareUrl: string;
}

/** One launched token on Yesterday's News: picture, name, address with copy, market data and links. */
export function TokenCard({ token, siteName, shareUrl }: TokenCardProps) {
  const { contractAddress, symbol } = token;
  const name = symbol ? `${symbol} Token` : token.title;
  const subject = symbol || token.title;

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
        {contractAddress ? (
          <Badge variant="green" className="w-fit">
            Launched
          </Badge>
        ) : null}
        <CardTitle className="break-words">{name}</CardTitle>
        {contractAddress ? (
          <p className="font-mono text-sm text-ink-soft" title={contractAddress}>
            {shortenAddress(contractAddress)}
          </p>
        ) : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <p className="line-clamp-3 text-base">{token.description}</p>
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
          </dl>
        ) : null}
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
    </Card>
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
