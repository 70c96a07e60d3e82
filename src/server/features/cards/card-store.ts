import { and, eq, like, ne } from "drizzle-orm";
import type { Db } from "../../db/connect";
import { images } from "../../db/schema";
import { CARD_HEIGHT, CARD_WIDTH } from "../headlines/card-path";

/**
 * Drawn cards are kept in the database's images table, one row per card under the key of its version
 * (`card:h:{id}:{version}`, `card:edition:{version}`), so that a version is drawn once for the whole site:
 * not again by another process, after a restart, or when a process's memory had to let it go. Uploaded
 * images' keys are 64 hex digits, so the two never meet, and /api/images serves only those. Only the
 * current version of a card is kept: an old version's address redirects to the current one.
 */

export interface CardKey {
  /** The row's key. */
  key: string;
  /** The prefix every version of this card shares. */
  family: string;
}

export const headlineCardKey = (id: number, version: string): CardKey => ({
  key: `card:h:${id}:${version}`,
  family: `card:h:${id}:`,
});

export const editionCardKey = (version: string): CardKey => ({
  key: `card:edition:${version}`,
  family: "card:edition:",
});
/** One edition's own card (its page): the day's family, so a new version replaces only that day's card. */
export const editionDayCardKey = (day: string, version: string): CardKey => ({
  key: `card:edition-day:${day}:${version}`,
  family: `card:edition-day:${day}:`,
});

export async function findStoredCard(db: Db, card: CardKey): Promise<Buffer | undefined> {
  const [row] = await db.select({ bytes: images.bytes }).from(images).where(eq(images.hash, card.key));
  return row && Buffer.from(row.bytes);
}

/** Keeps a drawn card, and lets its older versions go (the family has no LIKE wildcard: ids are digits). */
export async function storeCard(db: Db, card: CardKey, png: Buffer): Promise<void> {
  await db
    .insert(images)
    .values({ hash: card.key, contentType: "image/png", bytes: png, width: CARD_WIDTH, height: CARD_HEIGHT })
    .onConflictDoNothing();
  await db.delete(images).where(and(like(images.hash, `${card.family}%`), ne(images.hash, card.key)));
}
