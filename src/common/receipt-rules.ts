/** The receipt's plain rules and texts (no zod: pages import them on their first load). See receipt.ts. */

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

export const RECEIPT_MESSAGES = {
  notFound: "No submission has this receipt. Check the link you kept.",
  notAwaiting: "This submission is not waiting for a payment.",
} as const;

/**
 * A text ended as a sentence: a period added unless it already ends with one, "!", "?" or "…". A receipt's
 * note is written by staff or by the payment check, with or without its own period (issue 31: "..").
 */
export function asSentence(text: string): string {
  const trimmed = text.trimEnd();
  return /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
