import { and, desc, eq, gt, sql } from "drizzle-orm";
import { RECEIPT_MESSAGES } from "@/common/receipt";
import {
  type FreeSubmissionInput,
  type PaidSubmissionInput,
  SITE_IMAGE_PATH,
  SUBMISSION_RESULT_MESSAGES,
  type SubmissionResult,
} from "@/common/submission";
import type { Db } from "../../db/connect";
import { headlines, images } from "../../db/schema";
import { type Tx, withinHourlyLimit } from "../../lib/hourly-limit";
import { badRequest, conflict, notFound, tooMany } from "../../lib/http-error";
import type { RedisLink } from "../../lib/redis";
import { createHeadlineIn, type HeadlineRow } from "../headlines/headline-stage";
import { receiptStatus } from "../headlines/payment-status";
import { findByReceipt, newPaymentReference, newReceipt, paymentRequestFor } from "./receipts";

type HeadlineInsert = Omit<typeof headlines.$inferInsert, "stage">;

export const SUBMISSION_REFUSALS = {
  tooMany: "Too many submissions from your network. Please try again in an hour.",
  transactionIdUsed: "This transaction ID has already been used for another submission.",
  imageMissing: "The uploaded image was not found. Please upload it again.",
} as const;

/** Who is submitting and how many accepted submissions per rolling hour their network may make. */
export interface SubmissionContext {
  /** The client's network (an IPv4 address or an IPv6 /64): the limit's key and the stored submitter. */
  network: string;
  perHour: number;
  /** When set, the limit is counted in Redis; the database counts whenever Redis cannot answer. */
  redis?: RedisLink;
}

/** A free submission: pending review, no submitter name (the form has no such field), and a receipt. */
export async function createFreeSubmission(
  db: Db,
  input: FreeSubmissionInput,
  ctx: SubmissionContext,
): Promise<SubmissionResult> {
  const row = await insertSubmission(db, ctx, { ...commonValues(input), submittedBy: null });
  return { id: row.id, message: SUBMISSION_RESULT_MESSAGES.free, receipt: row.receipt ?? undefined };
}

/**
 * A promoted submission (issue 15): made at once, pending review and awaiting its payment, with a fresh
 * Solana Pay reference; the answer carries the transfer request to pay it with. A signature pasted in the
 * form (paid another way) is kept and checked on chain like one found by reference. One transaction pays for
 * one submission: the UNIQUE constraint on transaction_id decides, so two simultaneous submissions with the
 * same id cannot both get through.
 */
export async function createPaidSubmission(
  db: Db,
  input: PaidSubmissionInput,
  ctx: SubmissionContext & { payment: Parameters<typeof paymentRequestFor>[1] },
): Promise<SubmissionResult> {
  const row = await insertSubmission(db, ctx, {
    ...commonValues(input),
    submittedBy: input.submittedBy,
    launchStatus: input.launchStatus,
    launchDate: input.launchDate ?? null,
    transactionId: input.transactionId ?? null,
    paymentReference: newPaymentReference(),
  });
  return {
    id: row.id,
    message: SUBMISSION_RESULT_MESSAGES.paid,
    receipt: row.receipt ?? undefined,
    payment: input.transactionId ? null : paymentRequestFor(row, ctx.payment),
  };
}

/**
 * The fields both forms share, with every privileged fact set explicitly to its pending value; the stage
 * is the submission's (pending), set by headline-stage.ts.
 */
function commonValues(input: FreeSubmissionInput): HeadlineInsert {
  return {
    title: input.title,
    description: input.description,
    imageUrl: input.imageUrl,
    articleUrl: input.articleUrl ?? null,
    twitterUrl: input.twitterUrl ?? null,
    websiteUrl: input.websiteUrl ?? null,
    votes: 0,
    isPaid: false,
    importedNews: false,
  };
}

