import { z } from "zod";

/**
 * A submitter's receipt (issue 15): the page /submission/{receipt} and GET /api/submissions/{receipt}. The
 * receipt id is given once, when the submission is made; it is the only key to the page (unguessable, never
 * listed anywhere).
 */

export const RECEIPT_PATH_PREFIX = "/submission/";
export const receiptPath = (receipt: string) => `${RECEIPT_PATH_PREFIX}${encodeURIComponent(receipt)}`;
export const receiptApiPath = (receipt: string) => `/api/submissions/${encodeURIComponent(receipt)}`;

/** 16 random bytes in base64url: 22 characters of A-Z a-z 0-9 - _. */
export const RECEIPT_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** How long a promoted submission waits for its payment before it expires. */
export const PAYMENT_WINDOW_HOURS = 24;

/**
 * Where a submission stands, as its submitter sees it: a promoted one waits for its payment, then is paid
 * (and reviewed), then approved or rejected; a free one is in review, then approved or rejected. A promoted
 * one nobody paid within PAYMENT_WINDOW_HOURS has expired.
 */
export const RECEIPT_STATUSES = [
  "awaiting_payment",
  "paid",
  "in_review",
  "approved",
  "rejected",
  "expired",
] as const;
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];

export const RECEIPT_STATUS_LABELS: Record<ReceiptStatus, string> = {
  awaiting_payment: "Awaiting payment",
  paid: "Paid - waiting for review",
  in_review: "Waiting for review",
  approved: "Approved",
  rejected: "Rejected",
  expired: "Expired",
};

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

export const RECEIPT_MESSAGES = {
  notFound: "No submission has this receipt. Check the link you kept.",
  notAwaiting: "This submission is not waiting for a payment.",
} as const;
