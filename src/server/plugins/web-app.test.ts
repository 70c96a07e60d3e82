import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import Fastify from "fastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { precompressFile } from "../../../build/precompress";
import { loadConfig } from "../config";
import { pickEncoding } from "../lib/accept-encoding";
import type { App } from "../types";
import { pagePreloads, registerWebApp, type ViteManifest } from "./web-app";

const SCRIPT = `export const lines = [${Array.from({ length: 200 }, (_, i) => `"line ${i}"`).join(",")}];\n`;

const MANIFEST: ViteManifest = {
  "index.html": { file: "assets/index-e1.js", isEntry: true, imports: ["_react-r1.js"] },
  "_react-r1.js": { file: "assets/react-r1.js" },
  "_form-f1.js": { file: "assets/form-f1.js", imports: ["_react-r1.js"] },
  "pages/home.tsx": { file: "assets/home-h1.js", imports: ["_react-r1.js"] },
  "pages/submit.tsx": { file: "assets/submit-s1.js", imports: ["_form-f1.js", "_react-r1.js"] },
  "pages/yesterdays-news.tsx": { file: "assets/yesterdays-news-y1.js" },
  "pages/not-found.tsx": { file: "assets/not-found-n1.js" },
  "../../node_modules/@fontsource/press-start-2p/files/press-start-2p-latin-400-normal.woff2": {
    file: "assets/press-start-2p-latin-400-normal-p1.woff2",
  },
  "../../node_modules/@fontsource/press-start-2p/files/press-start-2p-latin-400-normal.woff": {
    file: "assets/press-start-2p-latin-400-normal-p1.woff",
  },
  "../../node_modules/@fontsource/lora/files/lora-latin-700-normal.woff2": {
    file: "assets/lora-latin-700-b1.woff2",
  },
  "../../node_modules/@fontsource/lora/files/lora-latin-400-italic.woff2": {
    file: "assets/lora-latin-400-italic-i1.woff2",
  },
};

/** A built app in miniature: the page, a manifest, and one script with its .br and .gz beside it. */
async function staticDir(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mg-web-app-"));
  fs.mkdirSync(path.join(dir, "assets"));
  fs.mkdirSync(path.join(dir, ".vite"));
  fs.writeFileSync(
    path.join(dir, "index.html"),
    '<html><head><title>x</title><script type="module" crossorigin src="/assets/index-e1.js"></script></head><body><div id=root></div></body></html>',
  );
  fs.writeFileSync(path.join(dir, ".vite", "manifest.json"), JSON.stringify(MANIFEST));
  const script = path.join(dir, "assets", "app-abc123.js");
  fs.writeFileSync(script, SCRIPT);
  await precompressFile(script);
  fs.writeFileSync(path.join(dir, "assets", "tiny-abc123.js"), "console.log(1)");
  return dir;
}

let app: App | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function webApp(): Promise<App> {
  app = Fastify() as unknown as App;
  await registerWebApp(app, { ...loadConfig({ SEED_DEMO: "false" }), staticDir: await staticDir() });
  return app;
}

