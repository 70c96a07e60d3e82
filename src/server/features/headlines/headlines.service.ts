import { and, asc, desc, eq, or, sql } from "drizzle-orm";
import type { TokenHeadlineInput } from "@/common/admin";
import { TOKEN_FROM_ADDRESS } from "@/common/audit";
import type { Headline, HeadlinePage } from "@/common/headline";
import { easternDay } from "@/common/time";
import type { Db } from "../../db/connect";
import { headlines, settings } from "../../db/schema";
import { type SessionAccount, writeAudit } from "../../plugins/auth";
import {
  createHeadlineIn,
  type HeadlineRow,
  inTodaysVoting,
  inTomorrowsNews,
  inYesterdaysNews,
} from "./headline-stage";
import { toHeadline } from "./headline-view";
import { CURRENT_RACE } from "./races";

/** GET /api/headlines: the current winner (flagged isWinner) followed by today's voting list. */
export async function listHomeHeadlines(db: Db): Promise<Headline[]> {
  const [winnerRows, voting] = await Promise.all([
    db
      .select()
      .from(headlines)
      .where(and(eq(headlines.stage, "winner"), eq(headlines.isPublic, true))),
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
  const winner = winnerRows[0];
  return [...(winner ? [toHeadline(winner)] : []), ...voting.map((row) => toHeadline(row))];
}

/** One headline for its own page; null when there is none or it is not public (waiting for review, refused). */
export async function findHeadlinePage(db: Db, id: number): Promise<HeadlinePage | null> {
  const [found] = await db
    .select({
      row: headlines,
      // The race it was counted in, else the race running now if it is in today's voting.
      editionDate: sql<string | null>`(
        SELECT e.day::text FROM editions e
        WHERE e.race = coalesce(${headlines.raceCycle}, CASE WHEN ${headlines.inTodaysVoting} THEN ${CURRENT_RACE} END)
      )`,
      // The paper's launch of its coin, when there is one (its receipt's address): the latest attempt. The
      // headline's id is named with its table: drizzle writes a column bare, which here would be the launch's.
      launchReceiptDate: sql<string | null>`(
        SELECT l.edition_day::text FROM launches l
        WHERE l.headline_id = "headlines"."id" AND l.kind = 'launch' ORDER BY l.id DESC LIMIT 1
      )`,
    })
    .from(headlines)
    .where(eq(headlines.id, id));
  if (!found?.row.isPublic) return null;
  return {
    ...toHeadline(found.row),
    stage: found.row.stage,
    editionDate: found.editionDate ?? null,
    launchReceiptDate: found.launchReceiptDate ?? null,
  };
}

/**
 * The day's leader, for a list page's share card and head: the current winner once crowned, else the most
 * voted headline in today's voting (the earliest on a tie); null on an empty paper.
 */
export async function findEditionLeader(db: Db): Promise<HeadlinePage | null> {
  const [row] = await db
    .select()
    .from(headlines)
    .where(or(eq(headlines.stage, "winner"), inTodaysVoting))
    .orderBy(
      desc(sql`(${headlines.stage} = 'winner')`),
      desc(headlines.votes),
      asc(headlines.createdAt),
      asc(headlines.id),
    )
    .limit(1);
  return row ? { ...toHeadline(row), stage: row.stage } : null;
}

/** The day's edition: its date (US Eastern, as the settings keep it) and its leader. */
export async function findEdition(db: Db): Promise<{ day: string; leader: HeadlinePage | null }> {
  const [[row], leader] = await Promise.all([
    db.select({ currentDay: settings.currentDay }).from(settings).limit(1),
    findEditionLeader(db),
  ]);
  return { day: row?.currentDay ?? easternDay(new Date()), leader };
}

/** Tomorrow's News in received order. */
export async function listTomorrowsNews(db: Db): Promise<Headline[]> {
  const rows = await db
    .select()
    .from(headlines)
    .where(inTomorrowsNews)
    .orderBy(asc(headlines.createdAt), asc(headlines.id));
  return rows.map((row) => toHeadline(row, "tomorrow"));
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

/**
 * "Generate token from address": a launched token entered by staff goes straight to Yesterday's News and the
 * Winners tab (a past winner). It is reached through the public POST /api/headlines when a session is
 * present, outside the staff scope, so it writes its own audit row, in the same transaction as the headline.
 */
export async function createTokenHeadline(
  db: Db,
  input: TokenHeadlineInput,
  account: SessionAccount,
  now = new Date(),
): Promise<HeadlineRow> {
  return db.transaction(async (tx) => {
    const row = await createHeadlineIn(
      tx,
      "generateToken",
      {
        title: input.title,
        description: input.description,
        imageUrl: input.imageUrl ?? null,
        symbol: input.symbol ?? null,
        contractAddress: input.contractAddress,
        price: input.price ?? null,
        marketCap: input.marketCap ?? null,
        volume24h: input.volume24h ?? null,
        chartUrl: input.chartUrl ?? null,
        buyUrl: input.buyUrl ?? null,
        twitterUrl: input.twitterUrl ?? null,
        websiteUrl: input.websiteUrl ?? null,
        submittedBy: "admin",
        launchStatus: "launched",
        oldNewsAt: now,
        createdAt: now,
      },
      { kind: "staff", account },
      now,
    );
    if (!row) throw new Error("insert returned nothing");
    await writeAudit(
      tx,
      {
        account,
        action: TOKEN_FROM_ADDRESS,
        target: String(row.id),
        details: { contractAddress: row.contractAddress },
      },
      now,
    );
    return row;
  });
}
