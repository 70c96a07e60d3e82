import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import type { Readable } from "node:stream";
import zlib from "node:zlib";
import type { z } from "zod";
import { isBlockedAddress, isIpLiteral } from "./ip-policy";

/**
 * The one HTTP client for every outside call (feeds, DexScreener, Jupiter, Solana RPC, X).
 *
 * Node's global fetch cannot check the address it actually connects to, so this client uses node:http and
 * node:https with its own `lookup`: a host name that resolves to a private, loopback, link-local, ... address
 * is refused at connect time, after DNS, which also defeats DNS rebinding between a check and the connect.
 * IP literals never reach `lookup`, so they are checked before the request (the WHATWG URL parser has
 * already turned 127.1, 0x7f000001 and 2130706433 into 127.0.0.1). Redirects are followed by hand, at most
 * three, each one checked again. One timer covers the whole exchange, DNS to the last body byte, and the body
 * is counted after decompression while it streams, so neither a slow source nor a compression bomb can hold
 * the process or its memory.
 */

export type SafeFetchErrorKind =
  | "invalid_url"
  | "blocked_address"
  | "timeout"
  | "too_large"
  | "bad_status"
  | "too_many_redirects"
  | "network"
  | "invalid_body";

export class SafeFetchError extends Error {
  constructor(
    readonly kind: SafeFetchErrorKind,
    message: string,
    readonly details: { url?: string; status?: number } = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "SafeFetchError";
  }
}

export interface SafeFetchOptions {
  /** The whole exchange, DNS to the last body byte, redirects included. Default 8 s. */
  timeoutMs?: number;
  /** The body's size after decompression. Default 2 MiB. */
  maxBytes?: number;
  /** Default 3. */
  maxRedirects?: number;
  /**
   * TESTS ONLY: "host:port" (or "host") entries exempt from the address check, for local fixture servers.
   * Production never sets it (config.outboundAllowHosts is not read from the environment). A redirect
   * to any host not on this list is checked as usual.
   */
  allowHosts?: readonly string[];
}

export interface SafeRequestInit {
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  /** Text, or bytes (a Web Push message is encrypted). */
  body?: string | Buffer;
  timeoutMs?: number;
  maxBytes?: number;
}

export interface SafeResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The final URL, after redirects. */
  url: string;
  body: Buffer;
  /** The body as text, in the charset the Content-Type names (UTF-8 when it names none or an unknown one). */
  text(): string;
  /** The body parsed as JSON; a SafeFetchError("invalid_body") when it is not JSON. */
  json(): unknown;
}

export interface SafeFetch {
  /** Any 2xx answer, body read; everything else is a SafeFetchError. */
  request(url: string, init?: SafeRequestInit): Promise<SafeResponse>;
  /** A JSON answer validated with `schema`; a body that does not match is a SafeFetchError("invalid_body"). */
  json<S extends z.ZodType>(url: string, schema: S, init?: SafeRequestInit): Promise<z.output<S>>;
}

export const DEFAULT_TIMEOUT_MS = 8_000;
export const DEFAULT_MAX_BYTES = 2 * 1024 * 1024;
export const DEFAULT_MAX_REDIRECTS = 3;
const USER_AGENT = "MemeGazette/0.1";
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Headers that must not follow a redirect to another origin. */
const CREDENTIAL_HEADERS = ["authorization", "cookie", "proxy-authorization", "x-api-key"];

/** A `lookup` for node:net that refuses every answer set containing a blocked address. */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) {
      callback(error, "", 0);
      return;
    }
    const list = addresses as dns.LookupAddress[];
    const first = list[0];
    if (!first || list.some((a) => isBlockedAddress(a.address))) {
      const blocked = new SafeFetchError(
        "blocked_address",
        `Refused to connect to ${hostname}: it resolves to a non-public address`,
      );
      callback(blocked as NodeJS.ErrnoException, "", 0);
      return;
    }
    if ((options as dns.LookupOptions).all) {
      (callback as unknown as (err: null, addresses: dns.LookupAddress[]) => void)(null, list);
    } else {
      callback(null, first.address, first.family);
    }
  });
};

