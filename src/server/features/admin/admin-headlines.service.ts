import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { AdminHeadline, AdminSummary, TokenEditInput } from "@/common/admin";
import type { HeadlineStage } from "@/common/headline";
import { listSwitchRefusal } from "@/common/headline-rules";
import { LAUNCH_MESSAGES } from "@/common/launch";
import type { Db } from "../../db/connect";
import { headlines } from "../../db/schema";
import { conflict, notFound } from "../../lib/http-error";
import {
  type Actor,
  HEADLINE_NOT_FOUND,
  inTodaysVoting,
  isAllowed,
  setContractAddress as launchWithAddress,
  lockHeadline,
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

/** Every headline not deleted, newest first: the dashboard's tabs filter this one list. */
export async function listAdminHeadlines(db: Db): Promise<AdminHeadline[]> {
  const rows = await db
    .select()
    .from(headlines)
    .where(isNull(headlines.deletedAt))
    .orderBy(desc(headlines.createdAt), desc(headlines.id));
  return rows.map(toAdminHeadline);
}

/** The three summary cards; "active" is exactly the home page's voting list (one rule, inTodaysVoting). */
export async function adminSummary(db: Db): Promise<AdminSummary> {
  const voting = inTodaysVoting ?? sql`false`;
  const [row] = await db
    .select({
      // The Pending Approval tab lists rejected submissions too, marked so, until staff delete them.
      pendingApproval: sql<number>`(count(*) filter (where ${headlines.stage} in ('pending', 'rejected') and ${headlines.deletedAt} is null))::int`,
      activeHeadlines: sql<number>`(count(*) filter (where ${voting}))::int`,
      winners: sql<number>`(count(*) filter (where ${headlines.stage} in ('winner', 'past_winner')))::int`,
    })
    .from(headlines);
  return row ?? { pendingApproval: 0, activeHeadlines: 0, winners: 0 };
}

/**
 * Approving puts the headline in today's news (decisions page, "Lists": the free form promises that an
 * approved headline appears in the voting section). A promoted one joins today's voting only once its
 * payment is confirmed (the database's list rule): until then it takes no vote and cannot win.
 */
export async function approveHeadline(db: Db, id: number, actor: Actor, now: Date): Promise<AdminHeadline> {
  // An imported headline (the morning import left it for review) goes to Tomorrow's News, as imports do.
  const row = await db.transaction(async (tx) => {
    const { importedNews } = await lockHeadline(tx, id);
    return transitionIn(tx, id, importedNews ? "approveImport" : "approve", actor, now);
  });
  return toAdminHeadline(row);
}

const UNDELETABLE: Partial<Record<HeadlineStage, string>> = {
  winner: "The current winner cannot be deleted: its votes and its coin are the community's record.",
  past_winner: "A past winner cannot be deleted: it is in the Archive.",
  launched: "A launched token cannot be deleted: its coin is on chain.",
};

/**
 * Deleting hides a headline everywhere (every list, its page, the feeds, the dashboard) but keeps the row,
 * its votes and its transitions: no vote is ever lost (decisions, "Third wave"). Winners, past winners and
 * launched tokens are the community's record and cannot be deleted (409 saying why). The staff guard writes
 * the audit row; the answer says what the headline was, for it.
 */
export async function deleteHeadline(
  db: Db,
  id: number,
  now: Date,
): Promise<{ title: string; stage: HeadlineStage; votes: number; tomorrowVotes: number }> {
  return db.transaction(async (tx) => {
    const current = await lockHeadline(tx, id);
    const why = UNDELETABLE[current.stage];
    if (why) throw conflict(why);
    await tx.update(headlines).set({ deletedAt: now }).where(eq(headlines.id, id));
    const { title, stage, votes, tomorrowVotes } = current;
    return { title, stage, votes, tomorrowVotes };
  });
}

/** The switches' 409 in the words the dashboard shows beside them when it draws them disabled. */
function refuseListSwitch(stage: HeadlineStage): void {
  const why = listSwitchRefusal(stage);
  if (why) throw conflict(why);
}

/**
 * The Today's News switch, independent of Tomorrow's (spec: "independent toggles per headline"): it flips
 * only today's membership; no vote of either race moves. The row lock makes two quick clicks flip it twice,
 * never lose one.
 */
export async function toggleTodaysNews(
  db: Db,
  id: number,
  actor: Actor,
  now: Date,
): Promise<{ id: number; isTodaysNews: boolean }> {
  const row = await db.transaction(async (tx) => {
    const current = await lockHeadline(tx, id);
    refuseListSwitch(current.stage);
    return transitionIn(tx, id, current.listedToday ? "removeFromToday" : "addToToday", actor, now);
  });
  return { id: row.id, isTodaysNews: row.listedToday };
}

/** The Tomorrow's News switch, the same way. */
export async function toggleTomorrowsNews(
  db: Db,
  id: number,
  actor: Actor,
  now: Date,
): Promise<{ id: number; isTomorrowsNews: boolean }> {
  const row = await db.transaction(async (tx) => {
    const current = await lockHeadline(tx, id);
    refuseListSwitch(current.stage);
    return transitionIn(tx, id, current.listedTomorrow ? "removeFromTomorrow" : "addToTomorrow", actor, now);
  });
  return { id: row.id, isTomorrowsNews: row.listedTomorrow };
}

export async function removeFromTomorrow(
  db: Db,
  id: number,
  actor: Actor,
  now: Date,
): Promise<AdminHeadline> {
  return toAdminHeadline(await transition(db, id, "removeFromTomorrow", actor, now));
}

export const NO_LATE_PAYMENT =
  "Only a submission whose payment arrived after it expired can be reinstated: this one has no payment.";

/**
 * Reinstate: a promoted submission that expired unpaid, then was paid (the payment check recorded the late
 * transaction), goes back to review with its payment counted; staff then approve it as any other.
 */
export async function reinstateHeadline(db: Db, id: number, actor: Actor, now: Date): Promise<AdminHeadline> {
  const row = await db.transaction(async (tx) => {
    const { stage, transactionId } = await lockHeadline(tx, id);
    if (stage === "expired" && transactionId === null) throw conflict(NO_LATE_PAYMENT);
    return transitionIn(tx, id, "reinstate", actor, now, {
      isPaid: true,
      paymentNote: "Paid after it expired; reinstated by staff",
    });
  });
  return toAdminHeadline(row);
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
    const { stage, transactionId } = await lockHeadline(tx, id);
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

/**
 * The token edit on Yesterday's News: a field left out stays as it is; an empty symbol or image clears it.
 * A coin the paper launched (or is launching) keeps its name, symbol and image: they are on chain and in
 * its metadata for ever (issue 29); its description may still be edited.
 */
export async function editToken(db: Db, id: number, input: TokenEditInput): Promise<AdminHeadline> {
  const [current] = await db
    .select({
      title: headlines.title,
      symbol: headlines.symbol,
      imageUrl: headlines.imageUrl,
      // Columns named with their tables: drizzle writes them bare, and "id" would then be the launch's.
      launched: sql<boolean>`EXISTS (SELECT 1 FROM launches l WHERE l.headline_id = "headlines"."id"
        AND l.kind = 'launch' AND l.state IN ('prepared', 'sent', 'confirmed'))`,
    })
    .from(headlines)
    .where(and(eq(headlines.id, id), isNull(headlines.deletedAt)));
  if (
    current?.launched &&
    (input.title !== current.title ||
      (input.symbol !== undefined && input.symbol !== current.symbol) ||
      (input.imageUrl !== undefined && input.imageUrl !== current.imageUrl))
  )
    throw conflict(LAUNCH_MESSAGES.locked);
  const [row] = await db
    .update(headlines)
    .set({
      title: input.title,
      ...(input.symbol !== undefined && { symbol: input.symbol }),
      ...(input.imageUrl !== undefined && { imageUrl: input.imageUrl }),
      ...(input.description !== undefined && { description: input.description }),
    })
    // A deleted headline is gone for every staff action: 404, like the others (lockHeadline).
    .where(and(eq(headlines.id, id), isNull(headlines.deletedAt)))
    .returning();
  return toAdminHeadline(found(row));
}
