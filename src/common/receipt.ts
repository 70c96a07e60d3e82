import { z } from "zod";
import { RECEIPT_STATUSES } from "./receipt-rules";

export * from "./receipt-rules";

/**
 * A submitter's receipt (issue 15): the page /submission/{receipt} and GET /api/submissions/{receipt}. The
 * receipt id is given once, when the submission is made; it is the only key to the page (unguessable, never
 * listed anywhere). What pages draw with (paths, statuses, texts) is in receipt-rules.ts, without zod, so it
 * stays off the first load; it is re-exported here.
 */

/** A Solana Pay transfer request, as the page draws it (QR code, wallet button, copyable parts). */
export const PaymentRequestSchema = z.object({
  /** The `solana:` URL wallets open. */
  url: z.string(),
  recipient: z.string(),
  /** Decimal SOL ("0.35"). */
  amount: z.string(),
  reference: z.string(),
});
export type PaymentRequest = z.infer<typeof PaymentRequestSchema>;

export const ReceiptSchema = z.object({
  receipt: z.string(),
  kind: z.enum(["free", "promoted"]),
  title: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  submittedBy: z.string().nullable(),
  createdAt: z.string(),
  status: z.enum(RECEIPT_STATUSES),
  /** Why a payment was not counted yet, why staff refused it, or what confirmed it. */
  note: z.string().nullable(),
  /** A pasted transaction signature or the one found on chain. */
  transactionId: z.string().nullable(),
  /** A check on chain is under way (the RPC may be slow): the page says "checking...". */
  checking: z.boolean(),
  /** The transfer request while the payment is awaited; null otherwise or when no payment address is set. */
  payment: PaymentRequestSchema.nullable(),
  /** While awaiting payment: when the submission expires unpaid. */
  expiresAt: z.string().nullable(),
  /** Once published: the headline's own page. */
  headlineUrl: z.string().nullable(),
});
export type Receipt = z.infer<typeof ReceiptSchema>;
