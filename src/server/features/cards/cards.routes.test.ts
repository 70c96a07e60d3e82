import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CURRENT_CARD, editionCardFile, headlineCardFile } from "@/common/card-path";
import { headlines, images } from "../../db/schema";
import { createHeadline } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { headlineCardPath } from "../headlines/card-path";
import { findHeadlinePage } from "../headlines/headlines.service";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

/** A PNG's size, from its IHDR chunk. */
function pngSize(body: Buffer) {
  expect(body.subarray(1, 4).toString("ascii")).toBe("PNG");
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
}

async function pathOf(id: number) {
  const page = await findHeadlinePage(t.db, id);
  if (!page) throw new Error("not public");
  return headlineCardPath(page);
}

async function drawn(kind: "headline" | "edition"): Promise<number> {
  const metric = await t.app.metrics.cardsDrawn.get();
  return (
    metric.values.find((v) => v.metricName === "cards_draw_seconds_count" && v.labels.kind === kind)?.value ??
    0
  );
}

describe("pictures for every client (issue 23)", () => {
  it("serves cards, uploaded images, avatars and the favicon to any origin, and pages and the API to their own", async () => {
    const { id } = await createHeadline(t.db, { title: "Frog buys the moon" });
    const hash = "a".repeat(64);
    await t.db
      .insert(images)
      .values({ hash, contentType: "image/png", bytes: Buffer.from("png"), width: 1, height: 1 });
    for (const url of [await pathOf(id), `/api/images/${hash}`, "/api/avatar?name=Frog", "/favicon.ico"]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["cross-origin-resource-policy"], url).toBe("cross-origin");
    }
    const api = await t.app.inject({ url: "/api/settings" });
    expect(api.headers["cross-origin-resource-policy"]).toBe("same-origin");
  });
});

describe("share cards", () => {
  it("draws a headline's card as a 1200x630 PNG, cached for a year", async () => {
    const { id } = await createHeadline(t.db, {
      title: `Cat </title><script>alert(1)</script> 🚀 مرحبا`,
      votes: 12,
    });
    const res = await t.app.inject({ url: await pathOf(id) });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers["set-cookie"]).toBeUndefined();
    expect(pngSize(res.rawPayload)).toEqual({ width: 1200, height: 630 });
  });

  it("changes its address when what it draws changes, and only then", async () => {
    const { id } = await createHeadline(t.db, { title: "Frog runs a hedge fund", votes: 3 });
    const first = await pathOf(id);
    await t.db.update(headlines).set({ websiteUrl: "https://frog.example" }).where(eq(headlines.id, id));
    expect(await pathOf(id)).toBe(first);
    const versions = new Set([first]);
    for (const change of [
      { votes: 4 },
      { title: "Frog runs two hedge funds" },
      { listedToday: false, listedTomorrow: true },
      { imageUrl: null },
    ]) {
      await t.db.update(headlines).set(change).where(eq(headlines.id, id));
      const path = await pathOf(id);
      expect(versions.has(path), JSON.stringify(change)).toBe(false);
      versions.add(path);
    }
  });

  it("sends an old version's address to the current card", async () => {
    const { id } = await createHeadline(t.db, { title: "Old card", votes: 1 });
    const old = await pathOf(id);
    await t.db.update(headlines).set({ votes: 2 }).where(eq(headlines.id, id));
    const res = await t.app.inject({ url: old });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(await pathOf(id));
  });

  it("sends the browser's address of the current card (CURRENT_CARD, after an in-app navigation) to the card", async () => {
    const { id } = await createHeadline(t.db, { title: "Current card", votes: 1 });
    const res = await t.app.inject({ url: headlineCardFile(id, CURRENT_CARD) });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(await pathOf(id));
    const list = await t.app.inject({ url: editionCardFile(CURRENT_CARD) });
    expect(list.statusCode).toBe(302);
    expect(list.headers.location).toMatch(/^\/cards\/edition\/[\w-]{12}\.png$/);
  });

  it("draws a card once per version, also for a burst of crawlers", async () => {
    const { id } = await createHeadline(t.db, { title: "Everyone shares this", votes: 5 });
    const path = await pathOf(id);
    const answers = await Promise.all(Array.from({ length: 20 }, () => t.app.inject({ url: path })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.rawPayload.toString("base64"))).size).toBe(1);
    expect(await drawn("headline")).toBe(1);
    await t.app.inject({ url: path });
    expect(await drawn("headline")).toBe(1);
  });

  it("answers 404 for a headline without a public page, and refuses a malformed address", async () => {
    const pending = await createHeadline(t.db, { title: "Pending", stage: "pending" });
    for (const url of ["/cards/h/999999/abcdefghijkl.png", `/cards/h/${pending.id}/abcdefghijkl.png`]) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(404);
    }
    for (const url of ["/cards/h/1/x.png", "/cards/h/abc/abcdefghijkl.png", "/cards/edition/../../etc.png"]) {
      const res = await t.app.inject({ url });
      expect([400, 404], url).toContain(res.statusCode);
    }
  });

  it("draws a list page's card with the day's leader", async () => {
    const empty = await t.app.inject({ url: "/cards/edition/abcdefghijkl.png" });
    expect(empty.statusCode).toBe(302);
    const emptyCard = await t.app.inject({ url: empty.headers.location as string });
    expect(pngSize(emptyCard.rawPayload)).toEqual({ width: 1200, height: 630 });

    await createHeadline(t.db, { title: "Today's leader", votes: 9 });
    const res = await t.app.inject({ url: empty.headers.location as string });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).not.toBe(empty.headers.location);
    const card = await t.app.inject({ url: res.headers.location as string });
    expect(card.statusCode).toBe(200);
    expect(pngSize(card.rawPayload)).toEqual({ width: 1200, height: 630 });
  });
});
