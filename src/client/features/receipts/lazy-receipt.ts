import { lazy } from "react";

/**
 * The receipt link for the free form's success screen, as their own chunk: it shows only after a
 * submission was sent, so it stays off the forms' first load (decision 005). Show it in a transition,
 * as LazySubmissionSuccess is.
 */
export const LazyReceiptLink = lazy(async () => ({
  default: (await import("./components/receipt-link")).ReceiptLink,
}));
