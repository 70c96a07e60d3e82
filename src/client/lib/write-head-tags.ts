import { CURRENT_CARD, editionCardFile, editionDayCardFile, headlineCardFile } from "@/common/card-path";
import { describeScreen, type ScreenOf } from "@/common/page-descriptions";

export interface HeadTags {
  title: string;
  of: ScreenOf;
  imageAlt: string;
  /** The site's address (PUBLIC_URL), or the page's origin when none is configured. */
  origin: string;
}

/** A screen's share card: the server names the current version, the browser asks for the current one. */
function cardOf(of: ScreenOf): string {
  if ("headline" in of) return headlineCardFile(of.headline.id, CURRENT_CARD);
  if ("edition" in of) return editionDayCardFile(of.edition.day, CURRENT_CARD);
  return editionCardFile(CURRENT_CARD);
}

/**
 * Writes a screen's link preview into the tags the server put in the head (page-heads.ts renderHeadTags),
 * in place, so the head never holds two of one. Loaded only once the visitor moves to another page: the
 * front page's first load stays within its budget.
 */
export function writeHeadTags({ title, of, imageAlt, origin }: HeadTags): void {
  const words = describeScreen(of);
  const image = `${origin}${cardOf(of)}`;
  const tags: Array<[string, string]> = [
    ['meta[name="description"]', words],
    ['meta[property="og:title"]', title],
    ['meta[property="og:description"]', words],
    ['meta[property="og:image"]', image],
    ['meta[property="og:image:alt"]', imageAlt],
    ['meta[name="twitter:title"]', title],
    ['meta[name="twitter:description"]', words],
    ['meta[name="twitter:image"]', image],
  ];
  for (const [selector, value] of tags) document.head.querySelector(selector)?.setAttribute("content", value);
}
