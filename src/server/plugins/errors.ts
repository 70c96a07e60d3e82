import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { codeOf, FailureLog, isDatabaseUnavailable, isStorageFull } from "../lib/failure-log";
import { HttpError } from "../lib/http-error";
import { validationError } from "../lib/validate";
import type { App } from "../types";
import { serverErrorPage, unavailablePage } from "./notice-page";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * Whether a request is for one of the site's pages (a browser is reading the answer): its 503 is then the
     * "presses are down" page, not JSON. web-app.ts sets it when it serves pages; until then, none is.
     */
    isPageRequest: (request: FastifyRequest) => boolean;
  }
}

/**
 * Retry-After (seconds) of a 503 that does not name its own: every 503 carries one (RFC 9110 15.6.4), so
 * that clients, crawlers and load balancers come back later instead of at once or never.
 */
export const DEFAULT_RETRY_AFTER_S = 10;
/** A full disk is not freed within seconds: clients are asked to wait longer. */
const STORAGE_FULL_RETRY_AFTER_S = 60;

/**
 * The one place where errors become answers: `{ message }` (plus `errors`, one per field, for invalid
 * input), and for a page a browser reads, a 503 or a 500 as the site's own page. Client errors keep their text; a
 * 5xx never shows its cause, and a stack trace never leaves. Every 503, whoever sends it, carries
 * Retry-After (the onSend hook below).
 */
export function registerErrorHandler(app: App): void {
  app.decorate("isPageRequest", () => false);
  const failures = new FailureLog("request failed", "answering 503");
  const unavailablePages = new Map<number, string>();
  let errorPage: string | undefined;
  const unavailable = (request: FastifyRequest, reply: FastifyReply, message: string, retryAfter: number) => {
    reply.status(503).header("retry-after", String(retryAfter));
    if (!app.isPageRequest(request)) return reply.send({ message });
    let page = unavailablePages.get(retryAfter);
    if (!page) {
      page = unavailablePage(app.config.siteName, retryAfter);
      unavailablePages.set(retryAfter, page);
    }
    return reply.type("text/html; charset=utf-8").header("cache-control", "no-store").send(page);
  };

  app.addHook("onSend", (_request, reply, payload, done) => {
    if (reply.statusCode === 503 && !reply.hasHeader("retry-after")) {
      reply.header("retry-after", String(DEFAULT_RETRY_AFTER_S));
    }
    done(null, payload);
  });

  app.setErrorHandler((error: FastifyError | HttpError | Error, request, reply) => {
    if (error instanceof HttpError) {
      if (error.statusCode === 503) {
        return unavailable(request, reply, error.message, error.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_S);
      }
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
    // A known outage is one condition, not a bug per request: one short line per kind per 10 s, without the
    // stack, which said nothing new and, at one per request, flooded the log for the length of the outage.
    if (isStorageFull(error)) {
      failures.report(request.log, "storage full", codeOf(error));
      return unavailable(request, reply, STORAGE_FULL_MESSAGE, STORAGE_FULL_RETRY_AFTER_S);
    }
    if (isDatabaseUnavailable(error)) {
      failures.report(request.log, "database unreachable", codeOf(error));
      return unavailable(request, reply, DATABASE_UNAVAILABLE_MESSAGE, DEFAULT_RETRY_AFTER_S);
    }
    // The error serializer (request-logger.ts) keeps the submitted text and the visitor's IP out of this line.
    request.log.error({ err: error }, "request failed");
    reply.status(500);
    if (!app.isPageRequest(request)) return reply.send({ message: SERVER_ERROR_MESSAGE });
    errorPage ??= serverErrorPage(app.config.siteName);
    return reply.type("text/html; charset=utf-8").header("cache-control", "no-store").send(errorPage);
  });
}

const SERVER_ERROR_MESSAGE = "Something went wrong on our side. Please try again later.";

export const DATABASE_UNAVAILABLE_MESSAGE =
  "The service is temporarily unavailable. Please try again shortly.";

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
