import { and, asc, eq, gt, isNotNull, isNull, or } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import type { Db } from "../../db/connect";
import { headlines } from "../../db/schema";
import type { SafeFetch } from "../../integrations/safe-fetch";
import {
  evaluatePayment,
  getTransaction,
  PAYMENT_REASONS,
  type PaymentVerdict,
  SIGNATURE_PATTERN,
} from "../../integrations/solana";
import { conflict, HttpError, notFound } from "../../lib/http-error";

/**
 * On-chain verification of paid submissions: the transaction a submitter gave must exist, be finalized and
 * successful, carry that signature, pay the configured address at least the submission price, and be no
 * older than the submission window. The verdict is stored on the headline (isPaid, paymentNote) so the
 * dashboard shows why. Staff can still verify or reject by hand (the admin verify-payment route).
 */

export interface PaymentDeps {
  http: SafeFetch;
  config: Pick<Config, "solanaRpcUrl" | "paymentAddress" | "submissionPriceSol">;
  log?: FastifyBaseLogger;
  now?: () => Date;
}

export const PAYMENT_MESSAGES = {
  notConfigured: "On-chain payment verification is not configured.",
  noPayment: "This headline has no payment to verify.",
  headlineNotFound: "Headline not found",
  rpcFailed: "Could not reach the Solana network to check the payment. Please try again later.",
} as const;

/** Not paid, and either never checked or last seen as "not found" (which may just be too early). */
const stillPending = and(
  eq(headlines.isPaid, false),
  or(isNull(headlines.paymentNote), eq(headlines.paymentNote, PAYMENT_REASONS.notFound)),
);

/** Whether on-chain checks can run at all: an RPC endpoint and a payment address are both configured. */
export function paymentChecksConfigured(config: PaymentDeps["config"]): boolean {
  return Boolean(config.solanaRpcUrl && config.paymentAddress);
}

/**
 * Checks one headline's payment on chain and stores the verdict: isPaid = verified, paymentNote = reason.
 * An RPC that cannot be reached stores nothing and throws (the route answers 502, the job retries later).
 */
export async function verifyPayment(db: Db, headlineId: number, deps: PaymentDeps): Promise<PaymentVerdict> {
  return checkAndStore(db, headlineId, deps, false);
}

/** `onlyIfPending`: store the verdict only if nobody (staff, another check) decided in the meantime. */
async function checkAndStore(
  db: Db,
  headlineId: number,
  deps: PaymentDeps,
  onlyIfPending: boolean,
): Promise<PaymentVerdict> {
  const { solanaRpcUrl, paymentAddress, submissionPriceSol } = deps.config;
  if (!solanaRpcUrl || !paymentAddress) throw new HttpError(503, PAYMENT_MESSAGES.notConfigured);
  const [row] = await db
    .select({ id: headlines.id, transactionId: headlines.transactionId, createdAt: headlines.createdAt })
    .from(headlines)
    .where(eq(headlines.id, headlineId));
  if (!row) throw notFound(PAYMENT_MESSAGES.headlineNotFound);
  const signature = row.transactionId?.trim();
  if (!signature) throw conflict(PAYMENT_MESSAGES.noPayment);

  let verdict: PaymentVerdict;
  if (!SIGNATURE_PATTERN.test(signature)) {
    verdict = { verified: false, reason: PAYMENT_REASONS.notASignature };
  } else {
    const now = deps.now?.() ?? new Date();
    const tx = await getTransaction(deps.http, solanaRpcUrl, signature);
    verdict = evaluatePayment(tx, {
      signature,
      paymentAddress,
      priceSol: submissionPriceSol,
      submittedAt: row.createdAt,
      now,
    });
  }
  await db
    .update(headlines)
    .set({ isPaid: verdict.verified, paymentNote: verdict.reason })
    .where(onlyIfPending ? and(eq(headlines.id, headlineId), stillPending) : eq(headlines.id, headlineId));
  return verdict;
}

/** How long a "not found" transaction keeps being looked for: finalization takes seconds, not days. */
export const NOT_FOUND_RETRY_MS = 24 * 60 * 60 * 1000;
/** At most this many submissions per background pass. */
export const PAYMENT_CHECK_BATCH = 50;

/**
 * The background pass: paid submissions not yet verified that were never checked, or whose transaction
 * was not found yet and that are less than a day old. A verdict staff already gave (or another check
 * stored) is never revisited here. One failure is logged and the pass goes on.
 */
export async function checkPendingPayments(
  db: Db,
  deps: PaymentDeps,
): Promise<{ checked: number; verified: number; failed: number }> {
  if (!paymentChecksConfigured(deps.config)) return { checked: 0, verified: 0, failed: 0 };
  const now = deps.now?.() ?? new Date();
  const pending = await db
    .select({ id: headlines.id })
    .from(headlines)
    .where(
      and(
        isNotNull(headlines.transactionId),
        stillPending,
        or(
          isNull(headlines.paymentNote),
          gt(headlines.createdAt, new Date(now.getTime() - NOT_FOUND_RETRY_MS)),
        ),
      ),
    )
    .orderBy(asc(headlines.createdAt))
    .limit(PAYMENT_CHECK_BATCH);
  let verified = 0;
  let failed = 0;
  for (const { id } of pending) {
    try {
      if ((await checkAndStore(db, id, deps, true)).verified) verified += 1;
    } catch (error) {
      failed += 1;
      deps.log?.warn({ err: error, headlineId: id }, "payment check failed; retrying on the next pass");
    }
  }
  return { checked: pending.length, verified, failed };
}
