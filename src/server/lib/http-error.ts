/** An error meant for the client: its status and message are sent as they are. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
    /** Sent as Retry-After (whole seconds): every 429 and 503 says when to come back. */
    readonly retryAfterSeconds?: number,
    /** A 429's limit, for the metrics (`limit_refusals_total{limit}`): vote, submission, upload, login, ... */
    readonly limit?: LimitName,
  ) {
    super(message);
  }
}

/** The limits a 429 may name (a fixed set: they are a metric's label values). */
export type LimitName =
  | "vote"
  | "submission"
  | "upload"
  | "login"
  | "reauthentication"
  | "event_stream"
  | "card_draw"
  | "token_facts"
  | "push"
  | "telegram_test";

export const badRequest = (message: string, errors?: Record<string, string>) =>
  new HttpError(400, message, errors);
export const unauthorized = (message = "Not logged in") => new HttpError(401, message);
export const forbidden = (message = "Not allowed") => new HttpError(403, message);
export const notFound = (message = "Not found") => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
/**
 * 429 with Retry-After: the seconds until the limit lets this client in again (at least 1). `limit` names the
 * limit that refused, for the metrics.
 */
export const tooMany = (message: string, retryAfterSeconds: number, limit?: LimitName) =>
  new HttpError(429, message, undefined, Math.max(1, Math.ceil(retryAfterSeconds)), limit);
/** 503 for work refused because the server is busy, with Retry-After. */
export const busy = (message: string, retryAfterSeconds: number) =>
  new HttpError(503, message, undefined, Math.max(1, Math.ceil(retryAfterSeconds)));
