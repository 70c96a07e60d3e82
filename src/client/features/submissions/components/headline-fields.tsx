import { describedBy, FormField } from "@/client/components/ui/form-field";
import { Textarea } from "@/client/components/ui/textarea";
import type { SchemaForm } from "@/client/lib/use-schema-form";
import { DESCRIPTION_MAX, DESCRIPTION_MIN, TITLE_MAX, TITLE_MIN } from "@/common/submission-rules";
import type { FreeSubmissionDraft } from "../form-in-use";
import { TextField } from "./text-field";

/** The headline's title and description, shared by the free and the paid form. */
export function HeadlineFields({ form }: { form: SchemaForm<FreeSubmissionDraft> }) {
  const descriptionError = form.errors.description;
  const titleHint = `${TITLE_MIN} to ${TITLE_MAX} characters.`;
  // The counter is the description's hint, so a screen reader hears it with the field, not on every key.
  const descriptionHint = `${form.values.description.length}/${DESCRIPTION_MAX} characters (at least ${DESCRIPTION_MIN}).`;

  return (
    <>
      <TextField
        form={form}
        name="title"
        id="submission-title"
        label="Headline"
        hint={titleHint}
        autoComplete="off"
        placeholder="e.g. Dog Elected Mayor of Small Town"
      />
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
          {...form.textField("description")}
        />
      </FormField>
    </>
  );
}
