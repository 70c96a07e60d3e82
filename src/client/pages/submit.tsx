import { startTransition, useState } from "react";
import { paths } from "@/client/app/paths";
import { ArrowLeftIcon, ArrowRightIcon } from "@/client/components/icons";
import { Link } from "@/client/components/link";
import { PageHeading } from "@/client/components/page-heading";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { LazyReceiptLink } from "@/client/features/receipts/lazy-receipt";
import { FreeSubmissionForm } from "@/client/features/submissions/components/free-submission-form";
import { LazySubmissionSuccess } from "@/client/features/submissions/lazy-form-in-use";

type Step = { name: "form" | "again" } | { name: "received"; receipt?: string };

/** Free headline submission: the form, then "Submission Received!", then a fresh form on "Submit Another". */
export function Submit() {
  const [step, setStep] = useState<Step>({ name: "form" });

  return (
    <>
      <PageHeading
        title="Submit Your Headline"
        subtitle="Spotted a headline that deserves to become a meme coin? Send it to the newsroom."
      />
      {step.name === "received" ? (
        <div className="max-w-3xl">
          <LazySubmissionSuccess homePath={paths.home} onSubmitAnother={() => setStep({ name: "again" })}>
            <p>Thanks! Our team will review your headline.</p>
            <p>Once it is approved, it will appear in the voting section on the home page.</p>
            {step.receipt ? <LazyReceiptLink receipt={step.receipt} /> : null}
          </LazySubmissionSuccess>
        </div>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start lg:gap-8">
          <aside className="flex flex-col gap-4 lg:col-start-2 lg:row-start-1">
            <Button asChild variant="blue" className="w-full">
              <Link to={paths.paidSubmit}>
                Looking for Priority? Try Paid Submission <ArrowRightIcon />
              </Link>
            </Button>
            <Button asChild variant="secondary" className="hidden w-full lg:inline-flex">
              <Link to={paths.home}>
                <ArrowLeftIcon /> Back to Home
              </Link>
            </Button>
          </aside>
          <Card className="bg-paper lg:col-start-1 lg:row-start-1">
            <CardHeader>
              <CardTitle>Share a Viral Headline</CardTitle>
              <CardDescription>
                Every submission is reviewed by the team before it enters the vote.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <FreeSubmissionForm
                // A transition keeps the form on screen until "Submission Received!" is ready.
                onSubmitted={({ receipt }) => startTransition(() => setStep({ name: "received", receipt }))}
                focusFirstField={step.name === "again"}
              />
            </CardContent>
          </Card>
          {/* On phones the way back comes after the form, where a visitor who is done reading ends up. */}
          <Button asChild variant="secondary" className="w-full sm:w-fit lg:hidden">
            <Link to={paths.home}>
              <ArrowLeftIcon /> Back to Home
            </Link>
          </Button>
        </div>
      )}
    </>
  );
}
