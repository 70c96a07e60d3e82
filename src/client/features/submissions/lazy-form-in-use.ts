import { lazy } from "react";
import { onDemand } from "@/client/lib/on-demand";

/**
 * What a submission form needs once someone uses it (form-in-use.ts: the schemas, the feedback, the image
 * file check, the success screen), loaded on the form's first focus, well before a submit needs it:
 * `(await formInUse.get()).validateFreeSubmission(values)`. The pages draw without it (decision 005).
 */
export const formInUse = onDemand(() => import("./form-in-use"));

/**
 * "Submission Received!", from the same chunk. Show it in a transition (startTransition), so that the form
 * stays on screen rather than the route's loading state if the chunk is still on its way.
 */
export const LazySubmissionSuccess = lazy(async () => ({
  default: (await formInUse.get()).SubmissionSuccess,
}));
