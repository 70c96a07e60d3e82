import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { pageRouteOf } from "@/common/pages";
import type { Config } from "../config";
import { createHeadline } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";

/**
 * /metrics as an operator reads it: each series the README names appears with its labels and moves when
 * the thing it counts happens. Every app has its own registry, so each test counts from zero.
 */

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function app(overrides: Partial<Config> = {}) {
  t = await createTestApp(overrides);
  return t;
}

async function scrape(): Promise<string> {
  const res = await (t as TestApp).app.inject({ method: "GET", url: "/metrics" });
  expect(res.statusCode).toBe(200);
  return res.body;
}

/** The value of the one sample whose name and labels are exactly these (label order as prom-client prints). */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** A built browser app in miniature: the page and one hashed asset. */
function staticDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mg-metrics-"));
  fs.mkdirSync(path.join(dir, "assets"));
  fs.writeFileSync(path.join(dir, "index.html"), "<html><head><title>x</title></head><body></body></html>");
  fs.writeFileSync(path.join(dir, "assets", "app-abc123.js"), "console.log(1)");
  return dir;
}

describe("route labels", () => {
  it("labels pages by their route pattern, every built file as one route, and anything else unmatched", async () => {
    const { app: site, db } = await app({ staticDir: staticDir() });
    const headline = await createHeadline(db, { title: "Cat elected mayor" });
    const get = async (url: string) => (await site.inject({ method: "GET", url })).statusCode;
    expect(await get(`/h/${headline.id}/cat-elected-mayor`)).toBe(200);
    expect(await get(`/h/${headline.id}`)).toBe(301); // to the canonical slug
    expect(await get("/h/999999")).toBe(404); // no such headline: still the headline page's route
    expect(await get("/archive")).toBe(200);
    expect(await get("/ARCHIVE/")).toBe(200);
    expect(await get("/")).toBe(200);
    expect(await get("/tomorrows-news")).toBe(200);
    expect(await get("/submission/abcdefgh")).toBe(200);
    expect(await get("/assets/app-abc123.js")).toBe(200);
    expect(await get("/assets/gone-999.js")).toBe(404);
    expect(await get("/no/such/page")).toBe(404);
    expect(await get("/wp-login.php")).toBe(404);

    const text = await scrape();
    const requests = (route: string, status: number) =>
      sample(text, `http_requests_total{method="GET",route="${route}",status="${status}"}`);
    expect(requests("/h/:id", 200)).toBe(1);
    expect(requests("/h/:id", 301)).toBe(1);
    expect(requests("/h/:id", 404)).toBe(1);
    expect(requests("/archive", 200)).toBe(2);
    expect(requests("/", 200)).toBe(1);
    expect(requests("/tomorrows-news", 200)).toBe(1);
    expect(requests("/submission/:receipt", 200)).toBe(1);
    expect(requests("/assets/*", 200)).toBe(1);
    expect(requests("unmatched", 404)).toBe(3);
    expect(text).toMatch(/^http_request_duration_seconds_count\{route="\/h\/:id"\} 3$/m);
    // Never a raw path or the static plugin's wildcard.
    const routes = new Set([...text.matchAll(/route="([^"]*)"/g)].map((m) => m[1]));
    expect([...routes].filter((r) => r?.includes("abc") || r?.includes("999") || r === "/*")).toEqual([]);
  });

  it("names page routes as the router matches them", () => {
    expect(pageRouteOf("/")).toBe("/");
    expect(pageRouteOf("/Archive/")).toBe("/archive");
    expect(pageRouteOf("/old-news")).toBe("/old-news");
    expect(pageRouteOf("/h/12")).toBe("/h/:id");
    expect(pageRouteOf("/h/12/some-slug/")).toBe("/h/:id");
    expect(pageRouteOf("/submission/r3ce1pt")).toBe("/submission/:receipt");
    expect(pageRouteOf("/h/x")).toBeUndefined();
    expect(pageRouteOf("/anything-else")).toBeUndefined();
  });
});
