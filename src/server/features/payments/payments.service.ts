import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, ne, or, type SQL, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { shortenAddress } from "@/common/format";
import { PAYMENT_WINDOW_HOURS } from "@/common/receipt";
import { isSignature } from "@/common/solana-address";
import { formatSol } from "@/common/solana-pay";
import type { Config } from "../../config";
import type { Db } from "../../db/connect";
import { headlines } from "../../db/schema";
import type { SafeFetch } from "../../integrations/safe-fetch";
import {
  CLOCK_SKEW_MS,
  evaluatePayment,
  findSignaturesFor,
  getTransaction,
  PAYMENT_REASONS,
  type PaymentVerdict,
} from "../../integrations/solana";
import { conflict, HttpError, notFound } from "../../lib/http-error";
import { type HeadlineRow, transitionManyIn } from "../headlines/headline-stage";

/**
 * On-chain verification of promoted submissions (issue 15). A submission made through the paid form carries
 * a Solana Pay reference: its payment is found by that reference (getSignaturesForAddress) and must be
 * finalized and successful, pay the configured address at least the price, and carry the reference. A
 * signature pasted by hand (paid another way) is checked the same way, except that it carries no reference;
 * a transaction that carries another submission's reference is that one's, never the paster's. One
 * transaction pays for one submission: the UNIQUE transaction_id decides. The verdict is stored on the
 * headline (isPaid, paymentNote), so the dashboard and the receipt say why. Staff can still verify or
 * reject by hand (the admin verify-payment route). Nothing is ever marked paid without a verified
 * transaction, and an RPC that cannot be reached stores nothing.
 */

export interface PaymentDeps {
  http: SafeFetch;
  config: Pick<Config, "solanaRpcUrl" | "paymentAddress" | "submissionPriceSol">;
  log?: FastifyBaseLogger;
  now?: () => Date;
  /** Where each reference's scan stopped in this process (ReferenceScans); without it every check starts over. */
  scans?: ReferenceScans;
  /** Told each on-chain check's outcome (the metrics' payment_checks_total). */
  countCheck?: (outcome: PaymentCheckOutcome) => void;
}

/**
 * What one on-chain check came to: a payment that counts (in time or late), none found, one or more found
 * and refused (too little, another address, already counted), or the check failed (the RPC unreachable).
 */
export type PaymentCheckOutcome = "paid" | "not_found" | "refused" | "error";

export const PAYMENT_MESSAGES = {
  notConfigured: "On-chain payment verification is not configured.",
  noPayment: "This headline has no payment to verify.",
  headlineNotFound: "Headline not found",
  rpcFailed: "Could not reach the Solana network to check the payment. Please try again later.",
} as const;

/** The receipt page's on-demand check runs at most this often per submission. */
export const ON_DEMAND_CHECK_MS = 10_000;
/** How long a "not found" pasted transaction keeps being looked for: finalization takes seconds, not days. */
export const NOT_FOUND_RETRY_MS = 24 * 60 * 60 * 1000;
/** Promoted submissions still unpaid after this long expire. */
export const PAYMENT_WINDOW_MS = PAYMENT_WINDOW_HOURS * 60 * 60 * 1000;
/**
 * An expired submission's reference is still looked at until this long after the submission: a payment
 * that arrives late is recorded for staff (who may reinstate it). After that only staff look.
 */
export const LATE_PAYMENT_LOOKUP_MS = 7 * 24 * 60 * 60 * 1000;
/** At most this many submissions per background pass. */
export const PAYMENT_CHECK_BATCH = 50;
/**
 * At most this many transactions are fetched (getTransaction) per check of one reference; the next check
 * goes on after the last one judged (ReferenceScans). With MAX_SIGNATURE_PAGES, one check costs at most 10
 * listing calls and 50 fetches however many transactions name the reference.
 */
export const MAX_TRANSACTIONS_PER_CHECK = 50;
/** Fetched side by side within one check. */
const FETCH_CONCURRENCY = 5;

