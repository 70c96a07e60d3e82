import { z } from "zod";

/** Every error answer of the API: `{ message }`, plus one message per field for validation errors. */
export const ErrorBodySchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
