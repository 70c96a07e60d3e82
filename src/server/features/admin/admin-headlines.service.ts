import { and, desc, eq, isNotNull, not, sql } from "drizzle-orm";
import type { AdminHeadline, AdminSummary, TokenEditInput, TokenHeadlineInput } from "@/common/admin";
import type { Db } from "../../db/connect";
import { headlines } from "../../db/schema";
import { conflict, notFound } from "../../lib/http-error";
import { writeAudit } from "../accounts/audit.service";
import type { SessionAccount } from "../accounts/sessions.service";
import { inTodaysVoting } from "../headlines/headlines.service";
import { toAdminHeadline } from "./admin-view";

export const HEADLINE_NOT_FOUND = "Headline not found";

type HeadlineRow = typeof headlines.$inferSelect;

/** The row an UPDATE ... RETURNING touched, or the 404 every :id route answers for an unknown id. */
function found<T>(row: T | undefined): T {
  if (row === undefined) throw notFound(HEADLINE_NOT_FOUND);
  return row;
}

/** Every headline, newest first: the dashboard's tabs filter this one list. */
export async function listAdminHeadlines(db: Db): Promise<AdminHeadline[]> {
  const rows = await db.select().from(headlines).orderBy(desc(headlines.createdAt), desc(headlines.id));
  return rows.map(toAdminHeadline);
}

/** The three summary cards; "active" is exactly the home page's voting list (one rule, inTodaysVoting). */
export async function adminSummary(db: Db): Promise<AdminSummary> {
  const voting = inTodaysVoting ?? sql`false`;
  const [row] = await db
    .select({
      pendingApproval: sql<number>`(count(*) filter (where not ${headlines.isApproved}))::int`,
      activeHeadlines: sql<number>`(count(*) filter (where ${voting}))::int`,
      winners: sql<number>`(count(*) filter (where ${headlines.isWinner}))::int`,
    })
    .from(headlines);
  return row ?? { pendingApproval: 0, activeHeadlines: 0, winners: 0 };
}

/**
 * Approving puts the headline in today's news (decisions page, "Lists": the free form promises that an
 * approved headline appears in the voting section). A paid one still waits for its payment to be verified.
 */
export async function approveHeadline(db: Db, id: number): Promise<AdminHeadline> {
  const [row] = await db
    .update(headlines)
    .set({ isApproved: true, isTodaysNews: true })
    .where(eq(headlines.id, id))
    .returning();
  return toAdminHeadline(found(row));
}

/**
 * Deletes a headline for good. The foreign keys do the rest in the same statement: its votes go (cascade),
 * settings.currentWinnerId is cleared if it was the current winner, archive entries keep their copy.
 */
export async function deleteHeadline(db: Db, id: number): Promise<void> {
  const [row] = await db.delete(headlines).where(eq(headlines.id, id)).returning({ id: headlines.id });
  found(row);
}

/** Flips the flag in one statement, so two quick clicks flip it twice, never lose one. */
export async function toggleTodaysNews(db: Db, id: number): Promise<{ id: number; isTodaysNews: boolean }> {
  const [row] = await db
    .update(headlines)
    .set({ isTodaysNews: not(headlines.isTodaysNews) })
    .where(eq(headlines.id, id))
    .returning({ id: headlines.id, isTodaysNews: headlines.isTodaysNews });
  return found(row);
}

export async function toggleTomorrowsNews(
  db: Db,
  id: number,
): Promise<{ id: number; isTomorrowsNews: boolean }> {
  const [row] = await db
    .update(headlines)
    .set({ isTomorrowsNews: not(headlines.isTomorrowsNews) })
    .where(eq(headlines.id, id))
    .returning({ id: headlines.id, isTomorrowsNews: headlines.isTomorrowsNews });
  return found(row);
}

export async function removeFromTomorrow(db: Db, id: number): Promise<AdminHeadline> {
  const [row] = await db
    .update(headlines)
    .set({ isTomorrowsNews: false })
    .where(eq(headlines.id, id))
    .returning();
  return toAdminHeadline(found(row));
}

export const NO_PAYMENT = "This headline has no payment to verify.";

/**
 * Verify or reject a paid submission's payment; only a headline that carries a transaction id has one. The
 * note records that staff decided, so the background on-chain check leaves the verdict alone.
 */
export async function verifyPayment(
  db: Db,
  id: number,
  isPaid: boolean,
): Promise<{ isPaid: boolean; message: string }> {
  const [row] = await db
    .update(headlines)
    .set({ isPaid, paymentNote: isPaid ? "Verified by staff" : "Rejected by staff" })
    .where(and(eq(headlines.id, id), isNotNull(headlines.transactionId)))
    .returning({ isPaid: headlines.isPaid });
  if (!row) {
    const [exists] = await db.select({ id: headlines.id }).from(headlines).where(eq(headlines.id, id));
    throw exists ? conflict(NO_PAYMENT) : notFound(HEADLINE_NOT_FOUND);
  }
  return { isPaid: row.isPaid, message: row.isPaid ? "Payment verified" : "Payment rejected" };
}

/**
 * A contract address means the coin is launched (spec, section 4): it shows as launched and appears in
 * Yesterday's News, dated from the first time it got there.
 */
export async function setContractAddress(
  db: Db,
  id: number,
  contractAddress: string,
  now: Date,
): Promise<AdminHeadline> {
  const [row] = await db
    .update(headlines)
    .set({
      contractAddress,
      launchStatus: "launched",
      oldNewsAt: sql`coalesce(${headlines.oldNewsAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(eq(headlines.id, id))
    .returning();
  return toAdminHeadline(found(row));
}

/** The token edit on Yesterday's News: a field left out stays as it is; an empty symbol or image clears it. */
export async function editToken(db: Db, id: number, input: TokenEditInput): Promise<AdminHeadline> {
  const [row] = await db
    .update(headlines)
    .set({
      title: input.title,
      ...(input.symbol !== undefined && { symbol: input.symbol }),
      ...(input.imageUrl !== undefined && { imageUrl: input.imageUrl }),
      ...(input.description !== undefined && { description: input.description }),
    })
    .where(eq(headlines.id, id))
    .returning();
  return toAdminHeadline(found(row));
}

/**
 * "Generate token from address": a launched token entered by staff goes straight to Yesterday's News and the
 * Winners tab. It is reached through the public POST /api/headlines when a session is present, outside the
 * staff scope, so it writes its own audit row, in the same transaction as the headline.
 */
export async function createTokenHeadline(
  db: Db,
  input: TokenHeadlineInput,
  account: SessionAccount,
  now = new Date(),
): Promise<AdminHeadline> {
  return db.transaction(async (tx) => {
    const [row]: HeadlineRow[] = await tx
      .insert(headlines)
      .values({
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
        isApproved: true,
        isWinner: true,
        isOldNews: true,
        oldNewsAt: now,
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error("insert returned nothing");
    await writeAudit(
      tx,
      {
        account,
        action: "POST /api/headlines (token from address)",
        target: String(row.id),
        details: { contractAddress: row.contractAddress },
      },
      now,
    );
    return toAdminHeadline(row);
  });
}
