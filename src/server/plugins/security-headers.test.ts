import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { isHttpsRequest, trustProxyFunction } from "../lib/trust-proxy";
import { createTestApp, type TestApp } from "../test/test-app";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const SECURITY_HEADERS = {
  "x-content-type-options": "nosniff",
  "cross-origin-resource-policy": "same-origin",
  "x-frame-options": "SAMEORIGIN",
};
const HSTS = "max-age=31536000; includeSubDomains";

describe("security headers", () => {
  it("come with public answers, errors and unknown paths alike", async () => {
    t = await createTestApp();
    for (const url of ["/api/settings", "/api/headlines", "/api/no-such-thing"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.headers, url).toMatchObject(SECURITY_HEADERS);
      expect(res.headers["content-security-policy"], url).toBe(
        "default-src 'none';base-uri 'none';frame-ancestors 'none'",
      );
      expect(res.headers["referrer-policy"], url).toBe("no-referrer");
      // Headers that only concern a page are left off answers no browser shows as one.
      expect(res.headers["cross-origin-opener-policy"], url).toBeUndefined();
      expect(res.headers["x-xss-protection"], url).toBeUndefined();
    }
    const refused = await t.app.inject({ method: "POST", url: "/api/vote", payload: { headlineId: 0 } });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.headers).toMatchObject(SECURITY_HEADERS);
  });

  it("give the page its full policy", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mg-static-"));
    fs.writeFileSync(path.join(dir, "index.html"), "<html><head><title>x</title></head><body></body></html>");
    t = await createTestApp({ staticDir: dir });
    for (const url of ["/", "/archive"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.headers["content-type"], url).toContain("text/html");
      expect(res.headers, url).toMatchObject({
        ...SECURITY_HEADERS,
        "cross-origin-opener-policy": "same-origin",
        "origin-agent-cluster": "?1",
        "referrer-policy": "no-referrer",
        "x-xss-protection": "0",
      });
      const csp = res.headers["content-security-policy"];
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("frame-src https://dexscreener.com");
      expect(csp, url).toContain("frame-ancestors 'self'");
      expect(csp, url).toContain("base-uri 'none'");
      expect(csp, url).not.toContain("base-uri 'self'");
    }
  });

  it("send Strict-Transport-Security only over HTTPS, pages and API alike", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mg-static-"));
    fs.writeFileSync(path.join(dir, "index.html"), "<html><head><title>x</title></head><body></body></html>");
    const hstsOf = async (app: TestApp["app"], url: string, headers: Record<string, string>) =>
      (await app.inject({ method: "GET", url, headers, remoteAddress: "10.0.0.2" })).headers[
        "strict-transport-security"
      ];
    const https = { "x-forwarded-proto": "https" };

    t = await createTestApp({ staticDir: dir });
    for (const url of ["/", "/api/settings", "/feed.xml"]) {
      expect(await hstsOf(t.app, url, {}), url).toBeUndefined();
      // Without TRUST_PROXY, anyone can send the header: it is not believed.
      expect(await hstsOf(t.app, url, https), url).toBeUndefined();
    }
    await t.close();

    t = await createTestApp({ staticDir: dir, trustProxy: ["10.0.0.0/8"] });
    for (const url of ["/", "/api/settings", "/feed.xml"]) {
      expect(await hstsOf(t.app, url, https), url).toBe(HSTS);
      expect(await hstsOf(t.app, url, { "x-forwarded-proto": "http" }), url).toBeUndefined();
      expect(await hstsOf(t.app, url, {}), url).toBeUndefined();
    }
    // A proxy TRUST_PROXY does not name is not believed either.
    const untrusted = await t.app.inject({
      method: "GET",
      url: "/",
      headers: https,
      remoteAddress: "192.0.2.9",
    });
    expect(untrusted.headers["strict-transport-security"]).toBeUndefined();
  });

  it("let a route set its own policy (the inert SVG avatar)", async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: "GET", url: "/api/avatar?name=Ada" });
    expect(res.headers["content-security-policy"]).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
    // Any origin may show a picture (issue 23): the rest of the security headers stay.
    expect(res.headers).toMatchObject({
      ...SECURITY_HEADERS,
      "cross-origin-resource-policy": "cross-origin",
    });
  });

  it("come with the event stream, which writes its own head", async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    const request = http.get({ host: "127.0.0.1", port, path: "/api/events" });
    const response = await new Promise<http.IncomingMessage>((resolve) => request.on("response", resolve));
    request.destroy();
    expect(response.headers["content-type"]).toContain("text/event-stream");
    expect(response.headers).toMatchObject(SECURITY_HEADERS);
  });
});

describe("isHttpsRequest (the fast path's view, lib/trust-proxy.ts)", () => {
  const request = (encrypted: boolean, headers: Record<string, string> = {}, remoteAddress = "10.0.0.2") =>
    ({ socket: { encrypted, remoteAddress }, headers }) as unknown as http.IncomingMessage;

  it("is the socket's TLS, or the last X-Forwarded-Proto of a trusted proxy", () => {
    const trusted = trustProxyFunction(["10.0.0.0/8"]);
    expect(isHttpsRequest(request(true), undefined)).toBe(true);
    expect(isHttpsRequest(request(false), trusted)).toBe(false);
    expect(isHttpsRequest(request(false, { "x-forwarded-proto": "https" }), trusted)).toBe(true);
    expect(isHttpsRequest(request(false, { "x-forwarded-proto": "https, http" }), trusted)).toBe(false);
    expect(isHttpsRequest(request(false, { "x-forwarded-proto": "https" }, "192.0.2.1"), trusted)).toBe(
      false,
    );
    expect(isHttpsRequest(request(false, { "x-forwarded-proto": "https" }), undefined)).toBe(false);
    // A hop count trusts its nearest hops, the immediate peer first, as Fastify reads a number.
    expect(isHttpsRequest(request(false, { "x-forwarded-proto": "https" }), trustProxyFunction(1))).toBe(
      true,
    );
    expect(isHttpsRequest(request(false, { "x-forwarded-proto": "https" }), trustProxyFunction(true))).toBe(
      true,
    );
  });
});
