import { useEffect, useState } from "react";
import type { SubmissionResult } from "@/common/submission";
import { submitHeadline } from "../api/submit-headline";
import type { FreeSubmissionDraft } from "../form-in-use";
import { useSubmissionForm } from "../use-submission-form";
import { HeadlineFields } from "./headline-fields";
import { ImageField } from "./image-field";
import { LinkFields } from "./link-fields";
import { SubmitButton } from "./submit-button";
import { TermsField } from "./terms-field";

const EMPTY: FreeSubmissionDraft = {
  title: "",
  description: "",
  imageUrl: "",
  articleUrl: "",
  twitterUrl: "",
  websiteUrl: "",
  termsAccepted: false,
};

export interface FreeSubmissionFormProps {
  onSubmitted: (result: SubmissionResult) => void;
  /** Put the focus in the first field on mount (after "Submit Another"). */
  focusFirstField?: boolean;
}

/** The free submission form: validated by the shared schema, sent to POST /api/headlines without the terms flag. */
export function FreeSubmissionForm({ onSubmitted, focusFirstField = false }: FreeSubmissionFormProps) {
  const { form, formProps } = useSubmissionForm({
    initialValues: EMPTY,
    validate: (inUse, values) => inUse.validateFreeSubmission(values),
    send: submitHeadline,
    onSubmitted,
  });
  const [uploading, setUploading] = useState(false);
  const { focus } = form;

  useEffect(() => {
    if (focusFirstField) focus("title");
  }, [focusFirstField, focus]);

  return (
    <form {...formProps} className="flex flex-col gap-6">
      <HeadlineFields form={form} />
      <ImageField form={form} onUploadingChange={setUploading} />
      <LinkFields form={form} />
      <TermsField form={form} />
      <SubmitButton pending={form.submitting} disabled={uploading} label="Submit Headline" />
    </form>
  );
}
