import { and, asc, desc, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { Headline } from "@/common/headline";
import type { Db } from "../../db/connect";
import { headlines, settings } from "../../db/schema";
import { toHeadline } from "./headline-view";

/**
 * The home page's voting list (decisions page, "Lists"): approved, not a winner, in today's news, not moved
 * to yesterday, and for paid submissions only once the payment is verified. Verified paid submissions are
 * promoted: placed first.
 */
export const inTodaysVoting = and(
  eq(headlines.isApproved, true),
  eq(headlines.isWinner, false),
  eq(headlines.isTodaysNews, true),
  eq(headlines.isOldNews, false),
  or(isNull(headlines.transactionId), eq(headlines.isPaid, true)),
);

/** Tomorrow's News candidates: approved headlines flagged for tomorrow, imported news included. */
export const inTomorrowsNews = and(
  eq(headlines.isApproved, true),
  eq(headlines.isTomorrowsNews, true),
  eq(headlines.isWinner, false),
);

/** Yesterday's News: launched (a contract address), moved winners and imported tokens. */
export const inYesterdaysNews = and(
  eq(headlines.isApproved, true),
  or(isNotNull(headlines.contractAddress), eq(headlines.isOldNews, true)),
);

/** GET /api/headlines: the current winner (flagged isWinner) followed by today's voting list. */
export async function listHomeHeadlines(db: Db): Promise<Headline[]> {
  const [winnerRows, voting] = await Promise.all([
    db
      .select({ headline: headlines })
      .from(settings)
      .innerJoin(headlines, eq(headlines.id, settings.currentWinnerId))
      .where(eq(settings.id, 1)),
    db
      .select()
      .from(headlines)
      .where(inTodaysVoting)
      .orderBy(
        desc(sql`(${headlines.isPaid} AND ${headlines.transactionId} IS NOT NULL)`),
        asc(headlines.createdAt),
        asc(headlines.id),
      ),
  ]);
  const winner = winnerRows[0]?.headline;
  return [
    ...(winner ? [toHeadline(winner, { isWinner: true })] : []),
    ...voting.map((row) => toHeadline(row)),
  ];
}

/** Tomorrow's News in received order. */
export async function listTomorrowsNews(db: Db): Promise<Headline[]> {
  const rows = await db
    .select()
    .from(headlines)
    .where(inTomorrowsNews)
    .orderBy(asc(headlines.createdAt), asc(headlines.id));
  return rows.map((row) => toHeadline(row));
}

/** Yesterday's News, newest first. */
export async function listYesterdaysNews(db: Db): Promise<Headline[]> {
  const rows = await db
    .select()
    .from(headlines)
    .where(inYesterdaysNews)
    .orderBy(desc(sql`coalesce(${headlines.oldNewsAt}, ${headlines.createdAt})`), desc(headlines.id));
  return rows.map((row) => toHeadline(row));
}
