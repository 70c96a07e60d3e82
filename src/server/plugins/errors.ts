import type { FastifyError } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { HttpError } from "../lib/http-error";
import { validationError } from "../lib/validate";
import type { App } from "../types";

/**
 * The one place where errors become answers: `{ message }` (plus `errors`, one per field, for invalid
 * input). Client errors keep their text; a 5xx never shows its cause, and a stack trace never leaves.
 */
export function registerErrorHandler(app: App): void {
  app.setErrorHandler((error: FastifyError | HttpError | Error, request, reply) => {
    if (error instanceof HttpError) {
      if (error.retryAfterSeconds) reply.header("retry-after", String(error.retryAfterSeconds));
      return reply
        .status(error.statusCode)
        .send(error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const invalid = validationError(
        error.validation.map((issue) => ({
          path: issue.instancePath.replace(/^\//, "").replace(/\//g, "."),
          message: String(issue.message),
        })),
      );
      return reply.status(400).send({ message: invalid.message, errors: invalid.errors });
    }
    const status = (error as FastifyError).statusCode;
    if (typeof status === "number" && status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, a body too large, a wrong content type).
      return reply.status(status).send({ message: clientMessage(error as FastifyError) });
    }
    // The error serializer (request-logger.ts) keeps the submitted text and the visitor's IP out of this line.
    request.log.error({ err: error }, "request failed");
    if (isStorageFull(error)) {
      return reply.status(503).send({ message: STORAGE_FULL_MESSAGE });
    }
    if (isDatabaseUnavailable(error)) {
      return reply
        .status(503)
        .send({ message: "The service is temporarily unavailable. Please try again shortly." });
    }
    return reply.status(500).send({ message: "Something went wrong on our side. Please try again later." });
  });
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return "The request body is not valid JSON.";
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return "The request body is too large.";
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return "Unsupported content type.";
    default:
      return error.message;
  }
}

export const STORAGE_FULL_MESSAGE =
  "The site cannot save anything right now: its storage is full. Please try again later.";

/**
 * A write that found no room: ENOSPC from the file system (PGlite's files, a temporary file) or PostgreSQL's
 * class 53, "insufficient resources" (53100 disk_full, 53200 out_of_memory, 53300 too_many_connections,
 * ...). The database itself is fine and reads still work, so it is a 503 for this write, not a crash.
 */
function isStorageFull(error: unknown): boolean {
  return someCause(error, (e) => {
    const code = (e as { code?: unknown }).code;
    return code === "ENOSPC" || (typeof code === "string" && /^53[0-9A-Z]{3}$/.test(code));
  });
}

function someCause(error: unknown, test: (e: object) => boolean): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if (test(e)) return true;
  }
  return false;
}

const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "57P01",
  "57P03",
  "08006",
  "08001",
]);

function isDatabaseUnavailable(error: unknown): boolean {
  return someCause(error, (e) => {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && UNAVAILABLE_CODES.has(code)) return true;
    const message = (e as { message?: unknown }).message;
    return (
      typeof message === "string" &&
      /timeout exceeded when trying to connect|Connection terminated|Query read timeout/i.test(message)
    );
  });
}
