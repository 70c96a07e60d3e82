import { randomBytes } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { networkOf, normalizeIp } from "../lib/client-network";
import type { App } from "../types";

export const VISITOR_COOKIE = "mg_visitor";
const VISITOR_ID = /^[A-Za-z0-9_-]{22}$/;
const ONE_YEAR_S = 365 * 24 * 60 * 60;

/** A visitor id this server could have issued: anything else in the cookie is replaced by a new one. */
export function validVisitorId(value: string | undefined): value is string {
  return value !== undefined && VISITOR_ID.test(value);
}

export interface Visitor {
  /** A random id from an httpOnly cookie the server set; new visitors get one on their first answer. */
  id: string;
  /**
   * The socket address, or the forwarded one only when TRUST_PROXY names the proxies to trust; always an
   * IP address in its plain form (an IPv4-mapped address is the IPv4 address).
   */
  ip: string;
  /** What every per-IP limit counts by: the IPv4 address or the IPv6 /64 (lib/client-network.ts). */
  network: string;
}

declare module "fastify" {
  interface FastifyRequest {
    visitor: Visitor;
  }
}

/**
 * The client IP is worked out when first read, not on every request: with TRUST_PROXY that means parsing
 * X-Forwarded-For, and most answers (the public lists) never need it.
 */
class RequestVisitor implements Visitor {
  #ip: string | undefined;
  #network: string | undefined;

  constructor(
    readonly id: string,
    private readonly request: FastifyRequest,
    /** The id was made for this request: the answer gives it to the visitor (when it may). */
    readonly isNew = false,
  ) {}

  get ip(): string {
    this.#ip ??= clientIp(this.request);
    return this.#ip;
  }

  get network(): string {
    this.#network ??= networkOf(this.ip);
    return this.#network;
  }
}

/**
 * A trusted proxy's X-Forwarded-For entry is taken as it is written (Fastify does not check it): when it
 * is not an IP address it is worth nothing, and the proxy's own address (the socket's) stands in for it.
 * Limits then count that request with everyone behind the proxy, which errs on the safe side.
 */
function clientIp(request: FastifyRequest): string {
  return normalizeIp(request.ip) ?? normalizeIp(request.socket.remoteAddress) ?? "0.0.0.0";
}

/**
 * True for an answer a shared cache (a CDN, a corporate proxy) may keep and hand to others: it declares
 * itself public (static files, images, avatars). Such an answer never carries a visitor cookie, or one
 * visitor id would be handed to everyone the cache serves.
 */
export function isSharedCacheable(cacheControl: unknown): boolean {
  return /\b(public|s-maxage|immutable)\b/i.test(String(cacheControl ?? ""));
}

export function registerVisitor(app: App): void {
  app.decorateRequest("visitor", null as unknown as Visitor);
  // Callback hooks, not async ones: no promise on every request.
  app.addHook("onRequest", (request, _reply, done) => {
    const existing = request.cookies[VISITOR_COOKIE];
    request.visitor = validVisitorId(existing)
      ? new RequestVisitor(existing, request)
      : new RequestVisitor(randomBytes(16).toString("base64url"), request, true);
    done();
  });
  // A new visitor's cookie goes on the first answer that is theirs alone (the page, an API answer), never on
  // a public one; the answer that carries it is marked private, so no shared cache keeps it either. Set here,
  // once the route has said how its answer may be cached.
  app.addHook("onSend", (request, reply, payload, done) => {
    const visitor = request.visitor as RequestVisitor | null;
    const cacheControl = reply.getHeader("cache-control");
    if (visitor?.isNew && !isSharedCacheable(cacheControl)) {
      reply.header(
        "set-cookie",
        app.serializeCookie(VISITOR_COOKIE, visitor.id, {
          path: "/",
          httpOnly: true,
          sameSite: "lax",
          secure: isHttps(request),
          maxAge: ONE_YEAR_S,
        }),
      );
      if (!/\b(private|no-store)\b/i.test(String(cacheControl ?? ""))) {
        reply.header("cache-control", cacheControl ? `private, ${cacheControl}` : "private");
      }
    }
    done(null, payload);
  });
}

export function isHttps(request: FastifyRequest): boolean {
  return request.protocol === "https";
}
