import { useController, useFormContext } from "react-hook-form";
import { Checkbox } from "@/client/components/ui/checkbox";
import { Label } from "@/client/components/ui/label";
import type { FreeSubmissionFormValues } from "@/common/submission";

const ID = "submission-terms";

/** The terms checkbox: checked before sending, never sent. */
export function TermsField() {
  const { control } = useFormContext<FreeSubmissionFormValues>();
  const { field, fieldState } = useController({ control, name: "termsAccepted" });
  const error = fieldState.error?.message;

  return (
    <div className="flex flex-col gap-2">
      <div className="flex min-h-11 items-start gap-3">
        <Checkbox
          id={ID}
          ref={field.ref}
          name={field.name}
          checked={field.value === true}
          // Unchecked is kept as false (not undefined) so the schema answers with the spec's message.
          onCheckedChange={(checked) => field.onChange(checked === true)}
          onBlur={field.onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ID}-error` : undefined}
          className="mt-0.5"
        />
        <Label
          htmlFor={ID}
          className="cursor-pointer py-1 font-serif text-base normal-case leading-snug sm:text-base"
        >
          I confirm this content is original or properly attributed and follows the community guidelines.
        </Label>
      </div>
      {error ? (
        <p id={`${ID}-error`} role="alert" className="border-l-4 border-nes-red pl-2 text-sm font-bold">
          {error}
        </p>
      ) : null}
    </div>
  );
}
