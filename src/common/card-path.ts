/**
 * Where share cards (og:image) live. The server names each card by a version of what it draws
 * (src/server/features/headlines/card-path.ts hashes it); a card asked for under another version answers a
 * redirect to the current one. The browser cannot hash synchronously, so after an in-app navigation it
 * points the head at CURRENT_CARD, which that redirect turns into the card the server would have named.
 */

/** A share card is 1200x630, the size X, Telegram and Facebook show large. */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** A version no card has (versions are 12 base64url characters of a hash): "the current card, whatever it is". */
export const CURRENT_CARD = "current-card";

/** The path of a headline's card. */
export function headlineCardFile(id: number, version: string): string {
  return `/cards/h/${id}/${version}.png`;
}

/** The path of the list pages' card: the open edition's leader and its date. */
export function editionCardFile(version: string): string {
  return `/cards/edition/${version}.png`;
}

/** The path of one edition's own card (its page, `/edition/{day}`). */
export function editionDayCardFile(day: string, version: string): string {
  return `/cards/edition/${day}/${version}.png`;
}
