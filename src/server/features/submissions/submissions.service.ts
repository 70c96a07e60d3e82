import { and, desc, eq, gt, sql } from "drizzle-orm";
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
import { badRequest, conflict, tooMany } from "../../lib/http-error";
import type { RedisLink } from "../../lib/redis";
import { createHeadlineIn } from "../headlines/headline-stage";

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

/** A free submission: pending review, no submitter name (the form has no such field). */
export function createFreeSubmission(
  db: Db,
  input: FreeSubmissionInput,
  ctx: SubmissionContext,
): Promise<SubmissionResult> {
  return insertSubmission(
    db,
    ctx,
    { ...commonValues(input), submittedBy: null },
    SUBMISSION_RESULT_MESSAGES.free,
  );
}

/**
 * A paid (promoted) submission: pending review and "Pending Verification" (isPaid false) until staff
 * verify the payment. One transaction id pays for one submission: the UNIQUE constraint on transaction_id
 * decides, so two simultaneous submissions with the same id cannot both get through.
 */
export function createPaidSubmission(
  db: Db,
  input: PaidSubmissionInput,
  ctx: SubmissionContext,
): Promise<SubmissionResult> {
  return insertSubmission(
    db,
    ctx,
    {
      ...commonValues(input),
      submittedBy: input.submittedBy,
      launchStatus: input.launchStatus,
      launchDate: input.launchDate ?? null,
      transactionId: input.transactionId,
    },
    SUBMISSION_RESULT_MESSAGES.paid,
  );
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
  message: string,
): Promise<SubmissionResult> {
  if (values.imageUrl && SITE_IMAGE_PATH.test(values.imageUrl)) await assertImageStored(db, values.imageUrl);
  try {
    const { recorded: id } = await withinHourlyLimit(
      db,
      ctx.redis,
      {
        name: "submissions",
        // The uploads' limit uses 4_612.
        lockNamespace: 4_611,
        network: ctx.network,
        perHour: ctx.perHour,
        refusal: (seconds) => tooMany(SUBMISSION_REFUSALS.tooMany, seconds),
        recordedInLastHour: (tx, limit) => acceptedInLastHour(tx, ctx.network, limit),
      },
      async (tx) => {
        const row = await createHeadlineIn(
          tx,
          "submit",
          { ...values, submitterIp: ctx.network },
          { kind: "visitor" },
          new Date(),
        );
        if (!row) throw new Error("insert returned nothing");
        return row.id;
      },
    );
    return { id, message };
  } catch (error) {
    // A refused submission has given its place back (withinHourlyLimit). Checked after the failed insert rather than read before it: a read-then-write would let two
    // simultaneous requests with one id both pass the read.
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
