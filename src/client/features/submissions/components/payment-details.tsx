import type { UseQueryResult } from "@tanstack/react-query";
import { LinkIcon } from "@/client/components/icons";
import { Alert, AlertDescription, AlertTitle } from "@/client/components/ui/alert";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Skeleton, SkeletonGroup } from "@/client/components/ui/skeleton";
import type { PaymentInfo } from "@/common/settings";
import { formatSol, lamportsFromSol } from "@/common/solana-pay";
import { CopyPaymentAddressButton } from "./copy-payment-address-button";

export const ADDRESS_NOT_CONFIGURED = "Payment address not configured yet — please check back soon.";

export function solscanAccountUrl(address: string): string {
  return `https://solscan.io/account/${encodeURIComponent(address)}`;
}

/**
 * The paid page's payment block: the price banner, the "Payment Required" notice, the address to pay with
 * Copy, the three steps and the explorer link. The query is retried once (usePaymentInfo) before the error
 * state shows, with a button to try again.
 */
export function PaymentDetails({ payment }: { payment: UseQueryResult<PaymentInfo> }) {
  if (payment.isPending) {
    return (
      <SkeletonGroup label="Loading payment details" className="flex flex-col gap-4">
        <Skeleton className="h-28" />
        <Skeleton className="h-24" />
        <Skeleton className="h-40" />
      </SkeletonGroup>
    );
  }

  if (payment.isError) {
    return (
      <Alert variant="destructive">
        <AlertTitle>Payment details unavailable</AlertTitle>
        <AlertDescription className="flex flex-col items-start gap-3">
          <p>We couldn't load the price and the payment address. Please try again in a moment.</p>
          <Button variant="secondary" onClick={() => void payment.refetch()} disabled={payment.isFetching}>
            {payment.isFetching ? "Trying..." : "Try Again"}
          </Button>
        </AlertDescription>
      </Alert>
    );
  }

  const { submissionPrice, paymentAddress } = payment.data;
  const price = formatSol(lamportsFromSol(submissionPrice));

  return (
    <Card className="overflow-hidden bg-paper">
      <div className="flex flex-col items-center gap-3 border-b-3 border-ink bg-night px-4 py-5 text-center">
        <p className="font-pixel text-[10px] uppercase leading-relaxed text-paper sm:text-xs">
          Promoted submission price
        </p>
        <p className="font-pixel text-2xl text-nes-yellow sm:text-3xl" data-testid="submission-price">
          {price}
        </p>
      </div>
      <CardHeader>
        <CardTitle>How to Pay</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {/* A standing notice, not a live alert: it is part of the page, not news. */}
        <Alert variant="info" role="note">
          <AlertTitle>Payment Required</AlertTitle>
          <AlertDescription>
            A promoted submission costs {price}. Send the form, then pay: the payment is confirmed by itself,
            then the team reviews your headline.
          </AlertDescription>
        </Alert>

        <div className="flex flex-col gap-2">
          <p className="font-pixel text-[10px] uppercase leading-relaxed sm:text-xs">Payment address (SOL)</p>
          {paymentAddress ? (
            <div className="flex items-center gap-2 border-3 border-ink bg-paper-dark p-3">
              <code
                className="min-w-0 flex-1 font-mono text-sm break-all select-all"
                data-testid="payment-address"
              >
                {paymentAddress}
              </code>
              <CopyPaymentAddressButton address={paymentAddress} />
            </div>
          ) : (
            <p className="border-3 border-ink border-l-[12px] border-l-nes-yellow bg-paper-dark p-3 text-base">
              {ADDRESS_NOT_CONFIGURED}
            </p>
          )}
        </div>

        <ol className="flex flex-col gap-3">
          {[
            "Fill in the form below and send it.",
            `Pay ${price} on the next screen: with your wallet, or scan the QR code (Solana Pay).`,
            "The payment is confirmed by itself: follow it with your receipt link.",
          ].map((step, index) => (
            <li key={step} className="flex items-start gap-3 text-base">
              <span
                aria-hidden="true"
                className="inline-flex size-8 shrink-0 items-center justify-center border-2 border-ink bg-nes-yellow font-pixel text-xs"
              >
                {index + 1}
              </span>
              <span className="pt-1">
                <span className="sr-only">Step {index + 1}: </span>
                {step}
              </span>
            </li>
          ))}
        </ol>

        {paymentAddress ? (
          <Button asChild variant="secondary" className="w-full sm:w-fit">
            <a href={solscanAccountUrl(paymentAddress)} target="_blank" rel="noopener noreferrer">
              <LinkIcon /> View Address on Solscan
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
