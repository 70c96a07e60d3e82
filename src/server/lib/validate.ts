import type { z } from "zod";
import { badRequest, type HttpError } from "./http-error";

/**
 * The one shape of a validation error: the first field's message (the spec's wording) and one message per
 * field. Used by the error handler for schema-validated requests and by handlers that choose their schema
 * at run time.
 */
export function validationError(issues: Array<{ path: string; message: string }>): HttpError {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issue.path || "body"] ??= issue.message;
  return badRequest(issues[0]?.message ?? "Invalid input", errors);
}

export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw validationError(result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })));
}
