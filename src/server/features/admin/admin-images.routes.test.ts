/**
 * Pending submissions' image links reach the dashboard through the server (issue 11): the submitter's
 * server sees this server fetch the image, never a staff member's browser.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHeadline } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { staffSessions, withSession } from "../accounts/test-accounts";
import { PREVIEW_MESSAGES } from "./admin-images";

let t: TestApp;
let staff: string;
let submitter: http.Server;
let origin: string;
const seen: string[] = [];
let png: Buffer;

beforeAll(async () => {
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#3a3" } })
    .png()
    .withMetadata({ exif: { IFD0: { Copyright: "tracking-pixel-owner" } } })
    .toBuffer();
  // The submitter's server: it records who asks for the image.
  submitter = http.createServer((req, res) => {
    seen.push(`${req.socket.remoteAddress} ${req.url}`);
    if (req.url === "/frog.png") res.writeHead(200, { "content-type": "image/png" }).end(png);
    else res.writeHead(200, { "content-type": "text/html" }).end("<html>not an image</html>");
  });
  await new Promise<void>((resolve) => submitter.listen(0, "127.0.0.1", resolve));
  const { port } = submitter.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  t = await createTestApp({ outboundAllowHosts: [`127.0.0.1:${port}`], outboundTimeoutMs: 2_000 });
  ({ staff } = await staffSessions(t.app, t.db));
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => submitter.close(resolve));
});

const get = (url: string, session?: string) =>
  t.app.inject({ method: "GET", url, cookies: session ? withSession(session) : {} });

describe("a pending submission's image in the dashboard", () => {
  it("is listed as this server's preview URL, never the submitted link", async () => {
    const pending = await createHeadline(t.db, { stage: "pending", imageUrl: `${origin}/frog.png` });
    const approved = await createHeadline(t.db, { stage: "today", imageUrl: `${origin}/public.png` });
    const uploaded = await createHeadline(t.db, {
      stage: "pending",
      imageUrl: `/api/images/${"a".repeat(64)}`,
    });
    const res = await get("/api/admin/headlines", staff);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(`${origin}/frog.png`);
    const byId = new Map(res.json().map((h: { id: number; imageUrl: string }) => [h.id, h.imageUrl]));
    expect(byId.get(pending.id)).toBe(`/api/admin/headlines/${pending.id}/image`);
    // Visitors see an approved headline's link too: nothing to hide from its owner.
    expect(byId.get(approved.id)).toBe(`${origin}/public.png`);
    expect(byId.get(uploaded.id)).toBe(`/api/images/${"a".repeat(64)}`);
  });

  it("is fetched by the server and re-encoded, private to staff", async () => {
    const pending = await createHeadline(t.db, { stage: "pending", imageUrl: `${origin}/frog.png` });
    seen.length = 0;
    const res = await get(`/api/admin/headlines/${pending.id}/image`, staff);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.rawPayload.equals(png)).toBe(false);
    expect(res.rawPayload.includes(Buffer.from("tracking-pixel-owner"))).toBe(false);
    expect((await sharp(res.rawPayload).metadata()).width).toBe(8);
    expect(seen).toEqual(["127.0.0.1 /frog.png"]);
  });

  it("is not available without a session", async () => {
    const pending = await createHeadline(t.db, { stage: "pending", imageUrl: `${origin}/frog.png` });
    seen.length = 0;
    expect((await get(`/api/admin/headlines/${pending.id}/image`)).statusCode).toBe(401);
    expect(seen).toEqual([]);
  });

  it("answers 502 when the link is not an image, 404 when there is no link to preview", async () => {
    const html = await createHeadline(t.db, { stage: "pending", imageUrl: `${origin}/page.html` });
    expect((await get(`/api/admin/headlines/${html.id}/image`, staff)).statusCode).toBe(502);
    const approved = await createHeadline(t.db, { stage: "today", imageUrl: `${origin}/frog.png` });
    const res = await get(`/api/admin/headlines/${approved.id}/image`, staff);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(PREVIEW_MESSAGES.none);
  });

  it("never fetches a private address from a link", async () => {
    const inside = await createHeadline(t.db, { stage: "pending", imageUrl: "http://10.0.0.1/frog.png" });
    expect((await get(`/api/admin/headlines/${inside.id}/image`, staff)).statusCode).toBe(502);
  });
});