describe("static assets", () => {
  it("sends the brotli copy to a browser that accepts it, with the script's type, Vary and a year of caching", async () => {
    const res = await (await webApp()).inject({
      url: "/assets/app-abc123.js",
      headers: { "accept-encoding": "gzip, deflate, br, zstd" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it("sends the gzip copy to a browser that accepts only gzip", async () => {
    const res = await (await webApp()).inject({
      url: "/assets/app-abc123.js",
      headers: { "accept-encoding": "gzip" },
    });
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it("sends the file as it is to a client that accepts no compression, and small files always", async () => {
    const web = await webApp();
    for (const headers of [{}, { "accept-encoding": "identity" }]) {
      const res = await web.inject({ url: "/assets/app-abc123.js", headers });
      expect(res.headers["content-encoding"]).toBeUndefined();
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(res.body).toBe(SCRIPT);
    }
    const tiny = await web.inject({ url: "/assets/tiny-abc123.js", headers: { "accept-encoding": "br" } });
    expect(tiny.statusCode).toBe(200);
    expect(tiny.headers["content-encoding"]).toBeUndefined();
    expect(tiny.body).toBe("console.log(1)");
  });
});

describe("the page", () => {
  it("is compressed for browsers that accept it, never cached stale, and varies by Accept-Encoding", async () => {
    const web = await webApp();
    const plain = await web.inject({ url: "/" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(plain.headers["cache-control"]).toBe("no-cache");
    expect(plain.headers.vary).toMatch(/accept-encoding/i);

    const br = await web.inject({ url: "/", headers: { "accept-encoding": "gzip, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["cache-control"]).toBe("no-cache");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gz = await web.inject({ url: "/archive", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toContain("<div id=root>");
  });

  it("is answered without looking at the built files on disk: no stat for a page's path (issue 28)", async () => {
    const web = await webApp();
    const stat = vi.spyOn(fs, "stat");
    try {
      for (const url of ["/archive", "/tomorrows-news", "/h/1/frog", "/no-such-page"]) {
        const res = await web.inject({ url, headers: { "accept-encoding": "br" } });
        expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
      }
      // The static plugin's wildcard looked for each page as a file (a stat per encoding, a readdir per
      // segment) before it gave up: 8 % of the server's time in the crowd bench.
      expect(stat).not.toHaveBeenCalled();
      // A built file is still a stat away.
      await web.inject({ url: "/assets/app-abc123.js" });
      expect(stat).toHaveBeenCalled();
    } finally {
      stat.mockRestore();
    }
  });

  it("preloads the fonts of the first paint on every page, and no others", async () => {
    const web = await webApp();
    for (const url of ["/", "/archive", "/no/such/page"]) {
      const fonts = [
        ...(await web.inject({ url })).body.matchAll(
          /<link rel="preload" as="font" type="font\/woff2" crossorigin href="([^"]+)">/g,
        ),
      ].map((m) => m[1]);
      expect(fonts, url).toEqual([
        "/assets/press-start-2p-latin-400-normal-p1.woff2",
        "/assets/lora-latin-700-b1.woff2",
      ]);
    }
  });

  it("preloads the requested page's chunks, matching the path as the router does", async () => {
    const web = await webApp();
    const preloaded = async (url: string) =>
      [
        ...(await web.inject({ url })).body.matchAll(
          /<link rel="modulepreload" crossorigin href="([^"]+)">/g,
        ),
      ].map((m) => m[1]);
    // The entry's imports, then the page's own chunk and its imports (what the entry has is not repeated).
    expect(await preloaded("/")).toEqual(["/assets/react-r1.js", "/assets/home-h1.js"]);
    expect(await preloaded("/submit")).toEqual([
      "/assets/react-r1.js",
      "/assets/submit-s1.js",
      "/assets/form-f1.js",
    ]);
    expect(await preloaded("/old-news?x=1")).toEqual([
      "/assets/react-r1.js",
      "/assets/yesterdays-news-y1.js",
    ]);
    expect(await preloaded("/no/such/page")).toEqual(["/assets/react-r1.js", "/assets/not-found-n1.js"]);
    // A page the manifest lacks (an older build) gets the entry's imports only.
    expect(await preloaded("/about")).toEqual(["/assets/react-r1.js"]);
  });
});

describe("missing files", () => {
  it("answer 404 JSON, not the app's page, under /assets, for /favicon.ico and for any path with a file extension", async () => {
    const web = await webApp();
    for (const url of [
      "/assets/home-OLD123.js",
      "/assets/gone",
      "/favicon.ico",
      "/ads.txt",
      "/wp-login.php",
      "/archive/styles.css?v=2",
    ]) {
      const res = await web.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers["content-type"], url).toMatch(/^application\/json/);
      expect(res.json(), url).toEqual({ message: `No such file: ${url.split("?")[0]}` });
      expect((await web.inject({ method: "HEAD", url })).statusCode, url).toBe(404);
    }
  });

  it("leave the pages' paths to the app, dots in a directory name included; an unknown page is a 404 page", async () => {
    const web = await webApp();
    for (const [url, status] of [
      ["/archive", 200],
      ["/tomorrows-news", 200],
      ["/no/such/page", 404],
      ["/v1.2/page", 404],
    ] as const) {
      const res = await web.inject({ url });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers["content-type"], url).toBe("text/html; charset=utf-8");
      expect(res.body, url).toContain("<div id=root>");
    }
  });
});

describe("pagePreloads", () => {
  it("preloads nothing without a manifest", () => {
    expect([...pagePreloads({}).values()].flat()).toEqual([]);
  });
});

describe("pickEncoding", () => {
  it("prefers brotli, then gzip, and honours q=0 and *", () => {
    expect(pickEncoding("gzip, deflate, br")).toBe("br");
    expect(pickEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(pickEncoding("*")).toBe("br");
    expect(pickEncoding("identity")).toBeUndefined();
    expect(pickEncoding("gzip;q=0, br;q=0")).toBeUndefined();
    expect(pickEncoding(undefined)).toBeUndefined();
  });
});