async function insertSubmission(
  db: Db,
  ctx: SubmissionContext,
  values: HeadlineInsert,
): Promise<HeadlineRow> {
  if (values.imageUrl && SITE_IMAGE_PATH.test(values.imageUrl)) await assertImageStored(db, values.imageUrl);
  try {
    const { recorded } = await withinHourlyLimit(
      db,
      ctx.redis,
      {
        name: "submissions",
        // The uploads' limit uses 4_612.
        lockNamespace: 4_611,
        network: ctx.network,
        perHour: ctx.perHour,
        refusal: (seconds) => tooMany(SUBMISSION_REFUSALS.tooMany, seconds, "submission"),
        recordedInLastHour: (tx, limit) => acceptedInLastHour(tx, ctx.network, limit),
      },
      async (tx) => {
        const row = await createHeadlineIn(
          tx,
          "submit",
          { ...values, submitterIp: ctx.network, receipt: newReceipt() },
          { kind: "visitor" },
          new Date(),
        );
        if (!row) throw new Error("insert returned nothing");
        return row;
      },
    );
    return recorded;
  } catch (error) {
    // A refused submission has given its place back (withinHourlyLimit). Checked after the failed insert rather than read before it: a read-then-write would let two
    // simultaneous requests with one id both pass the read.
    if (isUniqueViolation(error, "headlines_transaction_id_unique"))
      throw conflict(SUBMISSION_REFUSALS.transactionIdUsed);
    throw error;
  }
}

/**
 * The receipt page's fallback: a signature pasted for a submission still awaiting its payment (a pasted one
 * not yet counted may be replaced). The same UNIQUE rule as the form's: someone else's signature is refused.
 */
export async function pasteTransaction(db: Db, receipt: string, transactionId: string): Promise<HeadlineRow> {
  const row = await findByReceipt(db, receipt);
  if (!row) throw notFound(RECEIPT_MESSAGES.notFound);
  if (receiptStatus(row) !== "awaiting_payment") throw conflict(RECEIPT_MESSAGES.notAwaiting);
  try {
    const [updated] = await db
      .update(headlines)
      .set({ transactionId, paymentNote: null })
      .where(and(eq(headlines.id, row.id), eq(headlines.isPaid, false)))
      .returning();
    if (!updated) throw conflict(RECEIPT_MESSAGES.notAwaiting);
    return updated;
  } catch (error) {
    if (isUniqueViolation(error, "headlines_transaction_id_unique"))
      throw conflict(SUBMISSION_REFUSALS.transactionIdUsed);
    throw error;
  }
}

/**
 * When the newest submissions from this network in the last hour were stored, newest first. Only accepted
 * submissions are rows, so refused ones never count. Uses headlines_submitter_ip_idx (submitter_ip,
 * created_at) and the database clock, the same clock that stamps created_at.
 */
async function acceptedInLastHour(tx: Db | Tx, network: string, limit: number): Promise<Date[]> {
  const rows = await tx
    .select({ at: headlines.createdAt })
    .from(headlines)
    .where(and(eq(headlines.submitterIp, network), gt(headlines.createdAt, sql`now() - interval '1 hour'`)))
    .orderBy(desc(headlines.createdAt))
    .limit(limit);
  return rows.map((r) => r.at);
}

/** A submission may name an image stored here only if it really is stored (uploaded first). */
async function assertImageStored(db: Db, imageUrl: string): Promise<void> {
  const hash = imageUrl.slice(imageUrl.lastIndexOf("/") + 1);
  const [row] = await db.select({ hash: images.hash }).from(images).where(eq(images.hash, hash)).limit(1);
  if (!row)
    throw badRequest(SUBMISSION_REFUSALS.imageMissing, { imageUrl: SUBMISSION_REFUSALS.imageMissing });
}

/**
 * A unique violation (SQLSTATE 23505) on the named constraint. Both drivers report `code` and
 * `constraint`; drizzle wraps the driver's error, so the cause chain is searched.
 */
function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === "23505") return name === constraint;
  }
  return false;
}
