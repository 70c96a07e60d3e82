import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/test-app";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const SECURITY_HEADERS = {
  "x-content-type-options": "nosniff",
  "cross-origin-resource-policy": "same-origin",
  "strict-transport-security": "max-age=31536000; includeSubDomains",
  "x-frame-options": "SAMEORIGIN",
};

describe("security headers", () => {
  it("come with public answers, errors and unknown paths alike", async () => {
    t = await createTestApp();
    for (const url of ["/api/settings", "/api/headlines", "/api/no-such-thing"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.headers, url).toMatchObject(SECURITY_HEADERS);
      expect(res.headers["content-security-policy"], url).toBe("default-src 'none';frame-ancestors 'none'");
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
    }
  });

  it("let a route set its own policy (the inert SVG avatar)", async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: "GET", url: "/api/avatar?name=Ada" });
    expect(res.headers["content-security-policy"]).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
    expect(res.headers).toMatchObject(SECURITY_HEADERS);
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
