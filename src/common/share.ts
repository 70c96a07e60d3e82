import type { HeadlineStage } from "./headline";

/**
 * Cuts a shared text to 97 characters plus an ellipsis when it is over 100 characters (here, not in
 * format.ts, so the front page's share links do not load the price formats).
 */
export function cutForShare(text: string): string {
  return text.length > 100 ? `${text.slice(0, 97)}...` : text;
}

/** Yesterday's News card share text: "Check out {symbol or title} on {site}!" */
export function tokenShareText(item: { symbol: string | null; title: string }, siteName: string): string {
  return `Check out ${item.symbol || item.title} on ${siteName}!`;
}

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

export interface ShareTarget {
  text: string;
  url: string;
  /** Optional longer text (a description), cut to 97 characters plus an ellipsis when over 100. */
  description?: string;
}

function fullText(target: ShareTarget): string {
  return target.description ? `${target.text} ${cutForShare(target.description)}` : target.text;
}

/** The share controls' links: X post intent, Telegram's share page, Facebook sharer, e-mail. */
export function shareLinks(target: ShareTarget) {
  const text = fullText(target);
  return {
    x: `https://x.com/intent/tweet?text=${encodeURIComponent(text)}&url=${encodeURIComponent(target.url)}`,
    telegram: `https://t.me/share/url?url=${encodeURIComponent(target.url)}&text=${encodeURIComponent(text)}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(target.url)}`,
    email: `mailto:?subject=${encodeURIComponent(target.text)}&body=${encodeURIComponent(`${text}\n\n${target.url}`)}`,
  };
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

/** "Share My Vote on X" on Tomorrow's News; the top four also get a Top4 hashtag. */
export function tomorrowVotePostUrl(
  headline: { title: string },
  pageUrl: string,
  siteName: string,
  isTopFour: boolean,
): string {
  const text = `I just voted for "${headline.title}" in ${siteName}'s Tomorrow's News! Cast yours:`;
  const tags = ["MemeCoin", "TomorrowsNews", ...(isTopFour ? ["Top4"] : [])];
  return `https://x.com/intent/tweet?text=${encodeURIComponent(text)}&url=${encodeURIComponent(pageUrl)}&hashtags=${tags.join(",")}`;
}
