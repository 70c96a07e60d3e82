import { useFormContext, useWatch } from "react-hook-form";
import { describedBy, FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { Textarea } from "@/client/components/ui/textarea";
import type { FreeSubmissionFormValues } from "@/common/submission";
import { DESCRIPTION_MAX, DESCRIPTION_MIN, TITLE_MAX, TITLE_MIN } from "@/common/submission-rules";

/** The headline's title and description, shared by the free and the paid form. */
export function HeadlineFields() {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<FreeSubmissionFormValues>();
  const description = useWatch({ control, name: "description" }) ?? "";
  const titleError = errors.title?.message;
  const descriptionError = errors.description?.message;
  const titleHint = `${TITLE_MIN} to ${TITLE_MAX} characters.`;
  // The counter is the description's hint, so a screen reader hears it with the field, not on every key.
  const descriptionHint = `${description.length}/${DESCRIPTION_MAX} characters (at least ${DESCRIPTION_MIN}).`;

  return (
    <>
      <FormField id="submission-title" label="Headline" hint={titleHint} error={titleError}>
        <Input
          id="submission-title"
          autoComplete="off"
          placeholder="e.g. Dog Elected Mayor of Small Town"
          aria-invalid={titleError ? true : undefined}
          aria-describedby={describedBy("submission-title", { hint: titleHint, error: titleError })}
          {...register("title")}
        />
      </FormField>
      <FormField
        id="submission-description"
        label="Description"
        hint={descriptionHint}
        error={descriptionError}
      >
        <Textarea
          id="submission-description"
          rows={5}
          placeholder="What happened, and why it deserves to become a meme coin."
          aria-invalid={descriptionError ? true : undefined}
          aria-describedby={describedBy("submission-description", {
            hint: descriptionHint,
            error: descriptionError,
          })}
          {...register("description")}
        />
      </FormField>
    </>
  );
}
