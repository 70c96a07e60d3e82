import { z } from "zod";

/** The largest id the database's integer columns hold. */
export const MAX_ID = 2_147_483_647;

/**
 * An id in a JSON body: a JSON number that is a positive integer in the database's range, nothing coerced.
 * `[2]`, `"3"`, `true` and `2.5` are refused, where coercion would have read `[2]` as 2 and `true` as 1.
 */
export const idSchema = (message = "Invalid id") =>
  z.number({ error: message }).int(message).positive(message).max(MAX_ID, message);

/**
 * An id in a path: ASCII digits only (no sign, space, exponent, hex or decimal point), then the same range.
 * `0x3`, ` 4 `, `5e0` and `+6` are refused, where Number() would have read them as ids.
 */
export const idParamSchema = (message = "Invalid id") =>
  z
    .string({ error: message })
    .regex(/^[0-9]{1,10}$/, message)
    .transform(Number)
    .pipe(idSchema(message));

/** The params of every `/:id` route. */
export const IdParamsSchema = z.object({ id: idParamSchema() });
