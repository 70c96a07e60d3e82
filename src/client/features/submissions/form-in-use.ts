import type { z } from "zod";
import { validateWithSchema } from "@/client/lib/schema-validation";
import {
  FreeSubmissionFormSchema,
  type FreeSubmissionFormValues,
  PaidSubmissionFormSchema,
  type PaidSubmissionFormValues,
} from "@/common/submission";

// What a submission form needs once someone uses it, and not to draw: the shared schemas (and zod with
// them), the feedback that quotes their messages, the image file check and the success screen. The forms
// never import it statically: they load it on their first focus (lazy-form-in-use.ts; decision 005).

export { checkImageFile } from "@/common/image-file-check";
export { SubmissionSuccess } from "./components/submission-success";
export { reportInvalidSubmission, reportSubmissionFailure } from "./submission-feedback";

/**
 * A form's values while it is filled in: every field present, texts as typed (blank is ""), the terms box
 * ticked or not. The schema turns them into what is sent (trimmed, blanks dropped) or into the messages;
 * an unticked box (false) gets the spec's "You must accept the terms".
 */
type Draft<T> = { [K in keyof T]-?: NonNullable<T[K]> extends boolean ? boolean : NonNullable<T[K]> };
export type FreeSubmissionDraft = Draft<FreeSubmissionFormValues>;
export type PaidSubmissionDraft = Draft<PaidSubmissionFormValues>;

export function validateFreeSubmission(values: FreeSubmissionDraft) {
  return validateWithSchema<FreeSubmissionDraft, z.output<typeof FreeSubmissionFormSchema>>(
    FreeSubmissionFormSchema,
    values,
  );
}

export function validatePaidSubmission(values: PaidSubmissionDraft) {
  return validateWithSchema<PaidSubmissionDraft, z.output<typeof PaidSubmissionFormSchema>>(
    PaidSubmissionFormSchema,
    values,
  );
}
