import { useEffect, useState } from "react";
import type { SubmissionResult } from "@/common/submission";
import { SUBMITTED_BY_MAX, SUBMITTED_BY_MIN, TRANSACTION_ID_MIN } from "@/common/submission-rules";
import { submitPaidHeadline } from "../api/submit-paid-headline";
import type { PaidSubmissionDraft } from "../form-in-use";
import { useSubmissionForm } from "../use-submission-form";
import { HeadlineFields } from "./headline-fields";
import { ImageField } from "./image-field";
import { LaunchFields } from "./launch-fields";
import { LinkFields } from "./link-fields";
import { SubmitButton } from "./submit-button";
import { TermsField } from "./terms-field";
import { TextField } from "./text-field";

const EMPTY: PaidSubmissionDraft = {
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
  termsAccepted: false,
};

const SUBMITTED_BY_ID = "submission-submitted-by";
const SUBMITTED_BY_HINT = `${SUBMITTED_BY_MIN} to ${SUBMITTED_BY_MAX} characters.`;
const TRANSACTION_ID = "submission-transaction-id";
const TRANSACTION_HINT = `Already paid from another app? The transaction signature (at least ${TRANSACTION_ID_MIN} characters). Else leave it empty: you pay next.`;

export interface PaidSubmissionFormProps {
  onSubmitted: (result: SubmissionResult) => void;
  /** Why the form cannot be used yet (no payment address to pay to); every field is disabled meanwhile. */
  disabledReason?: string | null;
  /** Put the focus in the first field on mount (after "Submit Another"). */
  focusFirstField?: boolean;
}

/**
 * The promoted submission form: the free fields plus the project and its launch. It is sent before paying
 * (issue 15: Solana Pay on the next screen); a transaction ID is for a payment already made another way.
 */
export function PaidSubmissionForm({
  onSubmitted,
  disabledReason = null,
  focusFirstField = false,
}: PaidSubmissionFormProps) {
  const disabled = Boolean(disabledReason);
  const { form, formProps } = useSubmissionForm({
    initialValues: EMPTY,
    validate: (inUse, values) => inUse.validatePaidSubmission(values),
    send: submitPaidHeadline,
    onSubmitted,
    // A 409 here is a transaction id that paid for another submission already.
    conflictField: "transactionId",
    closed: disabled,
  });
  const [uploading, setUploading] = useState(false);
  const { focus } = form;

  useEffect(() => {
    if (focusFirstField && !disabled) focus("submittedBy");
  }, [focusFirstField, disabled, focus]);

  return (
    <form {...formProps} className="flex flex-col gap-6">
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
        {/* A group is named by its legend; the card's title above says the same to sighted readers. */}
        <legend className="sr-only">Your Promoted Headline</legend>
        <TextField
          form={form}
          name="submittedBy"
          id={SUBMITTED_BY_ID}
          label="Your name or organization"
          hint={SUBMITTED_BY_HINT}
          autoComplete="organization"
        />
        <HeadlineFields form={form} />
        <ImageField form={form} onUploadingChange={setUploading} />
        <LaunchFields form={form} />
        <LinkFields form={form} />
        <TextField
          form={form}
          name="transactionId"
          id={TRANSACTION_ID}
          label="Transaction ID (optional)"
          hint={TRANSACTION_HINT}
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          className="font-mono"
        />
        <TermsField form={form} />
        <SubmitButton pending={form.submitting} disabled={uploading} label="Submit Promoted Headline" />
      </fieldset>
    </form>
  );
}
