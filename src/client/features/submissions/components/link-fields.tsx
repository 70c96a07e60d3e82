import { useFormContext } from "react-hook-form";
import { describedBy, FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import type { FreeSubmissionFormValues } from "@/common/submission";

const LINKS = [
  { name: "articleUrl", id: "submission-telegram", label: "Telegram URL", placeholder: "https://t.me/..." },
  { name: "twitterUrl", id: "submission-twitter", label: "Twitter/X URL", placeholder: "https://x.com/..." },
  { name: "websiteUrl", id: "submission-website", label: "Website URL", placeholder: "https://..." },
] as const;

const HINT = "Optional. Starts with http:// or https://.";

/** The three optional links of a submission: chat channel (articleUrl), social profile and website. */
export function LinkFields() {
  const {
    register,
    formState: { errors },
  } = useFormContext<FreeSubmissionFormValues>();

  return (
    <>
      {LINKS.map(({ name, id, label, placeholder }) => {
        const error = errors[name]?.message;
        return (
          <FormField key={name} id={id} label={label} hint={HINT} error={error}>
            <Input
              id={id}
              type="url"
              inputMode="url"
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              placeholder={placeholder}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy(id, { hint: HINT, error })}
              {...register(name)}
            />
          </FormField>
        );
      })}
    </>
  );
}
