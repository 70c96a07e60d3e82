import type { FastifyBaseLogger } from "fastify";
import { HttpError } from "../lib/http-error";
import { FeedError } from "./rss";
import { SafeFetchError } from "./safe-fetch";
import { SolanaRpcError } from "./solana";

/** True for what an outside source did wrong: unreachable, slow, too large, refused, or an odd answer. */
export function isUpstreamError(error: unknown): boolean {
  return error instanceof SafeFetchError || error instanceof FeedError || error instanceof SolanaRpcError;
}

/**
 * What a route throws when a call to an outside source failed: the spec's message with 502, the cause in
 * the log (never in the answer). An HttpError the service chose, and anything that is not the source's
 * fault (a database error, a bug), pass through unchanged to the one error handler.
 */
export function upstreamFailure(log: FastifyBaseLogger, error: unknown, message: string): unknown {
  if (!isUpstreamError(error)) return error;
  log.warn({ err: error }, message);
  return new HttpError(502, message);
}
