import { and, asc, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { Feed } from "feed";
import { editionDate } from "@/common/edition-date";
import type { HeadlinePage } from "@/common/headline";
import { headlinePath } from "@/common/headline-path";
import { editionPath } from "@/common/pages";
import type { Config } from "../../config";
import type { Db } from "../../db/connect";
import { editions, headlines, headlineTransitions } from "../../db/schema";
import { escapeHtml, xmlChars } from "../../lib/html";
import { editionDayCardPath, headlineCardPath } from "../headlines/card-path";
import { findEditionLeader } from "../headlines/editions.service";
import { toHeadline } from "../headlines/headline-view";

/** How many entries the feeds carry: the latest of the paper. */
export const FEED_SIZE = 50;

/** A headline not (or no longer) published never appears in the feeds or the sitemap. */

export type FeedEventKind = "voting" | "winner" | "launched";

/** A headline's event: up for voting, crowned, launched. */
export interface HeadlineFeedEntry {
  kind: FeedEventKind;
  /** Stable per event: a feed reader shows each once. */
  key: string;
  at: Date;
  headline: HeadlinePage;
}

/** An edition closed: its standings frozen (issue 22), announced with its winner. */
export interface EditionFeedEntry {
  kind: "edition";
  key: string;
  at: Date;
  day: string;
  winner: HeadlinePage | null;
}

export type FeedEntry = HeadlineFeedEntry | EditionFeedEntry;

/** How many closed editions the feeds carry (each costs a few queries; the feeds are kept until a change). */
const FEED_EDITIONS = 10;

const pageOf = (row: typeof headlines.$inferSelect): HeadlinePage => ({
  ...toHeadline(row),
  stage: row.stage,
});

/**
 * The paper's latest events, newest first: a headline going up for voting and a winner being crowned (both
 * from the stage audit, decision 007), and a coin launching (the day it joined Yesterday's News with its
 * contract address). One event per headline and kind: the first time it happened, so a headline that
 * leaves today's voting and comes back (or is crowned again after a correction) is not announced twice.
 */
export async function latestFeedEntries(db: Db, limit = FEED_SIZE): Promise<FeedEntry[]> {
  const firsts = db
    .selectDistinctOn([headlineTransitions.headlineId, headlineTransitions.toStage], {
      id: headlineTransitions.id,
      headlineId: headlineTransitions.headlineId,
      toStage: headlineTransitions.toStage,
      at: headlineTransitions.createdAt,
    })
    .from(headlineTransitions)
    .where(inArray(headlineTransitions.toStage, ["today", "winner"]))
    .orderBy(headlineTransitions.headlineId, headlineTransitions.toStage, asc(headlineTransitions.id))
    .as("firsts");
  const [moves, launches] = await Promise.all([
    db
      .select({ toStage: firsts.toStage, at: firsts.at, row: headlines })
      .from(firsts)
      .innerJoin(headlines, sql`${headlines.id} = ${firsts.headlineId}`)
      .where(eq(headlines.isPublic, true))
      .orderBy(desc(firsts.at), desc(firsts.id))
      .limit(limit),
    db
      .select()
      .from(headlines)
      .where(
        and(
          isNotNull(headlines.oldNewsAt),
          isNotNull(headlines.contractAddress),
          eq(headlines.isPublic, true),
        ),
      )
      .orderBy(desc(headlines.oldNewsAt), desc(headlines.id))
      .limit(limit),
  ]);
  const closed = await db
    .select({ day: editions.day, frozenAt: editions.frozenAt })
    .from(editions)
    .where(isNotNull(editions.frozenAt))
    .orderBy(desc(editions.frozenAt), desc(editions.race))
    .limit(FEED_EDITIONS);
  const editionEntries: EditionFeedEntry[] = [];
  for (const { day, frozenAt } of closed) {
    const found = await findEditionLeader(db, day, new Date());
    if (!found?.final) continue; // a later race of the same day is still open: announced when it closes
    editionEntries.push({
      kind: "edition",
      key: `edition-${day}`,
      at: frozenAt as Date,
      day,
      winner: found.leader,
    });
  }
  const entries: FeedEntry[] = [
    ...editionEntries,
    ...moves.map(({ toStage, at, row }) => {
      const kind = toStage === "winner" ? ("winner" as const) : ("voting" as const);
      return { kind, key: `${kind}-${row.id}`, at, headline: pageOf(row) };
    }),
    ...launches.map((row) => ({
      kind: "launched" as const,
      key: `launched-${row.id}`,
      at: row.oldNewsAt as Date,
      headline: pageOf(row),
    })),
  ];
  return entries
    .sort((a, b) => b.at.getTime() - a.at.getTime() || a.key.localeCompare(b.key))
    .slice(0, limit);
}

const ENTRY_TITLE: Record<FeedEventKind, (title: string, symbol: string | null) => string> = {
  voting: (title) => `Vote now: ${title}`,
  winner: (title) => `Today's winner: ${title}`,
  launched: (title, symbol) => `Launched${symbol ? ` $${symbol}` : ""}: ${title}`,
};

/** RSS 2.0 and JSON Feed 1.1 of the entries, with links to the headlines' pages (PUBLIC_URL). */
export function buildFeed(
  entries: readonly FeedEntry[],
  config: Pick<Config, "publicUrl" | "siteName">,
): Feed {
  const site = config.publicUrl;
  const feed = new Feed({
    id: `${site}/`,
    title: config.siteName,
    description:
      "The daily meme-coin newspaper: headlines up for the community's vote, winners and launched coins.",
    link: `${site}/`,
    language: "en",
    updated: entries[0]?.at ?? new Date(0),
    generator: false,
    feedLinks: { rss: `${site}/feed.xml`, json: `${site}/feed.json` },
    copyright: `© ${config.siteName}`,
  });
  for (const entry of entries) {
    if (entry.kind === "edition") {
      addEdition(feed, entry, site);
      continue;
    }
    const url = `${site}${headlinePath(entry.headline)}`;
    // The item's id names the headline by its id and the event, never by its slug: a title edit changes
    // the link, not what the reader has already seen.
    const id = `${site}/h/${entry.headline.id}#${entry.kind}`;
    // The headline's share card: a PNG of a known size and type at a stable address, where the headline's own
    // picture may be on another host, of any type, or missing.
    const image = { url: `${site}${headlineCardPath(entry.headline)}`, type: "image/png", length: 0 };
    // The visitor's text goes in without what XML forbids (for RSS; JSON readers are spared it too), and
    // only here: the card's and the page's addresses are made from the headline as stored.
    feed.addItem({
      title: xmlChars(ENTRY_TITLE[entry.kind](entry.headline.title, entry.headline.symbol)),
      id,
      guid: id,
      link: url,
      date: entry.at,
      published: entry.at,
      // Readers show an RSS description and JSON Feed's content_html (the package writes the description
      // there) as HTML: the visitor's text goes in escaped, so it stays text.
      description: escapeHtml(xmlChars(entry.headline.description)),
      image,
    });
  }
  return feed;
}

/** A closed edition: its page, its card, and who won. */
function addEdition(feed: Feed, entry: EditionFeedEntry, site: string): void {
  const url = `${site}${editionPath(entry.day)}`;
  const winner = entry.winner;
  const date = editionDate(entry.day);
  feed.addItem({
    title: xmlChars(
      winner ? `The edition of ${date}: "${winner.title}" won` : `The edition of ${date} closed`,
    ),
    id: url,
    guid: url,
    link: url,
    date: entry.at,
    published: entry.at,
    description: escapeHtml(
      xmlChars(
        winner
          ? `Final standings of ${date}: "${winner.title}" won with ${winner.votes} votes. Every headline's count, open to recount.`
          : `Final standings of ${date}: no headline received a vote.`,
      ),
    ),
    image: {
      url: `${site}${editionDayCardPath({ day: entry.day, leader: winner, final: true })}`,
      type: "image/png",
      length: 0,
    },
  });
}

/**
 * The feed package writes JSON Feed 1.0; the paper's feed carries nothing 1.1 changed (no authors), so
 * naming version 1.1 and its language field makes it a valid 1.1 feed.
 */
export function jsonFeed11(feed: Feed): string {
  const json = JSON.parse(feed.json1()) as Record<string, unknown>;
  return JSON.stringify({ ...json, version: "https://jsonfeed.org/version/1.1", language: "en" }, null, 2);
}
