import type { IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";
import proxyAddr from "@fastify/proxy-addr";
import type { Config } from "../config";

/** Whether the peer at `address`, `hop` proxies away from the server, may tell us about the client. */
export type TrustsProxy = (address: string, hop: number) => boolean;

/**
 * TRUST_PROXY as one function, handed to Fastify (its `trustProxy` option) and used by the cached-list fast
 * path (plugins/list-fast-path.ts), which answers before Fastify: so both tell HTTPS apart the same way.
 * The same meaning Fastify 5 (and Express) give the setting themselves: true trusts every peer; a list of
 * IPs and CIDRs is compiled by proxy-addr; a hop count n trusts the n nearest hops (`hop < n`), so with
 * TRUST_PROXY=1 the client is the last X-Forwarded-For entry, the one the single proxy appended. Handing
 * Fastify a function replaces its own reading of a number, so the count has to be applied here. Undefined:
 * nothing is trusted.
 */
export function trustProxyFunction(setting: Config["trustProxy"]): TrustsProxy | undefined {
  if (setting === false) return undefined;
  if (setting === true) return () => true;
  if (typeof setting === "number") return (_address, hop) => hop < setting;
  return proxyAddr.compile(setting);
}

/**
 * Whether the request came over HTTPS, as Fastify's `request.protocol` says with the same trust function:
 * the last X-Forwarded-Proto entry when the immediate peer is trusted and sent one, else the socket's TLS.
 */
export function isHttpsRequest(request: IncomingMessage, trusts: TrustsProxy | undefined): boolean {
  const socket = request.socket as TLSSocket | null;
  // Node joins a repeated X-Forwarded-Proto with ", "; its type still allows the array form.
  const header = request.headers["x-forwarded-proto"];
  const forwarded = Array.isArray(header) ? header.join(",") : header;
  if (forwarded && socket?.remoteAddress !== undefined && trusts?.(socket.remoteAddress, 0)) {
    const last = forwarded.slice(forwarded.lastIndexOf(",") + 1).trim();
    return last === "https";
  }
  return socket?.encrypted === true;
}
