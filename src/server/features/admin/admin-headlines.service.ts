import { desc, eq, sql } from "drizzle-orm";
import type { AdminHeadline, AdminSummary, TokenEditInput } from "@/common/admin";
import type { Db } from "../../db/connect";
import { headlines } from "../../db/schema";
import { conflict, notFound } from "../../lib/http-error";
import {
  type Actor,
  HEADLINE_NOT_FOUND,
  inTodaysVoting,
  isAllowed,
  setContractAddress as launchWithAddress,
  refusal,
  transition,
  transitionIn,
} from "../headlines/headline-stage";
import { toAdminHeadline } from "./admin-view";

export { HEADLINE_NOT_FOUND };

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
      // The Pending Approval tab lists rejected submissions too, marked so, until staff delete them.
      pendingApproval: sql<number>`(count(*) filter (where ${headlines.stage} in ('pending', 'rejected')))::int`,
      activeHeadlines: sql<number>`(count(*) filter (where ${voting}))::int`,
      winners: sql<number>`(count(*) filter (where ${headlines.stage} in ('winner', 'past_winner')))::int`,
    })
    .from(headlines);
  return row ?? { pendingApproval: 0, activeHeadlines: 0, winners: 0 };
}

/**
 * Approving puts the headline in today's news (decisions page, "Lists": the free form promises that an
 * approved headline appears in the voting section). A paid one still waits for its payment to be verified.
 */
export async function approveHeadline(db: Db, id: number, actor: Actor, now: Date): Promise<AdminHeadline> {
  return toAdminHeadline(await transition(db, id, "approve", actor, now));
}

/**
 * Deletes a headline for good. The foreign keys do the rest in the same statement: its votes go (cascade),
 * settings.currentWinnerId is cleared if it was the current winner, archive entries keep their copy.
 */
export async function deleteHeadline(db: Db, id: number): Promise<void> {
  const [row] = await db.delete(headlines).where(eq(headlines.id, id)).returning({ id: headlines.id });
  found(row);
}

/**
 * The Today's News switch: a headline in today's voting leaves it (held, in neither list); one held or in
 * Tomorrow's News joins it. The row lock makes two quick clicks flip it twice, never lose one.
 */
export async function toggleTodaysNews(
  db: Db,
  id: number,
  actor: Actor,
  now: Date,
): Promise<{ id: number; isTodaysNews: boolean }> {
  const row = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(headlines).where(eq(headlines.id, id)).for("update");
    const { stage } = found(current);
    return transitionIn(tx, id, stage === "today" ? "removeFromToday" : "addToToday", actor, now);
  });
  return { id: row.id, isTodaysNews: row.stage === "today" };
}

/** The Tomorrow's News switch, the same way. */
export async function toggleTomorrowsNews(
  db: Db,
  id: number,
  actor: Actor,
  now: Date,
): Promise<{ id: number; isTomorrowsNews: boolean }> {
  const row = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(headlines).where(eq(headlines.id, id)).for("update");
    const { stage } = found(current);
    return transitionIn(tx, id, stage === "tomorrow" ? "removeFromTomorrow" : "addToTomorrow", actor, now);
  });
  return { id: row.id, isTomorrowsNews: row.stage === "tomorrow" };
}

export async function removeFromTomorrow(
  db: Db,
  id: number,
  actor: Actor,
  now: Date,
): Promise<AdminHeadline> {
  return toAdminHeadline(await transition(db, id, "removeFromTomorrow", actor, now));
}

export const NO_PAYMENT = "This headline has no payment to verify.";

/**
 * Verify or reject a paid submission's payment; only a headline that carries a transaction id has one. The
 * note records that staff decided, so the background on-chain check leaves the verdict alone. Rejecting
 * takes the submission out of review and every list (stage rejected); verifying a rejected one puts it
 * back in review. A winner's or a launched token's payment is settled and cannot be rejected. A rejection's
 * reason, when staff give one, is the note the submitter's receipt shows.
 */
export async function verifyPayment(
  db: Db,
  id: number,
  isPaid: boolean,
  actor: Actor,
  now: Date,
  reason?: string,
): Promise<{ isPaid: boolean; message: string }> {
  const set = { isPaid, paymentNote: isPaid ? "Verified by staff" : reason?.trim() || "Rejected by staff" };
  const row = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(headlines).where(eq(headlines.id, id)).for("update");
    const { stage, transactionId } = found(current);
    if (transactionId === null) throw conflict(NO_PAYMENT);
    if (isPaid && stage === "rejected") return transitionIn(tx, id, "reconsider", actor, now, set);
    if (!isPaid && stage !== "rejected") {
      if (!isAllowed("rejectPayment", stage)) throw refusal("rejectPayment", stage);
      return transitionIn(tx, id, "rejectPayment", actor, now, set);
    }
    const [updated] = await tx.update(headlines).set(set).where(eq(headlines.id, id)).returning();
    return found(updated);
  });
  return { isPaid: row.isPaid, message: row.isPaid ? "Payment verified" : "Payment rejected" };
}

/**
 * A contract address means the coin is launched (spec, section 4): it shows as launched and appears in
 * Yesterday's News, dated from the first time it got there (headline-stage.ts decides the stage).
 */
export async function setContractAddress(
  db: Db,
  id: number,
  contractAddress: string,
  actor: Actor,
  now: Date,
): Promise<AdminHeadline> {
  return toAdminHeadline(await launchWithAddress(db, id, contractAddress, actor, now));
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
