import { cutForShare } from "./format";

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

/** The share button bar's links: X post intent, Facebook sharer, e-mail. */
export function shareLinks(target: ShareTarget) {
  const text = fullText(target);
  return {
    x: `https://x.com/intent/tweet?text=${encodeURIComponent(text)}&url=${encodeURIComponent(target.url)}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(target.url)}`,
    email: `mailto:?subject=${encodeURIComponent(target.text)}&body=${encodeURIComponent(`${text}\n\n${target.url}`)}`,
  };
}
