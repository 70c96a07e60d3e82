import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/client/lib/api-client";
import type { PaidSubmissionInput, SubmissionResult } from "@/common/submission";

/** POST /api/headlines/paid-submission: a promoted submission, pending until its payment is verified. */
export async function submitPaidHeadline(input: PaidSubmissionInput) {
  return apiRequest<SubmissionResult>("POST", "/api/headlines/paid-submission", { body: input });
}

// Nothing public changes until the payment is verified and the headline approved: no list to refresh.
export function useSubmitPaidHeadline() {
  return useMutation({ mutationFn: submitPaidHeadline });
}
