import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SITE_CONFIG_ELEMENT_ID } from "@/common/site";
import { storeImage } from "./features/images/images.service";
import { createTestApp, type TestApp } from "./test/test-app";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

function builtApp(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mg-static-"));
  fs.mkdirSync(path.join(dir, "assets"));
  fs.writeFileSync(
    path.join(dir, "index.html"),
    "<html><head><title>x</title></head><body><div id=root></div></body></html>",
  );
  fs.writeFileSync(path.join(dir, "assets", "app-abc123.js"), "console.log(1)");
  return dir;
}

describe("routing", () => {
  it("answers an unknown /api path with 404 JSON", async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: "GET", url: "/api/no-such-thing" });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toContain("application/json");
    expect(res.json()).toEqual({ message: "No such API route: GET /api/no-such-thing" });
  });

  it("serves the browser app with this deployment's name for every other path (an unknown one with 404), never cached stale", async () => {
    t = await createTestApp({
      staticDir: builtApp(),
      siteName: "Pixel </script> Post",
      tokenAddress: "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU",
    });
    for (const [url, status, screen] of [
      ["/", 200, "Today&#39;s News, "],
      ["/archive", 200, "Pixel &lt;/script&gt; Post Archive | Pixel &lt;/script&gt; Post</title>"],
      ["/old-news", 200, "Yesterday&#39;s News: Launched Tokens | Pixel &lt;/script&gt; Post</title>"],
      ["/some/unknown/page", 404, "404 Page Not Found | Pixel &lt;/script&gt; Post</title>"],
    ] as const) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(status);
      expect(res.headers["content-type"]).toContain("text/html");
      // private: the page gives this new visitor its id cookie, which no shared cache may keep.
      expect(res.headers["cache-control"]).toBe("private, no-cache");
      expect(res.body).toContain(`<title>${screen}`);
      const json = res.body.match(
        new RegExp(`<script id="${SITE_CONFIG_ELEMENT_ID}" type="application/json">(.*?)</script>`),
      )?.[1];
      expect(json).toBeDefined();
      expect(JSON.parse(json as string)).toEqual({
        siteName: "Pixel </script> Post",
        tokenAddress: "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU",
        telegramUrl: null,
        xUrl: null,
        publicUrl: "http://localhost:3000",
      });
    }
  });

  it("serves hashed assets with a long cache lifetime", async () => {
    t = await createTestApp({ staticDir: builtApp() });
    const res = await t.app.inject({ method: "GET", url: "/assets/app-abc123.js" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("answers a POST to an unknown path with 404 JSON, not the page", async () => {
    t = await createTestApp({ staticDir: builtApp() });
    const res = await t.app.inject({ method: "POST", url: "/archive", payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toHaveProperty("message");
  });
});

describe("votes among reads (issue 28)", () => {
  it("sends the votes waiting for their group commit as a read starts; a write leaves them to their turn", async () => {
    t = await createTestApp();
    // PGlite's group commit (db/pglite-prepared.ts has the mechanism's own tests); PostgreSQL has none.
    const sent = vi.fn();
    t.database.sendWaitingGroup = sent;
    await t.app.inject({ method: "GET", url: "/api/settings" });
    expect(sent).toHaveBeenCalledTimes(1);
    await t.app.inject({ method: "POST", url: "/api/vote", payload: { headlineId: 424242 } });
    expect(sent).toHaveBeenCalledTimes(1);
  });
});

describe("visitor identity", () => {
  it("gives a new visitor a random httpOnly id cookie once, and keeps an existing one", async () => {
    t = await createTestApp();
    const first = await t.app.inject({ method: "GET", url: "/api/settings" });
    const cookie = first.cookies.find((c) => c.name === "mg_visitor");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const again = await t.app.inject({
      method: "GET",
      url: "/api/settings",
      cookies: { mg_visitor: cookie?.value as string },
    });
    expect(again.cookies.find((c) => c.name === "mg_visitor")).toBeUndefined();
  });
});

describe("images", () => {
  it("serves a stored image by its content address with its type, nosniff and a year of caching", async () => {
    t = await createTestApp();
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const url = await storeImage(t.db, { bytes, contentType: "image/png", width: 1, height: 1 });
    expect(url).toMatch(/^\/api\/images\/[a-f0-9]{64}$/);
    const res = await t.app.inject({ method: "GET", url });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(new Uint8Array(res.rawPayload)).toEqual(bytes);
  });

  it("answers 404 for an unknown or malformed image address", async () => {
    t = await createTestApp();
    expect((await t.app.inject({ method: "GET", url: `/api/images/${"a".repeat(64)}` })).statusCode).toBe(
      404,
    );
    const malformed = await t.app.inject({ method: "GET", url: "/api/images/..%2F..%2Fetc%2Fpasswd" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toHaveProperty("message");
  });

  it("draws the initials avatar as an inert SVG with the visitor's text escaped", async () => {
    t = await createTestApp();
    const res = await t.app.inject({
      method: "GET",
      url: `/api/avatar?name=${encodeURIComponent("<b>bold</b> & co")}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("image/svg+xml");
    expect(res.headers["content-security-policy"]).toContain("default-src 'none'");
    expect(res.body).not.toContain("<b>");
    expect(res.body).toContain(">BC</text>");
  });
});

describe("errors", () => {
  it("answers malformed JSON with 400 and a message, never a stack trace", async () => {
    t = await createTestApp();
    // Any JSON route will do; the body parser refuses before the handler.
    const res = await t.app.inject({
      method: "POST",
      url: "/api/settings",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });
});
