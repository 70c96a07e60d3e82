import { createHash } from "node:crypto";
import {
  CARD_HEIGHT,
  CARD_WIDTH,
  editionCardFile,
  editionDayCardFile,
  headlineCardFile,
} from "@/common/card-path";
import type { HeadlinePage } from "@/common/headline";

// The paths' shapes are shared with the browser (common/card-path.ts); the versions are the server's.
export { CARD_HEIGHT, CARD_WIDTH };

/** What a headline's card draws: any change here is a new card, and only a change here. */
export function cardContent(headline: HeadlinePage) {
  return {
    id: headline.id,
    title: headline.title,
    imageUrl: headline.imageUrl,
    stage: headline.stage,
    votes: headline.votes,
    tomorrowVotes: headline.tomorrowVotes,
    symbol: headline.symbol,
    price: headline.price,
    marketCap: headline.marketCap,
    createdAt: headline.createdAt,
  };
}

/**
 * How cards are drawn: one more when the drawing of the same content changes, so every card is drawn anew
 * once (2: emoji and Hebrew and Arabic letters, drawn as empty boxes before, issue 23).
 */
const CARD_DRAWING = 2;

/** A short hash of what the card draws: the card's URL carries it, so a cached card is never stale. */
export function cardVersion(content: unknown): string {
  return createHash("sha256")
    .update(JSON.stringify([CARD_DRAWING, content]))
    .digest("base64url")
    .slice(0, 12);
}

/** The figures of a card that votes and market refreshes change (its counts, not what it shows). */
const CARD_COUNTS = new Set(["votes", "tomorrowVotes", "price", "marketCap"]);

/**
 * A card's version without its counts: two cards with the same one draw the same headline on the same day,
 * with other numbers. A page's head keeps its card for a while when only this stays (page-heads.ts).
 */
export function countlessCardVersion(content: unknown): string {
  return cardVersion(
    JSON.parse(JSON.stringify(content), (key, value) => (CARD_COUNTS.has(key) ? undefined : value)),
  );
}

/** The path of a headline's card (absolute URLs add PUBLIC_URL in front). */
export function headlineCardPath(headline: HeadlinePage): string {
  return headlineCardFile(headline.id, cardVersion(cardContent(headline)));
}

/** What a list page's card draws: the day's leader (or the paper's name when there is none) and the date. */
export function editionCardContent(edition: { day: string; leader: HeadlinePage | null }) {
  return { day: edition.day, leader: edition.leader ? cardContent(edition.leader) : null };
}

/** The path of a list page's card. */
export function editionCardPath(edition: { day: string; leader: HeadlinePage | null }): string {
  return editionCardFile(cardVersion(editionCardContent(edition)));
}

/** What one edition's own card draws: the day, its winner or leader, and whether the race is over. */
export function editionDayCardContent(edition: { day: string; leader: HeadlinePage | null; final: boolean }) {
  return { ...editionCardContent(edition), final: edition.final };
}

/** The path of one edition's own card (its page, `/edition/{day}`). */
export function editionDayCardPath(edition: {
  day: string;
  leader: HeadlinePage | null;
  final: boolean;
}): string {
  return editionDayCardFile(edition.day, cardVersion(editionDayCardContent(edition)));
}
