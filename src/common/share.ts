import type { HeadlineStage } from "./headline";

/** "8 PM" or "7:30 PM": a time of day on the paper's clock, US Eastern. */
function easternHour(at: Date | string): string {
  return new Date(at)
    .toLocaleTimeString("en-US", { timeZone: "America/New_York", hour: "numeric", minute: "2-digit" })
    .replace(":00", "");
}

/**
 * What a headline's share control says, by where the headline stands (issue 22): a call to vote while it
 * is in a race, the win once crowned, the coin once launched, and a plain "read" otherwise.
 */
export function headlineShareText(
  headline: { title: string; symbol: string | null; stage: HeadlineStage },
  siteName: string,
  votingEndTime?: Date | string | null,
): string {
  const title = `"${headline.title}"`;
  switch (headline.stage) {
    case "today":
      return votingEndTime
        ? `Vote for ${title} on ${siteName} before ${easternHour(votingEndTime)} Eastern!`
        : `Vote for ${title} on ${siteName}!`;
    case "tomorrow":
      return `Vote for ${title} in ${siteName}'s Tomorrow's News!`;
    case "winner":
      return `${title} won today's vote on ${siteName}!`;
    case "past_winner":
      return `${title} won the vote on ${siteName}!`;
    case "launched":
      return headline.symbol
        ? `${title} launched as $${headline.symbol}: read it on ${siteName}`
        : `${title} launched as a coin: read it on ${siteName}`;
    default:
      return `Read ${title} on ${siteName}`;
  }
}

/** Where a launched coin trades, by its Solana mint address. */
export function tradeLinks(contractAddress: string) {
  const ca = encodeURIComponent(contractAddress);
  return [
    { label: "DexScreener", url: `https://dexscreener.com/solana/${ca}` },
    { label: "Jupiter", url: `https://jup.ag/swap/SOL-${ca}` },
    { label: "Pump.fun", url: `https://pump.fun/coin/${ca}` },
  ];
}

/**
 * "Share on X" for the winner: the title, an optional $symbol, the contract address, a DEX and a pump link,
 * and the headline's own page (issue 13: every share points at the headline).
 */
export function winnerPostUrl(
  winner: {
    title: string;
    symbol: string | null;
    contractAddress: string | null;
  },
  pageUrl: string,
): string {
  const lines = [winner.symbol ? `${winner.title} $${winner.symbol}` : winner.title];
  if (winner.contractAddress) {
    const [dex, , pump] = tradeLinks(winner.contractAddress);
    lines.push(`CA: ${winner.contractAddress}`, `Chart: ${dex?.url}`, `Pump: ${pump?.url}`);
  }
  return `https://x.com/intent/tweet?text=${encodeURIComponent(lines.join("\n"))}&url=${encodeURIComponent(pageUrl)}`;
}