interface ReferenceScan {
  /** The newest transaction judged so far; every older one paid nothing. */
  after: string;
  /** The oldest refusal met, which the receipt shows ("Amount 0.1 SOL is below the 0.35 SOL price"). */
  refusal: PaymentVerdict | null;
}

/**
 * Where each submission's reference scan stopped, kept in memory by the process that checks (one per
 * PaymentChecks): an optimisation only, so losing it (a restart, another process) just starts a scan over.
 * Bounded: the oldest entries go first.
 */
export class ReferenceScans {
  private readonly scans = new Map<number, ReferenceScan>();
  constructor(private readonly max = 10_000) {}

  get(id: number): ReferenceScan | undefined {
    return this.scans.get(id);
  }

  set(id: number, scan: ReferenceScan): void {
    this.scans.delete(id);
    this.scans.set(id, scan);
    for (const oldest of this.scans.keys()) {
      if (this.scans.size <= this.max) break;
      this.scans.delete(oldest);
    }
  }

  delete(id: number): void {
    this.scans.delete(id);
  }
}

/** A promoted submission whose payment is still awaited (nothing pasted, nothing found, not expired). */
export const awaitingPayment = and(
  isNotNull(headlines.paymentReference),
  eq(headlines.isPaid, false),
  isNull(headlines.transactionId),
  inArray(headlines.stage, ["pending", "held", "tomorrow", "today"]),
);

/** An expired submission whose payment may still arrive late (nothing recorded yet). */
const expiredUnpaid = and(
  eq(headlines.stage, "expired"),
  isNotNull(headlines.paymentReference),
  isNull(headlines.transactionId),
  eq(headlines.isPaid, false),
);

/** A pasted signature not yet decided: never checked, or last seen as "not found" (maybe just too early). */
const pastedUndecided = and(
  isNotNull(headlines.transactionId),
  eq(headlines.isPaid, false),
  ne(headlines.stage, "rejected"),
  or(isNull(headlines.paymentNote), eq(headlines.paymentNote, PAYMENT_REASONS.notFound)),
);

/** Whether on-chain checks can run at all: an RPC endpoint and a payment address are both configured. */
export function paymentChecksConfigured(config: PaymentDeps["config"]): boolean {
  return Boolean(config.solanaRpcUrl && config.paymentAddress);
}

function configured(deps: PaymentDeps) {
  const { solanaRpcUrl, paymentAddress, submissionPriceSol } = deps.config;
  if (!solanaRpcUrl || !paymentAddress) throw new HttpError(503, PAYMENT_MESSAGES.notConfigured);
  return { solanaRpcUrl, paymentAddress, submissionPriceSol };
}

/**
 * Checks one headline's pasted transaction on chain and stores the verdict: isPaid = verified,
 * paymentNote = reason. An RPC that cannot be reached stores nothing and throws (the route answers 502,
 * the job retries later). The admin's "check on chain".
 */
export async function verifyPayment(db: Db, headlineId: number, deps: PaymentDeps): Promise<PaymentVerdict> {
  const [row] = await db.select().from(headlines).where(eq(headlines.id, headlineId));
  if (!row) throw notFound(PAYMENT_MESSAGES.headlineNotFound);
  if (!row.transactionId?.trim()) throw conflict(PAYMENT_MESSAGES.noPayment);
  return counted(deps, checkPasted(db, row, deps, false));
}

/**
 * A pasted signature's verdict. `onlyIfUndecided`: store it only if nobody (staff, another check) decided
 * in the meantime.
 */
