import type { AdminHeadline } from "@/common/admin";
import type { headlines } from "../../db/schema";
import { toHeadline } from "../headlines/headline-view";

type HeadlineRow = typeof headlines.$inferSelect;

/** A stored headline as the dashboard sees it: the public view plus the payment and old-news fields. */
export function toAdminHeadline(row: HeadlineRow): AdminHeadline {
  return {
    ...toHeadline(row),
    stage: row.stage,
    transactionId: row.transactionId,
    paymentNote: row.paymentNote,
    isOldNews: row.oldNewsAt !== null,
    oldNewsAt: row.oldNewsAt?.toISOString() ?? null,
  };
}
