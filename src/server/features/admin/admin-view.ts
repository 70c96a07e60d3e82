import type { AdminHeadline } from "@/common/admin";
import type { headlines } from "../../db/schema";
import { isInPlay } from "../headlines/headline-stage";
import { toHeadline } from "../headlines/headline-view";
import { isPromotedRow, receiptStatus } from "../headlines/payment-status";
import { needsPreview, previewUrlFor } from "./admin-images";

type HeadlineRow = typeof headlines.$inferSelect;

/**
 * A stored headline as the dashboard sees it: the public view plus the payment and old-news fields. A pending
 * submission's image link is shown through this server (admin-images.ts), so staff never load it directly.
 */
export function toAdminHeadline(row: HeadlineRow): AdminHeadline {
  return {
    ...toHeadline(row),
    // The staff's switches as they set them: an approved promoted submission awaiting its payment is listed
    // but in no public list yet (the dashboard says so with awaitingPayment).
    isTodaysNews: row.listedToday && isInPlay(row.stage),
    isTomorrowsNews: row.listedTomorrow && isInPlay(row.stage),
    imageUrl: needsPreview(row) ? previewUrlFor(row.id) : row.imageUrl,
    stage: row.stage,
    transactionId: row.transactionId,
    paymentNote: row.paymentNote,
    isPromotedSubmission: isPromotedRow(row),
    awaitingPayment: receiptStatus(row) === "awaiting_payment" && row.transactionId === null,
    isOldNews: row.oldNewsAt !== null,
    oldNewsAt: row.oldNewsAt?.toISOString() ?? null,
  };
}
