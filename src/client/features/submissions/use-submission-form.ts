import { useSchemaForm, type Validation } from "@/client/lib/use-schema-form";
import type { SubmissionResult } from "@/common/submission";
import { formInUse } from "./lazy-form-in-use";
import type { SubmissionField } from "./submission-feedback";

type FormInUse = Awaited<ReturnType<typeof formInUse.get>>;

/**
 * What the free and the paid form share: their state checked by the shared schema (from the form-in-use
 * chunk, loaded on the form's first focus), the send without the terms flag, and the feedback on a refusal
 * (a toast, and the message under the field the server named). Spread `formProps` on the <form>.
 */
export function useSubmissionForm<TDraft extends object, TInput>({
  initialValues,
  validate,
  send,
  onSubmitted,
  conflictField,
  closed = false,
}: {
  initialValues: TDraft;
  /** The schema's check, from the form-in-use chunk; its output is what is sent, plus the terms flag. */
  validate: (
    inUse: FormInUse,
    values: TDraft,
  ) => Validation<TDraft, NoInfer<TInput> & { termsAccepted: true }>;
  send: (input: TInput) => Promise<SubmissionResult>;
  onSubmitted: (result: SubmissionResult) => void;
  /** The field a 409 answer is about (a transaction id that paid for another submission already). */
  conflictField?: keyof TDraft & SubmissionField;
  /** Nothing is sent while true (the paid form before there is an address to pay to). */
  closed?: boolean;
}) {
  const form = useSchemaForm({
    initialValues,
    validate: async (values: TDraft) => validate(await formInUse.get(), values),
  });
  const onSubmit = form.handleSubmit(
    async ({ termsAccepted: _termsAccepted, ...input }) => {
      if (closed) return;
      let result: SubmissionResult;
      try {
        // The output without its terms flag is the input the API takes.
        result = await send(input as TInput);
      } catch (error) {
        const { reportSubmissionFailure } = await formInUse.get();
        reportSubmissionFailure<keyof TDraft & SubmissionField>(error, form.setError, { conflictField });
        return;
      }
      onSubmitted(result);
    },
    async (errors) => (await formInUse.get()).reportInvalidSubmission(errors),
  );
  const formProps = {
    ...form.formProps,
    noValidate: true,
    onSubmit,
    // The schemas load while the visitor fills the form in, before the first check needs them.
    onFocus: formInUse.preload,
  };
  return { form, formProps };
}
