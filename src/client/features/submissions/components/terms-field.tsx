import { Checkbox } from "@/client/components/ui/checkbox";
import { FieldError } from "@/client/components/ui/form-field";
import { NativeLabel } from "@/client/components/ui/native-label";
import type { SchemaForm } from "@/client/lib/use-schema-form";
import type { FreeSubmissionDraft } from "../form-in-use";

const ID = "submission-terms";

/** The terms checkbox: checked before sending, never sent. */
export function TermsField({ form }: { form: SchemaForm<FreeSubmissionDraft> }) {
  const error = form.errors.termsAccepted;

  return (
    <div className="flex flex-col gap-2">
      <div className="flex min-h-11 items-start gap-3">
        <Checkbox
          id={ID}
          name="termsAccepted"
          checked={form.values.termsAccepted}
          // Unticked is false, which the schema refuses with the spec's message.
          onChange={(event) => form.setValue("termsAccepted", event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ID}-error` : undefined}
          className="mt-0.5"
        />
        <NativeLabel
          htmlFor={ID}
          className="cursor-pointer py-1 font-serif text-base normal-case leading-snug sm:text-base"
        >
          I confirm this content is original or properly attributed and follows the community guidelines.
        </NativeLabel>
      </div>
      {error ? <FieldError id={`${ID}-error`}>{error}</FieldError> : null}
    </div>
  );
}
