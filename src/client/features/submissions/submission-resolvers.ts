import type { z } from "zod";
import { lazyResolver } from "@/client/lib/lazy-resolver";
import type {
  FreeSubmissionFormSchema,
  FreeSubmissionFormValues,
  PaidSubmissionFormSchema,
  PaidSubmissionFormValues,
} from "@/common/submission";

// The shared schemas and the zod resolver, in one chunk loaded when a form is first used (lib/lazy-resolver).
const loadZod = () => Promise.all([import("@hookform/resolvers/zod"), import("@/common/submission")]);

export const freeSubmissionResolver = lazyResolver<
  FreeSubmissionFormValues,
  z.output<typeof FreeSubmissionFormSchema>
>(async () => {
  const [{ zodResolver }, { FreeSubmissionFormSchema }] = await loadZod();
  return zodResolver(FreeSubmissionFormSchema);
});

export const paidSubmissionResolver = lazyResolver<
  PaidSubmissionFormValues,
  z.output<typeof PaidSubmissionFormSchema>
>(async () => {
  const [{ zodResolver }, { PaidSubmissionFormSchema }] = await loadZod();
  return zodResolver(PaidSubmissionFormSchema);
});
