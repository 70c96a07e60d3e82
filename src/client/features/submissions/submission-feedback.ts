import { ApiError, errorDetail } from "@/client/lib/api-client";
import { toast } from "@/client/lib/use-toast";
import type { PaidSubmissionFormValues } from "@/common/submission";
import { SUBMISSION_MESSAGES } from "@/common/submission";

const M = SUBMISSION_MESSAGES;

export type SubmissionField = keyof PaidSubmissionFormValues;

/**
 * The field a server validation message belongs to. The api client keeps only the answer's `message`
 * (the first field's message, spec wording), so the field is found by that wording: each message names
 * one field, except the shared "URLs must be at most ..." one, which stays a toast only.
 */
const FIELD_OF_MESSAGE: ReadonlyMap<string, SubmissionField> = new Map<string, SubmissionField>([
  [M.titleMin, "title"],
  [M.titleMax, "title"],
  [M.descriptionMin, "description"],
  [M.descriptionMax, "description"],
  [M.articleUrl, "articleUrl"],
  [M.twitterUrl, "twitterUrl"],
  [M.websiteUrl, "websiteUrl"],
  [M.imageRequired, "imageUrl"],
  [M.imageUrl, "imageUrl"],
  [M.submittedByMin, "submittedBy"],
  [M.submittedByMax, "submittedBy"],
  [M.launchStatus, "launchStatus"],
  [M.launchDate, "launchDate"],
  [M.transactionId, "transactionId"],
  [M.transactionIdMax, "transactionId"],
]);

export function fieldForServerMessage(message: string): SubmissionField | null {
  return FIELD_OF_MESSAGE.get(message) ?? null;
}

export const SUBMISSION_FAILED_TITLE = "Submission failed";
export const SUBMISSION_FAILED_FALLBACK = "Please try again later.";
export const IMAGE_REQUIRED_TITLE = "Image required";

/**
 * A refused submission: the spec's toast with the server's message, and the message under its field too
 * when the answer names one (a 400 for a field, or `conflictField` for a 409 such as a reused transaction
 * id), so the visitor sees where to fix it.
 */
export function reportSubmissionFailure<F extends SubmissionField>(
  error: unknown,
  setError: (field: F, message: string) => void,
  { conflictField }: { conflictField?: F } = {},
): void {
  toast({
    variant: "destructive",
    title: SUBMISSION_FAILED_TITLE,
    description: errorDetail(error, SUBMISSION_FAILED_FALLBACK),
  });
  if (!(error instanceof ApiError)) return;
  const field =
    error.status === 409 ? conflictField : error.status === 400 ? fieldForServerMessage(error.detail) : null;
  // The form's own fields are a subset of the paid form's, and the server only names fields it was sent.
  // setError puts the focus there too.
  if (field) setError(field as F, error.detail);
}

/**
 * Called when the form's own check refuses a submit. A missing image is the one rule the spec also raises
 * as a toast ("Image required"), since the image block may be scrolled out of view; every other message
 * shows under its field, where the form has moved the focus.
 */
export function reportInvalidSubmission(errors: { imageUrl?: string }): void {
  if (errors.imageUrl === M.imageRequired) {
    toast({ variant: "destructive", title: IMAGE_REQUIRED_TITLE, description: M.imageRequired });
  }
}
