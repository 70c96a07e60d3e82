import { apiRequest } from "@/client/lib/api-client";
import type { FreeSubmissionInput, SubmissionResult } from "@/common/submission";

/**
 * POST /api/headlines: a free submission, pending until the team approves it. Nothing public changes until
 * then, so there is no list to refresh; the form tracks the request itself (useSchemaForm's `submitting`),
 * which spares the page TanStack's mutation code (decision 005).
 */
export async function submitHeadline(input: FreeSubmissionInput) {
  return apiRequest<SubmissionResult>("POST", "/api/headlines", { body: input });
}
