import type { IncomingMessage, ServerResponse } from "node:http";
import helmet, { type HelmetOptions } from "helmet";
import type { App } from "../types";
import { isHttps } from "./visitor";

/**
 * The headers helmet sets for `options`, worked out once. Helmet's answer depends only on its options here
 * (no CSP nonces, no directive functions), while @fastify/helmet rebuilt every middleware on each request,
 * parsing the CSP directives again: about a sixth of the server's time on a cached list.
 */
export function securityHeadersOf(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * What changes for answers under /api (JSON, images, the event stream), which no browser shows as a page:
 * a policy that allows nothing and no framing, instead of the page's (300 bytes that only mean something
 * for HTML), and none of the headers that only concern a page (its popups, its process, its links'
 * prefetching, old IE's downloads and XSS filter). What protects a JSON answer stays: nosniff, the
 * same-origin resource policy, HSTS, the frame refusals, no referrer and no cross-domain policies.
 */
const API_OPTIONS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], baseUri: ["'none'"], frameAncestors: ["'none'"] },
  },
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xXssProtection: false,
};

const isApi = (url: string) => url.startsWith("/api/") || url === "/api" || url.startsWith("/api?");

/** One kind of answer's headers, over plain HTTP and over HTTPS. */
export interface HeadersByScheme {
  http: Readonly<Record<string, string>>;
  https: Readonly<Record<string, string>>;
}

export interface SecurityHeaders {
  page: HeadersByScheme;
  api: HeadersByScheme;
}

/**
 * Strict-Transport-Security only over HTTPS: a browser ignores it over plain HTTP (RFC 6797 8.1), and a
 * plain-HTTP answer that carries it says the site is HTTPS-only where it may not be (a local or LAN
 * server), which shows in every scan. HTTPS is the socket's TLS, or X-Forwarded-Proto from a proxy that
 * TRUST_PROXY names (lib/trust-proxy.ts).
 */
function byScheme(options: Readonly<HelmetOptions>): HeadersByScheme {
  return {
    http: securityHeadersOf(Object.assign({}, options, { strictTransportSecurity: false })),
    https: securityHeadersOf(options),
  };
}

/**
 * Every answer carries the security headers, the page's set or the API's, for its scheme; a handler may
 * still replace one (the image routes' CSP).
 */
export function registerSecurityHeaders(app: App, options: Readonly<HelmetOptions>): SecurityHeaders {
  const page = byScheme(options);
  // Object.assign, not a spread: checking the spread of helmet's option types cost the type checker ~20 s.
  const api = byScheme(Object.assign({}, options, API_OPTIONS));
  app.addHook("onRequest", (request, reply, done) => {
    const headers = isApi(request.url) ? api : page;
    reply.headers(isHttps(request) ? headers.https : headers.http);
    done();
  });
  return { page, api };
}
