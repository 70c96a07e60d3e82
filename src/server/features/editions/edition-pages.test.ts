import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { settings } from "../../db/schema";
import { createHeadline } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { freezeClosedEditions } from "../headlines/editions.service";
import { crownWinner } from "../headlines/headline-stage";
import { runCycle } from "../votes/cycle.service";

/** Issue 22: each edition has its page (with its own head and share card), is in the sitemap and the feeds. */
const PUBLIC_URL = "https://memegazette.example";

let t: TestApp;
let dir: string;
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "mg-edition-pages-"));
  fs.writeFileSync(
    path.join(dir, "index.html"),
    '<!doctype html><html><head><meta name="description" content="template" /><title>Meme Gazette</title></head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({ staticDir: dir, publicUrl: PUBLIC_URL });
  await t.db.update(settings).set({ votingEndTime: new Date(Date.now() + 3_600_000) });
});
afterEach(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const today = async () => (await t.db.select().from(settings))[0]?.currentDay as string;

async function vote(headlineId: number, i: number) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/vote",
    payload: { headlineId },
    cookies: { mg_visitor: `pagesvisitor${String(i).padStart(12, "0")}` },
    remoteAddress: `203.0.${i}.9`,
  });
  expect(res.statusCode).toBe(200);
}

describe("an edition's page", () => {
  it("has its own head and share card, is linked from the headline and the archive, in the sitemap and, closed, in the feeds", async () => {
    const h = await createHeadline(t.db, { title: "Frog buys the moon" });
    await vote(h.id, 1);
    await vote(h.id, 2);
    const day = await today();

    const page = await t.app.inject({ url: `/edition/${day}`, headers: { accept: "text/html" } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/<title>The Edition of \w+day, \w+ \d+, \d{4} \| Meme Gazette<\/title>/);
    expect(page.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/edition/${day}">`);
    const card =
      /<meta property="og:image" content="https:\/\/memegazette\.example(\/cards\/edition\/[\d-]+\/[\w-]{12}\.png)">/.exec(
        page.body,
      )?.[1];
    expect(card).toBeDefined();
    const png = await t.app.inject({ url: card as string });
    expect(png.statusCode).toBe(200);
    expect(png.headers["content-type"]).toBe("image/png");
    expect(png.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    expect(
      (await t.app.inject({ url: "/edition/1999-01-01", headers: { accept: "text/html" } })).statusCode,
    ).toBe(404);

    // A date that is not one is no edition either: the not-found page, never a 500.
    for (const bad of ["0000-01-01", "2026-02-30", "9999-99-99"]) {
      const res = await t.app.inject({ url: `/edition/${bad}`, headers: { accept: "text/html" } });
      expect(res.statusCode, bad).toBe(404);
      expect(res.body).toContain("<title>");
      const cardOf = await t.app.inject({ url: `/cards/edition/${bad}/abcdefghijkl.png` });
      expect(cardOf.statusCode, bad).toBe(404);
    }

    // The headline's page names its edition.
    expect((await t.app.inject({ url: `/api/headlines/${h.id}` })).json().editionDate).toBe(day);
    const sitemap = (await t.app.inject({ url: "/sitemap.xml" })).body;
    expect(sitemap).toContain(`<loc>${PUBLIC_URL}/edition/${day}</loc>`);
    expect((await t.app.inject({ url: "/feed.json" })).body).not.toContain("/edition/");

    // The close: the winner is crowned, the edition frozen, and the feeds announce it.
    const now = new Date();
    await t.db.update(settings).set({ votingEndTime: new Date(now.getTime() - 1000) });
    expect((await runCycle(t.db, now)).crowned?.id).toBe(h.id);
    await freezeClosedEditions(t.db, now);
    t.app.liveEvents.changed("editions");
    const feed = (await t.app.inject({ url: "/feed.json" })).json() as {
      items: Array<{ id: string; title: string; url: string; image?: string }>;
    };
    const item = feed.items.find((i) => i.url === `${PUBLIC_URL}/edition/${day}`);
    expect(item?.title).toMatch(/^The edition of .+: "Frog buys the moon" won$/);
    expect(item?.image).toMatch(new RegExp(`/cards/edition/${day}/[\\w-]{12}\\.png$`));
    expect((await t.app.inject({ url: "/feed.xml" })).body).toContain(`${PUBLIC_URL}/edition/${day}`);

    // Retired to the Archive when the next winner is crowned: the entry links the edition that crowned it.
    const launch = (await t.db.select().from(settings))[0]?.launchTime as Date;
    expect((await runCycle(t.db, new Date(Math.max(launch.getTime(), Date.now()) + 1000))).rolled).toBe(true);
    const next = await createHeadline(t.db, { title: "Cat elected mayor" });
    await crownWinner(t.db, next.id, { kind: "job", name: "test" }, new Date());
    const archive = (await t.app.inject({ url: "/api/archive" })).json() as Array<{
      title: string;
      editionDate: string;
    }>;
    expect(archive.find((e) => e.title === "Frog buys the moon")?.editionDate).toBe(day);
  });
});