async function checkPasted(
  db: Db,
  row: HeadlineRow,
  deps: PaymentDeps,
  onlyIfUndecided: boolean,
): Promise<PaymentVerdict> {
  const { solanaRpcUrl, paymentAddress, submissionPriceSol } = configured(deps);
  const signature = row.transactionId?.trim() ?? "";
  let verdict: PaymentVerdict;
  if (!isSignature(signature)) {
    verdict = { verified: false, reason: PAYMENT_REASONS.notASignature };
  } else {
    const tx = await getTransaction(deps.http, solanaRpcUrl, signature);
    verdict = evaluatePayment(tx, {
      signature,
      paymentAddress,
      priceSol: submissionPriceSol,
      submittedAt: row.createdAt,
      now: deps.now?.() ?? new Date(),
    });
    if (verdict.verified && (await carriesOtherReference(db, verdict.transfer?.references ?? [], row.id)))
      verdict = { verified: false, reason: PAYMENT_REASONS.otherReference };
  }
  await db
    .update(headlines)
    .set({
      isPaid: verdict.verified,
      paymentNote: verdict.reason,
      paymentCheckedAt: deps.now?.() ?? new Date(),
    })
    .where(onlyIfUndecided ? and(eq(headlines.id, row.id), pastedUndecided) : eq(headlines.id, row.id));
  return verdict;
}

/** The paying transfer names another submission's reference: it paid for that one. */
async function carriesOtherReference(db: Db, keys: string[], id: number): Promise<boolean> {
  if (keys.length === 0) return false;
  const [other] = await db
    .select({ id: headlines.id })
    .from(headlines)
    .where(and(inArray(headlines.paymentReference, keys), ne(headlines.id, id)))
    .limit(1);
  return other !== undefined;
}

/**
 * Looks for an awaiting submission's payment by its reference: every successful transaction naming it since
 * the submission was made, oldest first, and the first that meets every rule pays (an earlier 0.1 SOL
 * attempt does not hide a later 0.35 SOL payment, nor do any number of other transactions naming the
 * reference). If none verifies, the oldest refusal is kept as the note (the receipt says why: too little,
 * another address); it is normally the payer's own attempt, since nobody else sees the reference before it.
 * A transaction someone pasted on another submission before it was found here is taken back from that one
 * unless staff or a check already counted it there.
 */
async function checkByReference(
  db: Db,
  row: HeadlineRow,
  deps: PaymentDeps,
  late: boolean,
): Promise<PaymentVerdict | null> {
  const { solanaRpcUrl, paymentAddress, submissionPriceSol } = configured(deps);
  const reference = row.paymentReference;
  if (!reference) return null;
  const now = deps.now?.() ?? new Date();
  // A reference is made with its submission: nothing older can name it (less the chain's clock skew).
  const since = new Date(row.createdAt.getTime() - CLOCK_SKEW_MS);
  const { signatures, complete } = await findSignaturesFor(deps.http, solanaRpcUrl, reference, since);
  if (!complete)
    deps.log?.warn(
      { headlineId: row.id, signatures: signatures.length },
      "payment reference named by more transactions than one check lists; only the newest were read",
    );

  const scan = deps.scans?.get(row.id);
  const resumeAt = scan ? signatures.indexOf(scan.after) + 1 : 0;
  let refusal = resumeAt > 0 ? (scan?.refusal ?? null) : null;
  let judged: string | undefined;
  const batch = signatures.slice(resumeAt, resumeAt + MAX_TRANSACTIONS_PER_CHECK);
  scanning: for (let i = 0; i < batch.length; i += FETCH_CONCURRENCY) {
    const chunk = batch.slice(i, i + FETCH_CONCURRENCY);
    const transactions = await Promise.all(chunk.map((s) => getTransaction(deps.http, solanaRpcUrl, s)));
    for (const [j, signature] of chunk.entries()) {
      const tx = transactions[j] ?? null;
      // Listed as finalized but not served yet: judge it (and what follows) on the next check.
      if (!tx) break scanning;
      judged = signature;
      const verdict = evaluatePayment(tx, {
        signature,
        paymentAddress,
        priceSol: submissionPriceSol,
        reference,
        submittedAt: row.createdAt,
        now,
      });
      if (!verdict.verified) {
        refusal ??= verdict;
        continue;
      }
      const recorded = late
        ? { reason: latePaymentNote(verdict, signature, row.createdAt), isPaid: false, where: expiredUnpaid }
        : { reason: verdict.reason, isPaid: true, where: awaitingPayment };
      if (await claimTransaction(db, row.id, signature, recorded, now)) {
        deps.scans?.delete(row.id);
        return { ...verdict, reason: recorded.reason };
      }
      refusal ??= { verified: false, reason: PAYMENT_REASONS.usedElsewhere };
    }
  }
  if (judged) deps.scans?.set(row.id, { after: judged, refusal });
  // An expired one keeps its note ("No payment arrived within 24 hours") until a payment is found.
  await db
    .update(headlines)
    .set(late ? { paymentCheckedAt: now } : { paymentNote: refusal?.reason ?? null, paymentCheckedAt: now })
    .where(and(eq(headlines.id, row.id), late ? expiredUnpaid : awaitingPayment));
  return refusal;
}

