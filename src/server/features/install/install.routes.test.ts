import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ siteName: "Frog Times Daily" });
});
afterEach(() => t.close());

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(png: Buffer): [number, number] {
  expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
  return [png.readUInt32BE(16), png.readUInt32BE(20)];
}

describe("installable (issue 22)", () => {
  it("serves a web app manifest named after SITE_NAME, with 192 and 512 px icons and a maskable one", async () => {
    const res = await t.app.inject({ url: "/manifest.webmanifest" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/manifest+json; charset=utf-8");
    const manifest = res.json();
    expect(manifest).toMatchObject({
      name: "Frog Times Daily",
      start_url: "/",
      display: "standalone",
      theme_color: "#f4ecd8",
    });
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    const purposes = manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`);
    expect(purposes).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
    for (const icon of manifest.icons as Array<{ src: string; sizes: string }>) {
      const png = await t.app.inject({ url: icon.src });
      expect(png.statusCode, icon.src).toBe(200);
      expect(png.headers["content-type"]).toBe("image/png");
      const side = Number(icon.sizes.split("x")[0]);
      expect(pngSize(png.rawPayload)).toEqual([side, side]);
    }
  });

  it("serves /favicon.ico as an icon file and a 180 px apple-touch-icon, to any origin", async () => {
    const ico = await t.app.inject({ url: "/favicon.ico" });
    expect(ico.statusCode).toBe(200);
    expect(ico.headers["content-type"]).toBe("image/x-icon");
    expect(ico.rawPayload.readUInt16LE(2)).toBe(1); // an icon
    expect(ico.rawPayload.readUInt16LE(4)).toBe(3); // 16, 32 and 48 px
    const firstPng = ico.rawPayload.subarray(ico.rawPayload.readUInt32LE(6 + 12));
    expect(pngSize(firstPng)).toEqual([16, 16]);
    const touch = await t.app.inject({ url: "/apple-touch-icon.png" });
    expect(pngSize(touch.rawPayload)).toEqual([180, 180]);
    for (const res of [ico, touch]) {
      expect(res.headers["cross-origin-resource-policy"]).toBe("cross-origin");
      expect(res.headers["cache-control"]).toBe("public, max-age=86400");
    }
  });
});
