import type { ReceiptStatus } from "@/common/receipt";
import type { HeadlineRow } from "./headline-stage";

/**
 * Where a submission stands with its payment, read from its stage and payment columns: one rule for the
 * submitter's receipt, the dashboard and the payment checks (issue 15).
 */

/** Came through the promoted form: a Solana Pay reference, or a pasted transaction. */
export const isPromotedRow = (row: Pick<HeadlineRow, "paymentReference" | "transactionId">) =>
  row.paymentReference !== null || row.transactionId !== null;

/** Where the submission stands for its submitter (src/common/receipt.ts). */
export function receiptStatus(row: HeadlineRow): ReceiptStatus {
  if (row.stage === "expired") return "expired";
  if (row.stage === "rejected") return "rejected";
  const promoted = isPromotedRow(row);
  if (promoted && !row.isPaid) return "awaiting_payment";
  if (row.stage === "pending") return promoted ? "paid" : "in_review";
  return "approved";
}
