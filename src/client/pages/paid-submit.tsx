import { lazy, startTransition, useState } from "react";
import { paths } from "@/client/app/paths";
import { PageHeading } from "@/client/components/page-heading";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { usePaymentInfo } from "@/client/features/submissions/api/use-payment-info";
import { PaidSubmissionForm } from "@/client/features/submissions/components/paid-submission-form";
import { PaymentDetails } from "@/client/features/submissions/components/payment-details";
import { PromotedBenefits } from "@/client/features/submissions/components/promoted-benefits";
import { LazySubmissionSuccess } from "@/client/features/submissions/lazy-form-in-use";
import type { SubmissionResult } from "@/common/submission";

const PaidSubmitReceipt = lazy(async () => ({
  default: (await import("./paid-submit-receipt")).PaidSubmitReceipt,
}));

type Step = { name: "form" | "again" } | { name: "received"; result: SubmissionResult };

/**
 * Promoted (paid) submission. The form stays disabled until there is an address to pay to: without one a
 * visitor could not have paid, and a transaction id would be meaningless.
 */
export function PaidSubmit() {
  const [step, setStep] = useState<Step>({ name: "form" });
  const payment = usePaymentInfo();

  const disabledReason = payment.isPending
    ? "Loading the payment details..."
    : payment.isError
      ? "The form opens once the payment details have loaded."
      : payment.data.paymentAddress
        ? null
        : "The form opens once the payment address is configured.";

  return (
    <>
      <PageHeading
        title="Promoted Submission"
        subtitle="Pay once, skip the line: promoted headlines get priority in the vote."
      />
      {step.name === "received" ? (
        <div className="max-w-3xl">
          <LazySubmissionSuccess homePath={paths.home} onSubmitAnother={() => setStep({ name: "again" })}>
            <p>
              Thanks! Your payment is verified on the blockchain by itself, then our team reviews your
              headline.
            </p>
            <p>Once both are done, it will be added to the voting section with priority placement.</p>
            {step.result.receipt ? <PaidSubmitReceipt receipt={step.result.receipt} /> : null}
          </LazySubmissionSuccess>
        </div>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start lg:gap-8">
          <div className="flex min-w-0 flex-col gap-6">
            <PaymentDetails payment={payment} />
            <Card className="bg-paper">
              <CardHeader>
                <CardTitle>Your Promoted Headline</CardTitle>
                <CardDescription>
                  Fill this in first: you pay on the next screen, with your wallet or a QR code.
                </CardDescription>
              </CardHeader>
              <CardContent>
                <PaidSubmissionForm
                  // A transition keeps the form on screen until "Submission Received!" is ready.
                  onSubmitted={(result) => startTransition(() => setStep({ name: "received", result }))}
                  disabledReason={disabledReason}
                  focusFirstField={step.name === "again"}
                />
              </CardContent>
            </Card>
          </div>
          <aside className="lg:sticky lg:top-4">
            <PromotedBenefits />
          </aside>
        </div>
      )}
    </>
  );
}