export function createSafeFetch(options: SafeFetchOptions = {}): SafeFetch {
  const defaults = {
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
    maxRedirects: options.maxRedirects ?? DEFAULT_MAX_REDIRECTS,
  };
  const allowed = new Set((options.allowHosts ?? []).map((h) => h.toLowerCase()));

  const isAllowed = (url: URL): boolean => {
    if (allowed.size === 0) return false;
    const port = url.port || (url.protocol === "https:" ? "443" : "80");
    const host = url.hostname.toLowerCase();
    return allowed.has(`${host}:${port}`) || allowed.has(host);
  };

  /** Scheme and IP-literal checks, before any connection. */
  const checkTarget = (url: URL): void => {
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      throw new SafeFetchError(
        "invalid_url",
        `Only http and https URLs may be fetched, not ${url.protocol}`,
        {
          url: safeOrigin(url.href),
        },
      );
    }
    if (url.username || url.password) {
      throw new SafeFetchError("invalid_url", "URLs with credentials are not fetched", { url: url.origin });
    }
    if (isAllowed(url)) return;
    if (isIpLiteral(url.hostname) && isBlockedAddress(url.hostname)) {
      throw new SafeFetchError(
        "blocked_address",
        `Refused to connect to ${url.hostname}: not a public address`,
        {
          url: safeOrigin(url.href),
        },
      );
    }
  };

  async function request(input: string, init: SafeRequestInit = {}): Promise<SafeResponse> {
    const timeoutMs = init.timeoutMs ?? defaults.timeoutMs;
    const maxBytes = init.maxBytes ?? defaults.maxBytes;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const timeoutError = () =>
      new SafeFetchError("timeout", `The request timed out after ${timeoutMs} ms`, {
        url: safeOrigin(input),
      });

    let url = parseUrl(input);
    let method = init.method ?? "GET";
    let body = init.body;
    const headers: Record<string, string> = {
      "user-agent": USER_AGENT,
      accept: "*/*",
      ...lowerKeys(init.headers ?? {}),
      "accept-encoding": "gzip, deflate, br",
    };

    try {
      for (let redirects = 0; ; redirects++) {
        checkTarget(url);
        const response = await send(
          url,
          method,
          headers,
          body,
          isAllowed(url),
          controller.signal,
          timeoutError,
        );
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        if (REDIRECTS.has(status) && location) {
          response.destroy();
          if (redirects >= defaults.maxRedirects) {
            throw new SafeFetchError("too_many_redirects", `More than ${defaults.maxRedirects} redirects`, {
              url: safeOrigin(url.href),
            });
          }
          let next: URL;
          try {
            next = new URL(location, url);
          } catch (error) {
            throw new SafeFetchError(
              "invalid_url",
              "The redirect location is not a URL",
              { url: safeOrigin(url.href) },
              { cause: error },
            );
          }
          if (next.origin !== url.origin) for (const h of CREDENTIAL_HEADERS) delete headers[h];
          if (status === 303 || ((status === 301 || status === 302) && method === "POST")) {
            method = "GET";
            body = undefined;
            delete headers["content-type"];
          }
          url = next;
          continue;
        }
        if (status < 200 || status > 299) {
          response.destroy();
          throw new SafeFetchError("bad_status", `The source answered ${status}`, {
            url: safeOrigin(url.href),
            status,
          });
        }
        const bytes = await readBody(response, maxBytes, controller.signal, timeoutError, url.href);
        return makeResponse(status, response.headers, url.href, bytes);
      }
    } catch (error) {
      if (error instanceof SafeFetchError) throw error;
      if (controller.signal.aborted) throw timeoutError();
      throw new SafeFetchError(
        "network",
        `The request failed: ${describeError(error)}`,
        { url: safeOrigin(url.href) },
        { cause: error },
      );
    } finally {
      clearTimeout(timer);
    }
  }

  async function json<S extends z.ZodType>(
    url: string,
    schema: S,
    init: SafeRequestInit = {},
  ): Promise<z.output<S>> {
    const response = await request(url, {
      ...init,
      headers: { accept: "application/json", ...(init.headers ?? {}) },
    });
    const parsed = schema.safeParse(response.json());
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      const where = first ? `${first.path.join(".") || "(root)"}: ${first.message}` : "unexpected shape";
      throw new SafeFetchError("invalid_body", `The source answered an unexpected shape (${where})`, {
        url: safeOrigin(url),
      });
    }
    return parsed.data;
  }

  return { request, json };
}

function parseUrl(input: string): URL {
  try {
    return new URL(input);
  } catch (error) {
    throw new SafeFetchError("invalid_url", "Not a valid URL", {}, { cause: error });
  }
}

function send(
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: string | Buffer | undefined,
  allowed: boolean,
  signal: AbortSignal,
  timeoutError: () => SafeFetchError,
): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(timeoutError());
      return;
    }
    const requestHeaders = { ...headers };
    if (body !== undefined) requestHeaders["content-length"] = String(Buffer.byteLength(body));
    const client = url.protocol === "https:" ? https : http;
    const req = client.request(url, {
      method,
      headers: requestHeaders,
      // No connection pool: every request resolves and checks its own address.
      agent: false,
      // The fixture servers that tests allow are IP literals, which never reach `lookup` anyway.
      lookup: allowed ? undefined : publicOnlyLookup,
    });
    const onAbort = () => req.destroy(timeoutError());
    signal.addEventListener("abort", onAbort, { once: true });
    req.once("response", (response) => {
      signal.removeEventListener("abort", onAbort);
      resolve(response);
    });
    req.once("error", (error) => {
      signal.removeEventListener("abort", onAbort);
      reject(error instanceof SafeFetchError ? error : (findSafeFetchError(error) ?? error));
    });
    req.end(body);
  });
}