/**
 * The note of a payment found after its submission expired: "Paid 0.35 SOL after it expired (tx
 * 5UfgJ5vV...GVyx)". One made within the window but found only after the expiry says so.
 */
export function latePaymentNote(verdict: PaymentVerdict, signature: string, createdAt: Date): string {
  const amount = formatSol(verdict.transfer?.lamports ?? 0n);
  const inTime = verdict.paidAt && verdict.paidAt.getTime() <= createdAt.getTime() + PAYMENT_WINDOW_MS;
  const when = inTime ? "in time, found after it expired" : "after it expired";
  return `Paid ${amount} ${when} (tx ${shortenAddress(signature)})`;
}

/**
 * Records `signature` on the submission (paid, or found late on an expired one) while `where` still holds,
 * unless another submission counts it already.
 */
async function claimTransaction(
  db: Db,
  id: number,
  signature: string,
  recorded: { reason: string; isPaid: boolean; where: SQL | undefined },
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [holder] = await tx
      .select()
      .from(headlines)
      .where(eq(headlines.transactionId, signature))
      .for("update");
    if (holder && holder.id !== id) {
      if (holder.isPaid || holder.paymentReference === null) return false;
      await tx
        .update(headlines)
        .set({ transactionId: null, paymentNote: PAYMENT_REASONS.otherReference })
        .where(eq(headlines.id, holder.id));
    }
    const claimed = await tx
      .update(headlines)
      .set({
        transactionId: signature,
        isPaid: recorded.isPaid,
        paymentNote: recorded.reason,
        paymentCheckedAt: now,
      })
      .where(and(eq(headlines.id, id), recorded.where))
      .returning({ id: headlines.id });
    return claimed.length > 0;
  });
}

/** Whether an expired submission's reference is still looked at for a late payment. */
const lateLookable = (row: HeadlineRow, now: Date) =>
  row.stage === "expired" &&
  row.paymentReference !== null &&
  row.transactionId === null &&
  !row.isPaid &&
  row.createdAt.getTime() > now.getTime() - LATE_PAYMENT_LOOKUP_MS;

/** Whether the submission has a payment to look for: awaited, pasted and undecided, or possibly late. */
export function needsPaymentCheck(row: HeadlineRow, now: Date): boolean {
  if (lateLookable(row, now)) return true;
  if (row.isPaid || row.stage === "rejected" || row.stage === "expired") return false;
  return row.paymentReference !== null || row.transactionId !== null;
}

/**
 * One submission's check, whichever kind it needs: by reference while its payment is awaited (or, recorded
 * for staff without paying it, after it expired), the pasted signature while that is undecided. Null when
 * there is nothing to check.
 */
export async function checkSubmissionPayment(
  db: Db,
  row: HeadlineRow,
  deps: PaymentDeps,
): Promise<PaymentVerdict | null> {
  const now = deps.now?.() ?? new Date();
  if (lateLookable(row, now)) return counted(deps, checkByReference(db, row, deps, true));
  if (row.isPaid || row.stage === "rejected" || row.stage === "expired") return null;
  if (row.transactionId) return counted(deps, checkPasted(db, row, deps, true));
  return counted(deps, checkByReference(db, row, deps, false));
}

