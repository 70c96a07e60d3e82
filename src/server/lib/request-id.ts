import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { TrustsProxy } from "./trust-proxy";

/** The header a request id comes in with (from a trusted proxy) and goes back out in, on every answer. */
export const REQUEST_ID_HEADER = "x-request-id";

/**
 * What a proxy's id may look like to be kept: a bounded token of characters that need no escaping in a log
 * line or a header (a UUID, nginx's 32 hex digits, an AWS trace id, base64). Anything else is replaced.
 */
const SANE_ID = /^[A-Za-z0-9._~:+/=-]{1,128}$/;

/**
 * The request's id, the same in every process's log and in the answer: the X-Request-Id the immediate peer
 * sent when TRUST_PROXY names that peer (a load balancer that made one, or passed its client's on), else a
 * random UUID. A client that reaches the process directly cannot choose its id (and so cannot make its
 * requests look like someone else's in the log). Used by Fastify (genReqId) and by the cached-list fast path alike.
 */
export function requestIdOf(request: IncomingMessage, trusts: TrustsProxy | undefined): string {
  const given = request.headers[REQUEST_ID_HEADER];
  if (typeof given === "string" && trusts && SANE_ID.test(given)) {
    const peer = request.socket?.remoteAddress;
    if (peer !== undefined && trusts(peer, 0)) return given;
  }
  return randomUUID();
}
