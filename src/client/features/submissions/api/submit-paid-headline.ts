import { apiRequest } from "@/client/lib/api-client";
import type { PaidSubmissionInput, SubmissionResult } from "@/common/submission";

/**
 * POST /api/headlines/paid-submission: a promoted submission, pending until its payment is verified and the
 * headline approved, so there is no list to refresh; the form tracks the request itself (submit-headline.ts).
 */
export async function submitPaidHeadline(input: PaidSubmissionInput) {
  return apiRequest<SubmissionResult>("POST", "/api/headlines/paid-submission", { body: input });
}
