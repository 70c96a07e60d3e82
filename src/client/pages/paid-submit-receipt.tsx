import { LazyPayRequest } from "@/client/features/payments/lazy-pay-request";
import { LiveReceiptStatus } from "@/client/features/receipts/components/live-receipt-status";
import { ReceiptLink } from "@/client/features/receipts/components/receipt-link";

/**
 * What follows a promoted submission on its success screen: its live status with the transfer request to pay
 * (QR code, wallet button), then its receipt link. Its own chunk: /paid-submit draws without it.
 */
export function PaidSubmitReceipt({ receipt }: { receipt: string }) {
  return (
    <>
      <LiveReceiptStatus
        receipt={receipt}
        payRequest={(url, onSent) => <LazyPayRequest url={url} onSent={onSent} />}
      />
      <ReceiptLink receipt={receipt} />
    </>
  );
}
