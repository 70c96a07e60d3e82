import { randomBytes } from "node:crypto";
import type { FastifyRequest } from "fastify";
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
  /** The socket address, or the forwarded one only when TRUST_PROXY names the proxies to trust. */
  ip: string;
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

  constructor(
    readonly id: string,
    private readonly request: FastifyRequest,
  ) {}

  get ip(): string {
    this.#ip ??= this.request.ip;
    return this.#ip;
  }
}

export function registerVisitor(app: App): void {
  app.decorateRequest("visitor", null as unknown as Visitor);
  // A callback hook, not an async one: no promise on every request.
  app.addHook("onRequest", (request, reply, done) => {
    const existing = request.cookies[VISITOR_COOKIE];
    let id = validVisitorId(existing) ? existing : undefined;
    if (!id) {
      id = randomBytes(16).toString("base64url");
      reply.setCookie(VISITOR_COOKIE, id, {
        path: "/",
        httpOnly: true,
        sameSite: "lax",
        secure: isHttps(request),
        maxAge: ONE_YEAR_S,
      });
    }
    request.visitor = new RequestVisitor(id, request);
    done();
  });
}

export function isHttps(request: FastifyRequest): boolean {
  return request.protocol === "https";
}
