import type { SchemaForm } from "@/client/lib/use-schema-form";
import type { FreeSubmissionDraft } from "../form-in-use";
import { TextField } from "./text-field";

const LINKS = [
  { name: "articleUrl", id: "submission-telegram", label: "Telegram URL", placeholder: "https://t.me/..." },
  { name: "twitterUrl", id: "submission-twitter", label: "Twitter/X URL", placeholder: "https://x.com/..." },
  { name: "websiteUrl", id: "submission-website", label: "Website URL", placeholder: "https://..." },
] as const;

const HINT = "Optional. Starts with http:// or https://.";

/** The three optional links of a submission: chat channel (articleUrl), social profile and website. */
export function LinkFields({ form }: { form: SchemaForm<FreeSubmissionDraft> }) {
  return (
    <>
      {LINKS.map(({ name, id, label, placeholder }) => (
        <TextField
          key={name}
          form={form}
          name={name}
          id={id}
          label={label}
          hint={HINT}
          type="url"
          inputMode="url"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          placeholder={placeholder}
        />
      ))}
    </>
  );
}
