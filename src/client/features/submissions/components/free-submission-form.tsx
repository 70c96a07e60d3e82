import { useEffect, useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import type { z } from "zod";
import type {
  FreeSubmissionFormSchema,
  FreeSubmissionFormValues,
  SubmissionResult,
} from "@/common/submission";
import { useSubmitHeadline } from "../api/use-submit-headline";
import { reportInvalidSubmission, reportSubmissionFailure } from "../submission-feedback";
import { freeSubmissionResolver } from "../submission-resolvers";
import { HeadlineFields } from "./headline-fields";
import { ImageField } from "./image-field";
import { LinkFields } from "./link-fields";
import { SubmitButton } from "./submit-button";
import { TermsField } from "./terms-field";

// The terms box starts unticked (no value); the schema's literal(true) refuses that with the spec's message.
const EMPTY: Omit<FreeSubmissionFormValues, "termsAccepted"> = {
  title: "",
  description: "",
  imageUrl: "",
  articleUrl: "",
  twitterUrl: "",
  websiteUrl: "",
};

export interface FreeSubmissionFormProps {
  onSubmitted: (result: SubmissionResult) => void;
  /** Put the focus in the first field on mount (after "Submit Another"). */
  focusFirstField?: boolean;
}

/** The free submission form: validated by the shared schema, sent to POST /api/headlines without the terms flag. */
export function FreeSubmissionForm({ onSubmitted, focusFirstField = false }: FreeSubmissionFormProps) {
  const form = useForm<FreeSubmissionFormValues, unknown, z.output<typeof FreeSubmissionFormSchema>>({
    resolver: freeSubmissionResolver.resolver,
    defaultValues: EMPTY,
  });
  const submit = useSubmitHeadline();
  const [uploading, setUploading] = useState(false);
  const { setFocus, setError } = form;

  useEffect(() => {
    if (focusFirstField) setFocus("title");
  }, [focusFirstField, setFocus]);

  const onSubmit = form.handleSubmit(({ termsAccepted: _termsAccepted, ...input }) => {
    if (submit.isPending) return;
    submit.mutate(input, {
      onSuccess: (result) => onSubmitted(result),
      onError: (error) => reportSubmissionFailure(error, setError),
    });
  }, reportInvalidSubmission);

  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={onSubmit}
        // The schemas load while the visitor fills the form in, before the first validation needs them.
        onFocus={freeSubmissionResolver.preload}
        className="flex flex-col gap-6"
      >
        <HeadlineFields />
        <ImageField onUploadingChange={setUploading} />
        <LinkFields />
        <TermsField />
        <SubmitButton pending={submit.isPending} disabled={uploading} label="Submit Headline" />
      </form>
    </FormProvider>
  );
}
