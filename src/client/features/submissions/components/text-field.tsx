import type { ComponentProps, ReactNode } from "react";
import { describedBy, FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import type { SchemaForm, TextKey } from "@/client/lib/use-schema-form";

export type TextFieldProps<TValues> = Omit<ComponentProps<"input">, "form" | "name" | "id"> & {
  form: SchemaForm<TValues>;
  name: TextKey<TValues>;
  id: string;
  label: ReactNode;
  hint?: ReactNode;
};

/** A one-line field of a submission form: label, box, hint and message, wired for screen readers. */
export function TextField<TValues>({ form, name, id, label, hint, ...inputProps }: TextFieldProps<TValues>) {
  const error = form.errors[name];
  return (
    <FormField id={id} label={label} hint={hint} error={error}>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint, error })}
        {...inputProps}
        {...form.textField(name)}
      />
    </FormField>
  );
}
