import { useEffect, useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import type { z } from "zod";
import { describedBy, FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import type {
  PaidSubmissionFormSchema,
  PaidSubmissionFormValues,
  SubmissionResult,
} from "@/common/submission";
import { SUBMITTED_BY_MAX, SUBMITTED_BY_MIN, TRANSACTION_ID_MIN } from "@/common/submission-rules";
import { useSubmitPaidHeadline } from "../api/use-submit-paid-headline";
import { reportInvalidSubmission, reportSubmissionFailure } from "../submission-feedback";
import { paidSubmissionResolver } from "../submission-resolvers";
import { HeadlineFields } from "./headline-fields";
import { ImageField } from "./image-field";
import { LaunchFields } from "./launch-fields";
import { LinkFields } from "./link-fields";
import { SubmitButton } from "./submit-button";
import { TermsField } from "./terms-field";

// The terms box starts unticked (no value); the schema's literal(true) refuses that with the spec's message.
const EMPTY: Omit<PaidSubmissionFormValues, "termsAccepted"> = {
  submittedBy: "",
  title: "",
  description: "",
  imageUrl: "",
  launchStatus: "upcoming",
  launchDate: "",
  articleUrl: "",
  twitterUrl: "",
  websiteUrl: "",
  transactionId: "",
};

const SUBMITTED_BY_ID = "submission-submitted-by";
const SUBMITTED_BY_HINT = `${SUBMITTED_BY_MIN} to ${SUBMITTED_BY_MAX} characters.`;
const TRANSACTION_ID = "submission-transaction-id";
const TRANSACTION_HINT = `The transaction signature from your wallet (at least ${TRANSACTION_ID_MIN} characters).`;

export interface PaidSubmissionFormProps {
  onSubmitted: (result: SubmissionResult) => void;
  /** Why the form cannot be used yet (no payment address to pay to); every field is disabled meanwhile. */
  disabledReason?: string | null;
  /** Put the focus in the first field on mount (after "Submit Another"). */
  focusFirstField?: boolean;
}

/** The promoted submission form: the free fields plus the project, its launch and the payment's transaction. */
export function PaidSubmissionForm({
  onSubmitted,
  disabledReason = null,
  focusFirstField = false,
}: PaidSubmissionFormProps) {
  const form = useForm<PaidSubmissionFormValues, unknown, z.output<typeof PaidSubmissionFormSchema>>({
    resolver: paidSubmissionResolver.resolver,
    defaultValues: EMPTY,
  });
  const submit = useSubmitPaidHeadline();
  const [uploading, setUploading] = useState(false);
  const {
    register,
    setFocus,
    setError,
    formState: { errors },
  } = form;
  const disabled = Boolean(disabledReason);

  useEffect(() => {
    if (focusFirstField && !disabled) setFocus("submittedBy");
  }, [focusFirstField, disabled, setFocus]);

  const onSubmit = form.handleSubmit(({ termsAccepted: _termsAccepted, ...input }) => {
    if (submit.isPending || disabled) return;
    submit.mutate(input, {
      onSuccess: (result) => onSubmitted(result),
      // A 409 here is a transaction id that paid for another submission already.
      onError: (error) => reportSubmissionFailure(error, setError, { conflictField: "transactionId" }),
    });
  }, reportInvalidSubmission);

  const submittedByError = errors.submittedBy?.message;
  const transactionError = errors.transactionId?.message;

  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={onSubmit}
        // The schemas load while the visitor fills the form in, before the first validation needs them.
        onFocus={paidSubmissionResolver.preload}
        className="flex flex-col gap-6"
      >
        {disabledReason ? (
          <p
            id="paid-form-disabled-reason"
            className="border-3 border-ink border-l-[12px] border-l-nes-yellow bg-paper p-3 text-base"
          >
            {disabledReason}
          </p>
        ) : null}
        {/* A disabled fieldset disables every control inside, the upload button and the radios included. */}
        <fieldset
          disabled={disabled}
          aria-describedby={disabled ? "paid-form-disabled-reason" : undefined}
          className="flex min-w-0 flex-col gap-6"
        >
          <FormField
            id={SUBMITTED_BY_ID}
            label="Your name or organization"
            hint={SUBMITTED_BY_HINT}
            error={submittedByError}
          >
            <Input
              id={SUBMITTED_BY_ID}
              autoComplete="organization"
              aria-invalid={submittedByError ? true : undefined}
              aria-describedby={describedBy(SUBMITTED_BY_ID, {
                hint: SUBMITTED_BY_HINT,
                error: submittedByError,
              })}
              {...register("submittedBy")}
            />
          </FormField>
          <HeadlineFields />
          <ImageField onUploadingChange={setUploading} />
          <LaunchFields />
          <LinkFields />
          <FormField
            id={TRANSACTION_ID}
            label="Transaction ID"
            hint={TRANSACTION_HINT}
            error={transactionError}
          >
            <Input
              id={TRANSACTION_ID}
              autoComplete="off"
              autoCapitalize="off"
              autoCorrect="off"
              spellCheck={false}
              className="font-mono"
              aria-invalid={transactionError ? true : undefined}
              aria-describedby={describedBy(TRANSACTION_ID, {
                hint: TRANSACTION_HINT,
                error: transactionError,
              })}
              {...register("transactionId")}
            />
          </FormField>
          <TermsField />
          <SubmitButton pending={submit.isPending} disabled={uploading} label="Submit Promoted Headline" />
        </fieldset>
      </form>
    </FormProvider>
  );
}
