import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/client/lib/api-client";
import type { FreeSubmissionInput, SubmissionResult } from "@/common/submission";

/** POST /api/headlines: a free submission, pending until the team approves it. */
export async function submitHeadline(input: FreeSubmissionInput) {
  return apiRequest<SubmissionResult>("POST", "/api/headlines", { body: input });
}

// Nothing public changes until the team approves the headline, so there is no list to refresh.
export function useSubmitHeadline() {
  return useMutation({ mutationFn: submitHeadline });
}