/** Reads the body, decompressing gzip, deflate and br, and stops as soon as it passes `maxBytes`. */
function readBody(
  response: http.IncomingMessage,
  maxBytes: number,
  signal: AbortSignal,
  timeoutError: () => SafeFetchError,
  url: string,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const tooLarge = () =>
      new SafeFetchError("too_large", `The answer is larger than ${maxBytes} bytes`, {
        url: safeOrigin(url),
      });
    const encoding = String(response.headers["content-encoding"] ?? "identity")
      .trim()
      .toLowerCase();
    const declared = Number(response.headers["content-length"]);
    if ((encoding === "identity" || encoding === "") && Number.isFinite(declared) && declared > maxBytes) {
      response.destroy();
      reject(tooLarge());
      return;
    }

    let decoder: (zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress) | undefined;
    if (encoding === "gzip" || encoding === "x-gzip") decoder = zlib.createGunzip();
    else if (encoding === "deflate") decoder = zlib.createInflate();
    else if (encoding === "br") decoder = zlib.createBrotliDecompress();
    else if (encoding !== "identity" && encoding !== "") {
      response.destroy();
      reject(
        new SafeFetchError("invalid_body", `Unsupported content encoding ${encoding}`, {
          url: safeOrigin(url),
        }),
      );
      return;
    }

    const chunks: Buffer[] = [];
    let total = 0;
    let settled = false;
    const stream: Readable = decoder ?? response;

    const cleanup = () => {
      signal.removeEventListener("abort", onAbort);
    };
    const fail = (error: SafeFetchError) => {
      if (settled) return;
      settled = true;
      cleanup();
      chunks.length = 0;
      decoder?.destroy();
      response.destroy();
      reject(error);
    };
    const onAbort = () => fail(timeoutError());
    if (signal.aborted) {
      onAbort();
      return;
    }
    signal.addEventListener("abort", onAbort, { once: true });

    stream.on("data", (chunk: Buffer) => {
      if (settled) return;
      total += chunk.length;
      if (total > maxBytes) {
        fail(tooLarge());
        return;
      }
      chunks.push(chunk);
    });
    stream.once("end", () => {
      if (settled) return;
      settled = true;
      cleanup();
      resolve(Buffer.concat(chunks, total));
    });
    stream.once("error", (error) => {
      fail(
        decoder && stream === decoder
          ? new SafeFetchError(
              "invalid_body",
              "The answer could not be decompressed",
              { url: safeOrigin(url) },
              { cause: error },
            )
          : new SafeFetchError(
              "network",
              `The connection failed: ${describeError(error)}`,
              { url: safeOrigin(url) },
              { cause: error },
            ),
      );
    });
    if (decoder) {
      response.once("error", (error) =>
        fail(
          new SafeFetchError(
            "network",
            `The connection failed: ${describeError(error)}`,
            { url: safeOrigin(url) },
            { cause: error },
          ),
        ),
      );
      response.pipe(decoder);
    }
    response.once("close", () => {
      if (!response.complete)
        fail(
          new SafeFetchError("network", "The connection closed before the answer was complete", {
            url: safeOrigin(url),
          }),
        );
    });
  });
}

function makeResponse(
  status: number,
  headers: http.IncomingHttpHeaders,
  url: string,
  body: Buffer,
): SafeResponse {
  const text = () => decodeText(body, headers["content-type"]);
  return {
    status,
    headers,
    url,
    body,
    text,
    json() {
      try {
        return JSON.parse(text()) as unknown;
      } catch (error) {
        throw new SafeFetchError(
          "invalid_body",
          "The answer is not valid JSON",
          { url: safeOrigin(url) },
          { cause: error },
        );
      }
    },
  };
}

function decodeText(body: Buffer, contentType: string | undefined): string {
  const charset = /charset\s*=\s*"?([\w.:-]+)"?/i.exec(contentType ?? "")?.[1];
  if (charset) {
    try {
      return new TextDecoder(charset).decode(body);
    } catch {
      // An unknown charset label: fall back to UTF-8 below.
    }
  }
  return new TextDecoder("utf-8").decode(body);
}

function lowerKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
}

/** The origin only: a URL's query may hold a token, and error messages end up in logs. */
function safeOrigin(input: string): string {
  try {
    const url = new URL(input);
    return `${url.origin}${url.pathname}`;
  } catch {
    return "(invalid URL)";
  }
}

function findSafeFetchError(error: unknown): SafeFetchError | undefined {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if (e instanceof SafeFetchError) return e;
  }
  return undefined;
}

function describeError(error: unknown): string {
  if (error && typeof error === "object") {
    const code = (error as { code?: unknown }).code;
    if (typeof code === "string") return code;
    const message = (error as { message?: unknown }).message;
    if (typeof message === "string") return message;
  }
  return String(error);
}
