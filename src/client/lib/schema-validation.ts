import type { z } from "zod";
import type { FieldErrors, Validation } from "./use-schema-form";

/**
 * A form's values checked by a zod schema, in useSchemaForm's terms: the schema's output, or one message
 * per field, the first the schema found (the fields show one at a time, as React Hook Form's zod resolver
 * did).
 */
export function validateWithSchema<TValues, TOutput>(
  schema: z.ZodType<TOutput>,
  values: TValues,
): Validation<TValues, TOutput> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors<TValues> = {};
  for (const { path, message } of result.error.issues) {
    const field = path[0] as keyof TValues;
    errors[field] ??= message;
  }
  return { ok: false, errors };
}
