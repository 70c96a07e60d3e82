import { type FormEvent, type ReactNode, useId, useState } from "react";
import { EasternTime } from "@/client/components/eastern-time";
import { Link } from "@/client/components/link";
import { Badge, type BadgeProps } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { describedBy, FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { errorDetail } from "@/client/lib/api-client";
import type { Receipt } from "@/common/receipt";
import { asSentence, RECEIPT_STATUS_LABELS, type ReceiptStatus as Status } from "@/common/receipt-rules";
import { TRANSACTION_ID_MIN } from "@/common/submission-rules";
import { formatEasternEt } from "@/common/time-text";
import { usePasteTransaction, useRefreshReceipt } from "../api/use-receipt";

const STATUS_BADGE: Record<Status, NonNullable<BadgeProps["variant"]>> = {
  awaiting_payment: "orange",
  paid: "cyan",
  in_review: "cyan",
  approved: "green",
  rejected: "red",
  expired: "paper",
};

export const RECEIPT_TEXTS = {
  awaiting: (amount: string) =>
    `Pay ${amount} SOL to promote your headline: with your browser wallet, or scan the QR code with your phone's wallet. The payment is confirmed here by itself, within a minute.`,
  awaitingNoAddress:
    "The payment address is not configured yet. Paste your transaction ID below once you have paid, or check back soon.",
  checking: "Checking the Solana network...",
  pastedChecking: "We are checking the transaction you gave.",
  paid: "Payment confirmed. Our team is now reviewing your headline.",
  inReview: "Our team is reviewing your headline. Approved headlines appear in the voting section.",
  approved: "Approved! Your headline is published.",
  rejected: "Your submission was not accepted.",
  expired: "This submission expired: no payment arrived within 24 hours.",
  expiredPaidLate:
    "This submission expired before its payment was found. Our team has been told and may reinstate it.",
} as const;

/** Draws a transfer request (the payments feature's QR code and wallet button; the page composes them). */
export type PayRequestSlot = (url: string, onSent: () => void) => ReactNode;

/**
 * Where a submission stands, live (useReceipt): the status, why a payment was not counted, and while the
 * payment is awaited the transfer request (QR code, wallet button) and the pasted-signature fallback.
 */
export function SubmissionStatus({ receipt, payRequest }: { receipt: Receipt; payRequest: PayRequestSlot }) {
  const refresh = useRefreshReceipt(receipt.receipt);
  const { status } = receipt;
  return (
    <section aria-labelledby="receipt-status-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="receipt-status-title" className="font-pixel text-xs uppercase sm:text-sm">
          Status
        </h2>
        <Badge variant={STATUS_BADGE[status]} data-testid="receipt-status">
          {RECEIPT_STATUS_LABELS[status]}
        </Badge>
      </div>
      <div
        role="status"
        aria-live="polite"
        className="flex flex-col gap-2 font-serif text-lg leading-relaxed"
      >
        <StatusText receipt={receipt} />
      </div>
      {status === "awaiting_payment" && receipt.payment ? payRequest(receipt.payment.url, refresh) : null}
      {status === "awaiting_payment" && receipt.expiresAt && !receipt.transactionId ? (
        <p className="text-base text-ink-soft">
          Unpaid submissions expire on <EasternTime at={receipt.expiresAt} format={formatEasternEt} />.
        </p>
      ) : null}
      {status === "awaiting_payment" ? <PasteTransaction receipt={receipt.receipt} /> : null}
    </section>
  );
}

function StatusText({ receipt }: { receipt: Receipt }) {
  const { note } = receipt;
  switch (receipt.status) {
    case "awaiting_payment":
      return (
        <>
          {receipt.transactionId ? (
            <p>
              {RECEIPT_TEXTS.pastedChecking}{" "}
              <span className="font-mono text-base break-all">{receipt.transactionId}</span>
            </p>
          ) : (
            <p>
              {receipt.payment
                ? RECEIPT_TEXTS.awaiting(receipt.payment.amount)
                : RECEIPT_TEXTS.awaitingNoAddress}
            </p>
          )}
          {receipt.checking ? <p className="font-bold">{RECEIPT_TEXTS.checking}</p> : null}
          {note ? <p>Not counted yet: {asSentence(note)}</p> : null}
        </>
      );
    case "paid":
      return <p>{RECEIPT_TEXTS.paid}</p>;
    case "in_review":
      return <p>{RECEIPT_TEXTS.inReview}</p>;
    case "approved":
      return (
        <p>
          {RECEIPT_TEXTS.approved}{" "}
          {receipt.headlineUrl ? (
            <Link to={receipt.headlineUrl} className="underline underline-offset-4">
              See your headline
            </Link>
          ) : null}
        </p>
      );
    case "rejected":
      return (
        <>
          <p>{RECEIPT_TEXTS.rejected}</p>
          {note ? <p>Reason: {asSentence(note)}</p> : null}
        </>
      );
    case "expired":
      // A payment found after the expiry is recorded with its transaction, for staff to decide.
      return receipt.transactionId ? (
        <>
          <p>{RECEIPT_TEXTS.expiredPaidLate}</p>
          {note ? <p>{asSentence(note)}</p> : null}
        </>
      ) : (
        <p>{RECEIPT_TEXTS.expired}</p>
      );
  }
}

/** Paid another way (an exchange, another app): the signature, checked on chain like a payment found by itself. */
function PasteTransaction({ receipt }: { receipt: string }) {
  const id = useId();
  const paste = usePasteTransaction(receipt);
  const [value, setValue] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const error = problem ?? (paste.isError ? errorDetail(paste.error, "Please try again later.") : null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const transactionId = value.trim();
    if (transactionId.length < TRANSACTION_ID_MIN) {
      setProblem("Please enter a valid transaction ID");
      return;
    }
    setProblem(null);
    paste.mutate(transactionId);
  }

  return (
    <details className="border-3 border-ink bg-paper-dark p-3">
      <summary className="cursor-pointer font-pixel text-[10px] uppercase leading-relaxed sm:text-xs">
        Paid another way? Paste the transaction ID
      </summary>
      <form onSubmit={onSubmit} noValidate className="mt-3 flex flex-col gap-3">
        <FormField
          id={id}
          label="Transaction ID"
          hint="The transaction signature from your wallet or exchange."
          error={error}
        >
          <Input
            id={id}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(id, {
              hint: "The transaction signature from your wallet or exchange.",
              error,
            })}
            autoComplete="off"
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            className="font-mono"
          />
        </FormField>
        <Button type="submit" variant="secondary" className="w-full sm:w-fit" disabled={paste.isPending}>
          {paste.isPending ? "Checking..." : "Check this transaction"}
        </Button>
      </form>
    </details>
  );
}
