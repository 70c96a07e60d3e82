import { randomBytes } from "node:crypto";
import { getBase58Decoder } from "@solana/kit";
import { eq } from "drizzle-orm";
import { headlinePath } from "@/common/headline-path";
import { PAYMENT_WINDOW_HOURS, type PaymentRequest, RECEIPT_PATTERN, type Receipt } from "@/common/receipt";
import { solAmount, transferRequestUrl } from "@/common/solana-pay";
import type { Config } from "../../config";
import type { Db } from "../../db/connect";
import { headlines } from "../../db/schema";
import type { HeadlineRow } from "../headlines/headline-stage";
import { isPromotedRow, receiptStatus } from "../headlines/payment-status";

/** A receipt id: 16 random bytes, base64url (RECEIPT_PATTERN). Unguessable, so it is the page's only key. */
export const newReceipt = () => randomBytes(16).toString("base64url");

/**
 * A Solana Pay reference: 32 random bytes as a base58 public key. Nobody holds its private key; it only
 * marks the payment so the server can find it (getSignaturesForAddress).
 */
export const newPaymentReference = () => getBase58Decoder().decode(randomBytes(32));

type PaymentConfig = Pick<Config, "paymentAddress" | "submissionPriceSol" | "siteName">;

/** The transfer request a promoted submission is paid through; null without a configured payment address. */
export function paymentRequestFor(
  row: Pick<HeadlineRow, "id" | "paymentReference">,
  config: PaymentConfig,
): PaymentRequest | null {
  if (!config.paymentAddress || !row.paymentReference) return null;
  const amount = solAmount(config.submissionPriceSol);
  return {
    url: transferRequestUrl({
      recipient: config.paymentAddress,
      amount,
      references: [row.paymentReference],
      label: config.siteName,
      message: `Promoted submission #${row.id}`,
    }),
    recipient: config.paymentAddress,
    amount,
    reference: row.paymentReference,
  };
}

export async function findByReceipt(db: Db, receipt: string): Promise<HeadlineRow | undefined> {
  if (!RECEIPT_PATTERN.test(receipt)) return undefined;
  const [row] = await db.select().from(headlines).where(eq(headlines.receipt, receipt));
  return row;
}

export function toReceipt(row: HeadlineRow, config: PaymentConfig, checking: boolean): Receipt {
  const status = receiptStatus(row);
  const awaiting = status === "awaiting_payment";
  return {
    receipt: row.receipt ?? "",
    kind: isPromotedRow(row) ? "promoted" : "free",
    title: row.title,
    description: row.description,
    imageUrl: row.imageUrl,
    submittedBy: row.submittedBy,
    createdAt: row.createdAt.toISOString(),
    status,
    note: row.paymentNote,
    transactionId: row.transactionId,
    checking: awaiting && checking,
    payment: awaiting && !row.transactionId ? paymentRequestFor(row, config) : null,
    expiresAt:
      awaiting && row.paymentReference && !row.transactionId
        ? new Date(row.createdAt.getTime() + PAYMENT_WINDOW_HOURS * 60 * 60 * 1000).toISOString()
        : null,
    headlineUrl: status === "approved" ? headlinePath(row) : null,
  };
}
