/**
 * The visitor cookie goes only on answers that are the visitor's own (the page, API answers), never on
 * static files, images or anything a shared cache may keep; and nothing under a dot-path of the built app
 * is served. The whole app on a real database, with a built app in miniature.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settings } from "../db/schema";
import { storeImage } from "../features/images/images.service";
import { createHeadline } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";
import { VISITOR_COOKIE } from "./visitor";

let t: TestApp;
let imageUrl: string;
let headlineId: number;

function builtApp(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mg-visitor-"));
  fs.mkdirSync(path.join(dir, "assets"));
  fs.mkdirSync(path.join(dir, ".vite"));
  fs.writeFileSync(path.join(dir, "index.html"), "<html><head><title>x</title></head><body></body></html>");
  fs.writeFileSync(
    path.join(dir, ".vite", "manifest.json"),
    '{"index.html":{"file":"assets/app-abc123.js"}}',
  );
  fs.writeFileSync(path.join(dir, "assets", "app-abc123.js"), "console.log(1)");
  fs.writeFileSync(path.join(dir, "assets", ".secret"), "not for browsers");
  fs.writeFileSync(path.join(dir, "robots.txt"), "User-agent: *\n");
  return dir;
}

beforeAll(async () => {
  t = await createTestApp({ staticDir: builtApp() });
  await t.db
    .update(settings)
    .set({ votingEndTime: new Date(Date.now() + 86_400_000), launchTime: new Date(Date.now() + 90_000_000) });
  imageUrl = await storeImage(t.db, {
    bytes: Buffer.from("GIF89a"),
    contentType: "image/gif",
    width: 1,
    height: 1,
  });
  headlineId = (await createHeadline(t.db)).id;
});
afterAll(() => t.close());

/** A first-time visitor: no cookie at all. */
const newVisitor = (url: string, method: "GET" | "POST" = "GET", payload?: object) =>
  t.app.inject({ method, url, payload, remoteAddress: "203.0.113.9" });
const visitorCookie = (res: { headers: Record<string, unknown> }): string | undefined =>
  [res.headers["set-cookie"] ?? []]
    .flat()
    .map(String)
    .find((c) => c.startsWith(`${VISITOR_COOKIE}=`));

describe("the visitor cookie", () => {
  it.each([
    ["a hashed asset", "/assets/app-abc123.js"],
    ["another built file", "/robots.txt"],
    ["an uploaded image", () => imageUrl],
    ["an initials avatar", "/api/avatar?name=Frog"],
  ])("is not set on %s, which is public", async (_, url) => {
    const res = await newVisitor(typeof url === "function" ? url() : url);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toMatch(/public/);
    expect(visitorCookie(res)).toBeUndefined();
  });

  it.each([
    ["the page", "/"],
    ["a page route", "/about"],
    ["a public list", "/api/headlines"],
  ])("is set on %s, which is then private", async (_, url) => {
    const res = await newVisitor(url);
    expect(res.statusCode).toBe(200);
    expect(visitorCookie(res)).toMatch(/^mg_visitor=[A-Za-z0-9_-]{22};.*HttpOnly/);
    expect(res.headers["cache-control"]).toMatch(/^private\b/);
    expect(res.headers["cache-control"]).not.toMatch(/public/);
  });

  it("is set on a first vote, with the id the vote was stored under", async () => {
    const res = await newVisitor("/api/vote", "POST", { headlineId });
    expect(res.statusCode, res.body).toBe(200);
    const id = visitorCookie(res)?.match(/^mg_visitor=([^;]+)/)?.[1];
    const mine = await t.app.inject({ url: "/api/me/votes", cookies: { [VISITOR_COOKIE]: id as string } });
    expect(mine.json().headlineVote).toBe(headlineId);
  });

  it("is not set again for a returning visitor, whose answers keep their caching", async () => {
    const res = await t.app.inject({
      url: "/api/headlines",
      cookies: { [VISITOR_COOKIE]: "returningvisitor000000" },
    });
    expect(visitorCookie(res)).toBeUndefined();
    expect(res.headers["cache-control"]).toBe("no-cache");
  });
});

describe("dot-paths of the built app", () => {
  it.each(["/.vite/manifest.json", "/.vite/", "/assets/.secret", "/%2Evite/manifest.json", "/.env"])(
    "%s answers 404 and sends nothing of the file",
    async (url) => {
      const res = await newVisitor(url);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain("assets/app-abc123.js");
      expect(res.body).not.toContain("not for browsers");
    },
  );
});
