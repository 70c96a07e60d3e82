/*
 * Share links and texts that the front page's first load does not need (decision 005): the link bars, the
 * Tomorrow's News post and the token texts. A headline's share text, the winner's post and the trade links
 * are in share.ts.
 */

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