/** Reports a check's outcome to `deps.countCheck`, and answers (or throws) as the check did. */
async function counted<V extends PaymentVerdict | null>(deps: PaymentDeps, check: Promise<V>): Promise<V> {
  let verdict: V;
  try {
    verdict = await check;
  } catch (error) {
    deps.countCheck?.("error");
    throw error;
  }
  deps.countCheck?.(verdict === null ? "not_found" : verdict.verified ? "paid" : "refused");
  return verdict;
}

/**
 * Claims the on-demand check of one submission: true at most once per ON_DEMAND_CHECK_MS, across every
 * process (the row's payment_checked_at decides, in one UPDATE).
 */
export async function claimOnDemandCheck(db: Db, id: number, now: Date): Promise<boolean> {
  const claimed = await db
    .update(headlines)
    .set({ paymentCheckedAt: now })
    .where(
      and(
        eq(headlines.id, id),
        or(
          isNull(headlines.paymentCheckedAt),
          lt(headlines.paymentCheckedAt, new Date(now.getTime() - ON_DEMAND_CHECK_MS)),
        ),
      ),
    )
    .returning({ id: headlines.id });
  return claimed.length > 0;
}

/**
 * Promoted submissions nobody paid within PAYMENT_WINDOW_HOURS expire (a pasted signature waits for staff
 * instead). Their images are then used by nothing public and follow the image clean-up rule. `onlyIds`: the
 * receipt's on-demand expiry of one submission, by the same rule.
 */
export async function expireUnpaid(db: Db, now: Date, onlyIds?: number[]): Promise<number> {
  const expired = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: headlines.id })
      .from(headlines)
      .where(
        and(
          awaitingPayment,
          lt(headlines.createdAt, new Date(now.getTime() - PAYMENT_WINDOW_MS)),
          onlyIds ? inArray(headlines.id, onlyIds) : undefined,
        ),
      )
      .for("update");
    return transitionManyIn(
      tx,
      due.map((r) => r.id),
      "expire",
      { kind: "job", name: "payment check" },
      now,
      { paymentNote: `No payment arrived within ${PAYMENT_WINDOW_HOURS} hours` },
    );
  });
  return expired.length;
}

/** Past its payment window and still awaiting payment: the next look at it expires it. */
export const dueToExpire = (row: HeadlineRow, now: Date) =>
  row.paymentReference !== null &&
  row.transactionId === null &&
  !row.isPaid &&
  ["pending", "held", "tomorrow", "today"].includes(row.stage) &&
  row.createdAt.getTime() < now.getTime() - PAYMENT_WINDOW_MS;

/**
 * The background pass: expires what waited too long, then checks (when configured) the submissions whose
 * payment is awaited and the pasted signatures not yet decided, oldest first. A verdict staff already gave
 * (or another check stored) is never revisited here. One failure is logged and the pass goes on.
 */
export async function checkPendingPayments(
  db: Db,
  deps: PaymentDeps,
): Promise<{ checked: number; verified: number; failed: number; expired: number }> {
  const now = deps.now?.() ?? new Date();
  const expired = await expireUnpaid(db, now);
  if (!paymentChecksConfigured(deps.config)) return { checked: 0, verified: 0, failed: 0, expired };
  const pending = await db
    .select()
    .from(headlines)
    .where(
      or(
        awaitingPayment,
        and(expiredUnpaid, gt(headlines.createdAt, new Date(now.getTime() - LATE_PAYMENT_LOOKUP_MS))),
        and(
          pastedUndecided,
          or(
            isNull(headlines.paymentNote),
            gt(headlines.createdAt, new Date(now.getTime() - NOT_FOUND_RETRY_MS)),
          ),
        ),
      ),
    )
    .orderBy(asc(sql`coalesce(${headlines.paymentCheckedAt}, ${headlines.createdAt})`))
    .limit(PAYMENT_CHECK_BATCH);
  let verified = 0;
  let failed = 0;
  for (const row of pending) {
    try {
      if ((await checkSubmissionPayment(db, row, deps))?.verified) verified += 1;
    } catch (error) {
      failed += 1;
      deps.log?.warn({ err: error, headlineId: row.id }, "payment check failed; retrying on the next pass");
    }
  }
  return { checked: pending.length, verified, failed, expired };
}
