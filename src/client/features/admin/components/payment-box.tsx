import { useEffect, useId, useRef, useState } from "react";
import { LinkIcon } from "@/client/components/icons";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Input } from "@/client/components/ui/input";
import { type AdminHeadline, REJECTION_REASON_MAX } from "@/common/admin";
import { useCheckPayment } from "../api/use-check-payment";
import { useVerifyPayment } from "../api/use-verify-payment";

/** The blockchain explorer's page for a transaction. */
export function explorerUrl(transactionId: string): string {
  return `https://solscan.io/tx/${encodeURIComponent(transactionId)}`;
}

/**
 * A paid submission's payment: its transaction, staff's verdict (or the chain check's reason) and the three
 * ways to decide. "Check on chain" asks the server to look the transaction up; its reason shows here.
 */
export function PaymentBox({ headline }: { headline: AdminHeadline & { transactionId: string } }) {
  const verify = useVerifyPayment();
  const check = useCheckPayment();
  const busy = verify.isPending || check.isPending;
  const [reason, setReason] = useState("");
  const reasonId = useId();
  const { id, transactionId, isPaid, paymentNote } = headline;
  // Staff rejected it (stage rejected): it no longer reads as waiting for verification.
  const rejected = headline.stage === "rejected";
  // Rejecting disables Reject Payment for good: focus goes on to Verify Payment, the one way back (issue 31).
  // While a verdict is sent the buttons stay focusable (aria-disabled), so focus never drops to <body>.
  const verifyButton = useRef<HTMLButtonElement>(null);
  const [rejecting, setRejecting] = useState(false);
  useEffect(() => {
    if (rejecting && rejected) {
      setRejecting(false);
      verifyButton.current?.focus();
    }
  }, [rejecting, rejected]);

  return (
    <section
      aria-label={`Payment for ${headline.title}`}
      className="flex flex-col gap-3 border-3 border-ink bg-paper-dark p-3"
    >
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2">
        <dt className="font-pixel text-[10px] uppercase leading-7">Transaction</dt>
        <dd className="min-w-0 font-mono text-sm break-all select-all">{transactionId}</dd>
        <dt className="font-pixel text-[10px] uppercase leading-7">Payment</dt>
        <dd>
          <Badge
            variant={rejected ? "red" : isPaid ? "green" : "orange"}
            className="whitespace-normal leading-snug"
          >
            {rejected ? "Rejected" : isPaid ? "Verified" : "Pending Verification"}
          </Badge>
        </dd>
        {paymentNote ? (
          <>
            <dt className="font-pixel text-[10px] uppercase leading-7">Note</dt>
            <dd>{paymentNote}</dd>
          </>
        ) : null}
      </dl>
      <p role="status" className="empty:hidden">
        {check.data ? `Chain check: ${check.data.message}` : ""}
      </p>
      {rejected ? null : (
        <div className="flex flex-col gap-1">
          <label htmlFor={reasonId} className="font-pixel text-[10px] uppercase leading-relaxed">
            Reason if rejected (shown on the submitter's receipt)
          </label>
          <Input
            id={reasonId}
            value={reason}
            maxLength={REJECTION_REASON_MAX}
            onChange={(event) => setReason(event.target.value)}
            placeholder="e.g. The payment was 0.1 SOL short"
          />
        </div>
      )}
      <div className="flex flex-wrap gap-3">
        <Button
          ref={verifyButton}
          size="sm"
          variant="green"
          disabled={isPaid}
          aria-disabled={busy || undefined}
          onClick={() => busy || verify.mutate({ id, isPaid: true })}
        >
          Verify Payment
        </Button>
        <Button
          size="sm"
          variant="destructive"
          disabled={rejected}
          aria-disabled={busy || undefined}
          onClick={() => {
            if (busy) return;
            setRejecting(true);
            verify.mutate(
              { id, isPaid: false, reason: reason.trim() || undefined },
              { onError: () => setRejecting(false) },
            );
          }}
        >
          Reject Payment
        </Button>
        <Button
          size="sm"
          variant="secondary"
          aria-disabled={busy || undefined}
          onClick={() => busy || check.mutate(id)}
        >
          {check.isPending ? "Checking..." : "Check on chain"}
        </Button>
        <Button asChild size="sm" variant="plain">
          <a href={explorerUrl(transactionId)} target="_blank" rel="noopener noreferrer">
            <LinkIcon /> View on Solscan<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </Button>
      </div>
    </section>
  );
}
