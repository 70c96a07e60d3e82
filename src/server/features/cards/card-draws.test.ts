import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { headlines, images } from "../../db/schema";
import { createHeadline } from "../../test/factories";
import { createTestApp, type TestApp, testConfig } from "../../test/test-app";
import type { App } from "../../types";
import { headlineCardPath } from "../headlines/card-path";
import { findHeadlinePage } from "../headlines/headlines.service";
import { setCardsKept } from "./cards.routes";
import { CARD_DRAWS_PER_MINUTE, TOO_MANY_CARDS } from "./draw-allowance";

/**
 * Issue 20: with more public headlines than the cards kept in memory, one anonymous client forced ~15
 * redraws a second, on the uploads' image workers, and real uploads got 503. A card version is now drawn
 * once for the site (kept in the database), on the cards' own queue, and a network may force only so many
 * new drawings a minute.
 */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  setCardsKept(300);
  await t.close();
});

async function pathOf(id: number) {
  const page = await findHeadlinePage(t.db, id);
  if (!page) throw new Error("not public");
  return headlineCardPath(page);
}

async function drawnBy(app: App): Promise<number> {
  const metric = await app.metrics.cardsDrawn.get();
  return (
    metric.values.find((v) => v.metricName === "cards_draw_seconds_count" && v.labels.kind === "headline")
      ?.value ?? 0
  );
}

const card = (url: string, remoteAddress = "198.51.100.20") => t.app.inject({ url, remoteAddress });
const storedCards = async () =>
  (await t.db.select({ hash: images.hash }).from(images)).filter((r) => r.hash.startsWith("card:"));

describe("share card drawings", () => {
  it("draws each version once with more headlines than the memory holds, however often they are asked", async () => {
    setCardsKept(3);
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push((await createHeadline(t.db, { title: `Crawled headline ${i}` })).id);
    const paths = await Promise.all(ids.map(pathOf));
    for (let round = 0; round < 3; round++) {
      for (const path of paths) {
        const res = await card(path);
        expect(res.statusCode, path).toBe(200);
        expect(res.headers["content-type"]).toBe("image/png");
      }
    }
    expect(await drawnBy(t.app)).toBe(6);
    expect(await storedCards()).toHaveLength(6);

    // A new version is drawn once more, and replaces the old one in the store.
    const [first] = ids as [number];
    await t.db.update(headlines).set({ votes: 42 }).where(eq(headlines.id, first));
    const next = await pathOf(first);
    expect(next).not.toBe(paths[0]);
    for (let i = 0; i < 3; i++) expect((await card(next)).statusCode).toBe(200);
    expect(await drawnBy(t.app)).toBe(7);
    expect(await storedCards()).toHaveLength(6);
  });

  it("draws nothing another process of the site has drawn (the same database)", async () => {
    const { id } = await createHeadline(t.db, { title: "Drawn in one process" });
    const path = await pathOf(id);
    const drawn = await card(path);
    expect(drawn.statusCode).toBe(200);
    const other = await buildApp({ config: testConfig(), database: t.database });
    try {
      const res = await other.inject({ url: path });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(drawn.rawPayload)).toBe(true);
      expect(await drawnBy(other)).toBe(0);
    } finally {
      await other.close();
    }
  });

  it(`refuses a network's new drawings beyond ${CARD_DRAWS_PER_MINUTE} a minute (429 with Retry-After), never a drawn card`, async () => {
    const paths = [];
    for (let i = 0; i <= CARD_DRAWS_PER_MINUTE; i++) {
      paths.push(await pathOf((await createHeadline(t.db, { title: `Walked headline ${i}` })).id));
    }
    for (const path of paths.slice(0, CARD_DRAWS_PER_MINUTE)) expect((await card(path)).statusCode).toBe(200);
    const refused = await card(paths[CARD_DRAWS_PER_MINUTE] as string);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: TOO_MANY_CARDS });
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Cards already drawn still come, to that network too; another network may have the new one drawn.
    expect((await card(paths[0] as string)).statusCode).toBe(200);
    expect((await card(paths[CARD_DRAWS_PER_MINUTE] as string, "203.0.113.99")).statusCode).toBe(200);
    expect(await drawnBy(t.app)).toBe(CARD_DRAWS_PER_MINUTE + 1);
  });

  it("leaves the uploads' workers to uploads: an upload succeeds while cards are being drawn", async () => {
    const paths = [];
    for (let i = 0; i < 24; i++) {
      paths.push(await pathOf((await createHeadline(t.db, { title: `Busy card ${i}` })).id));
    }
    const burst = Promise.all(paths.map((path, i) => card(path, `2001:db8:${i + 1}::1`)));
    await new Promise((resolve) => setTimeout(resolve, 100)); // the drawings are under way
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#3a6" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "frog.png");
    const body = new Response(form);
    const upload = await t.app.inject({
      method: "POST",
      url: "/api/upload",
      payload: Buffer.from(await body.arrayBuffer()),
      headers: { "content-type": body.headers.get("content-type") as string },
      remoteAddress: "192.0.2.10",
    });
    const answers = await burst;
    expect(upload.statusCode, upload.body).toBe(200);
    // The cards' own queue may refuse some of a burst (503 with Retry-After); nothing else.
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 503)).toBe(true);
  });
});
