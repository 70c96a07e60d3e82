import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { headlines } from "../../db/schema";
import { createHeadline } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { crownWinner, setContractAddress, transition } from "../headlines/headline-stage";

const PUBLIC_URL = "https://memegazette.example";
const job = { kind: "job", name: "test" } as const;

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ publicUrl: PUBLIC_URL });
});
afterEach(() => t.close());

/** The paper's day: one headline approved into voting, one crowned, one launched; one waiting for review. */
async function aDayOfNews() {
  const start = new Date("2026-11-20T12:00:00Z");
  const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
  const voting = await createHeadline(t.db, { title: "Pigeons unionize & demand <bread>", stage: "pending" });
  await transition(t.db, voting.id, "approve", job, at(1));
  const winner = await createHeadline(t.db, { title: "Frog runs hedge fund", stage: "pending" });
  await transition(t.db, winner.id, "approve", job, at(2));
  await crownWinner(t.db, winner.id, job, at(3));
  await setContractAddress(t.db, winner.id, "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU", job, at(4));
  const hidden = await createHeadline(t.db, { title: "Still waiting for review", stage: "pending" });
  t.app.liveEvents.changed("headlines");
  return { voting, winner, hidden };
}

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", processEntities: true });

describe("the feeds", () => {
  it("/feed.xml is RSS 2.0 of the paper's latest events, newest first, with the headlines' pages", async () => {
    const { voting, winner } = await aDayOfNews();
    const res = await t.app.inject({ url: "/feed.xml" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/rss+xml; charset=utf-8");
    expect(res.headers["set-cookie"]).toBeUndefined();
    const rss = parser.parse(res.body).rss;
    expect(rss["@version"]).toBe("2.0");
    const channel = rss.channel;
    expect(channel.title).toBe("Meme Gazette");
    expect(channel.link).toBe(`${PUBLIC_URL}/`);
    expect(channel.description).toBeTruthy();
    const items = [channel.item].flat();
    expect(items.map((i: { title: string }) => i.title)).toEqual([
      "Launched: Frog runs hedge fund",
      "Today's winner: Frog runs hedge fund",
      "Vote now: Frog runs hedge fund",
      "Vote now: Pigeons unionize & demand <bread>",
    ]);
    for (const item of items) {
      // RFC 822 dates, unique guids, absolute links to a headline page, and the share card as the picture.
      expect(item.pubDate).toMatch(/^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
      expect(item.link).toMatch(new RegExp(`^${PUBLIC_URL}/h/(${voting.id}|${winner.id})/[a-z0-9-]+$`));
      expect(item.enclosure["@url"]).toMatch(new RegExp(`^${PUBLIC_URL}/cards/h/\\d+/[\\w-]+\\.png$`));
      expect(item.enclosure["@type"]).toBe("image/png");
    }
    expect(
      new Set(items.map((i: { guid: { "#text": string } | string }) => JSON.stringify(i.guid))).size,
    ).toBe(4);
    expect(res.body).not.toContain("Still waiting for review");
  });

  it("/feed.json is JSON Feed 1.1 of the same entries", async () => {
    await aDayOfNews();
    const res = await t.app.inject({ url: "/feed.json" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/feed+json; charset=utf-8");
    const feed = res.json() as {
      version: string;
      title: string;
      home_page_url: string;
      feed_url: string;
      items: Array<{
        id: string;
        url: string;
        title: string;
        date_published: string;
        content_html?: string;
        content_text?: string;
        image?: string;
      }>;
    };
    expect(feed.version).toBe("https://jsonfeed.org/version/1.1");
    expect(feed.title).toBe("Meme Gazette");
    expect(feed.home_page_url).toBe(`${PUBLIC_URL}/`);
    expect(feed.feed_url).toBe(`${PUBLIC_URL}/feed.json`);
    expect(feed.items).toHaveLength(4);
    for (const item of feed.items) {
      expect(item.id).toBeTruthy();
      expect(item.url).toMatch(new RegExp(`^${PUBLIC_URL}/h/\\d+/`));
      expect(item.content_html ?? item.content_text).toBeTruthy();
      expect(Number.isNaN(Date.parse(item.date_published))).toBe(false);
      expect(item.date_published).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    }
    expect(new Set(feed.items.map((i) => i.id)).size).toBe(4);
  });

  it("carries at most the latest 50 entries, one per headline and event, however often it rejoins", async () => {
    for (let i = 0; i < 60; i++) {
      const h = await createHeadline(t.db, { title: `Headline ${i}`, stage: "pending" });
      await transition(t.db, h.id, "approve", job, new Date(Date.UTC(2026, 10, 1, 0, i)));
      await transition(t.db, h.id, "removeFromToday", job, new Date(Date.UTC(2026, 10, 1, 1, i)));
      await transition(t.db, h.id, "addToToday", job, new Date(Date.UTC(2026, 10, 1, 2, i)));
    }
    t.app.liveEvents.changed("headlines");
    const feed = (await t.app.inject({ url: "/feed.json" })).json() as {
      items: Array<{ id: string; title: string; date_published: string }>;
    };
    expect(feed.items).toHaveLength(50);
    expect(new Set(feed.items.map((i) => i.id)).size).toBe(50);
    // Announced when it first went up for voting, not when it came back.
    expect(feed.items[0]).toMatchObject({
      title: "Vote now: Headline 59",
      date_published: "2026-11-01T00:59:00.000Z",
    });
  });

  it("names an item by the headline's id and the event, so a title edit announces nothing again", async () => {
    const { voting } = await aDayOfNews();
    const ids = async () =>
      ((await t.app.inject({ url: "/feed.json" })).json() as { items: Array<{ id: string; url: string }> })
        .items;
    const before = await ids();
    expect(before.map((i) => i.id)).toContain(`${PUBLIC_URL}/h/${voting.id}#voting`);
    await t.db
      .update(headlines)
      .set({ title: "Pigeons win their union vote" })
      .where(eq(headlines.id, voting.id));
    t.app.liveEvents.changed("headlines");
    const after = await ids();
    expect(after.map((i) => i.id)).toEqual(before.map((i) => i.id));
    expect(after.find((i) => i.id.endsWith(`/h/${voting.id}#voting`))?.url).toContain(
      "pigeons-win-their-union-vote",
    );
  });
});

describe("text the rules refuse today, stored before", () => {
  // Characters XML 1.0 forbids: C0 controls, U+FFFE, U+FFFF and a lone surrogate (which a driver may store
  // as U+FFFD); plus a noncharacter XML allows (U+FDD0), which may stay.
  const TITLE = "Frog\u0001 runs\u001B hedge\uFFFE fund\uFFFF now\uD800 \uFDD0";
  const forbidden = (text: string) =>
    Array.from(text).filter((c) => {
      const code = c.codePointAt(0) as number;
      const allowed = [0x09, 0x0a, 0x0d].includes(code) || (code >= 0x20 && code <= 0xd7ff);
      return !allowed && !(code >= 0xe000 && code <= 0xfffd) && !(code >= 0x10000);
    });

  async function aStoredBadRow() {
    const row = await createHeadline(t.db, {
      title: TITLE,
      description: "Ponds\u0002 everywhere\uFFFF.\u000C",
      stage: "pending",
    });
    await transition(t.db, row.id, "approve", job, new Date("2026-11-20T12:00:00Z"));
    t.app.liveEvents.changed("headlines");
    return row;
  }

  it("/feed.xml stays well-formed XML: what XML forbids is dropped, the rest of the text stays", async () => {
    await aStoredBadRow();
    const res = await t.app.inject({ url: "/feed.xml" });
    expect(res.statusCode).toBe(200);
    expect(XMLValidator.validate(res.body)).toBe(true);
    expect(forbidden(res.body)).toEqual([]);
    const item = [parser.parse(res.body).rss.channel.item].flat()[0];
    // The drivers store a lone surrogate as U+FFFD (PGlite and pg both encode UTF-8), or drop it here.
    expect(item.title.replace("\uFFFD", "")).toBe("Vote now: Frog runs hedge fund now \uFDD0");
    expect(item.description).toContain("Ponds everywhere.");
  });

  it("/feed.json carries none of them either", async () => {
    await aStoredBadRow();
    const res = await t.app.inject({ url: "/feed.json" });
    const feed = res.json() as { items: Array<{ title: string; content_html: string }> };
    expect(feed.items[0]?.title.replace("\uFFFD", "")).toBe("Vote now: Frog runs hedge fund now \uFDD0");
    expect(JSON.stringify(feed.items)).not.toMatch(/\\u000[0-8bcef]|\\u001|\\ud[89a-f]|\\uffff|\\ufffe/i);
    expect(forbidden(res.body)).toEqual([]);
  });

  it("/sitemap.xml stays well-formed XML and lists the headline", async () => {
    const row = await aStoredBadRow();
    const res = await t.app.inject({ url: "/sitemap.xml" });
    expect(XMLValidator.validate(res.body)).toBe(true);
    expect(res.body).toContain(`${PUBLIC_URL}/h/${row.id}/frog-runs-hedge-fund-now`);
  });
});

describe("caching and compression, like the pages and lists", () => {
  const URLS = ["/feed.xml", "/feed.json", "/sitemap.xml"];

  async function aBusyDay() {
    await aDayOfNews();
    // Enough headlines that every answer is worth compressing (1 kB and more).
    for (let i = 0; i < 12; i++) {
      const h = await createHeadline(t.db, { title: `Busy day headline ${i} about frogs`, stage: "pending" });
      await transition(t.db, h.id, "approve", job, new Date(Date.UTC(2026, 10, 21, 0, i)));
    }
    // Written straight to the database: on PostgreSQL heard a moment later, which would drop what the test
    // caches next.
    await t.database.changesHeard();
    t.app.liveEvents.changed("headlines");
  }

  it("answer ETag and Last-Modified, and 304 without a body to If-None-Match or If-Modified-Since", async () => {
    await aBusyDay();
    for (const url of URLS) {
      const first = await t.app.inject({ url });
      expect(first.statusCode, url).toBe(200);
      const etag = first.headers.etag as string;
      const lastModified = first.headers["last-modified"] as string;
      expect(etag, url).toMatch(/^W\/".+"$/);
      expect(Number.isNaN(Date.parse(lastModified)), url).toBe(false);
      expect(first.headers["cache-control"], url).toBe("public, max-age=300");

      const byEtag = await t.app.inject({ url, headers: { "if-none-match": etag } });
      expect(byEtag.statusCode, url).toBe(304);
      expect(byEtag.body, url).toBe("");
      expect(byEtag.headers.etag, url).toBe(etag);
      const byDate = await t.app.inject({ url, headers: { "if-modified-since": lastModified } });
      expect(byDate.statusCode, url).toBe(304);
      expect(byDate.body, url).toBe("");

      const older = new Date(Date.parse(lastModified) - 1000).toUTCString();
      expect((await t.app.inject({ url, headers: { "if-modified-since": older } })).statusCode, url).toBe(
        200,
      );
      // An ETag that does not match wins over a date that would.
      const other = { "if-none-match": 'W/"other"', "if-modified-since": lastModified };
      expect((await t.app.inject({ url, headers: other })).statusCode, url).toBe(200);
      expect((await t.app.inject({ url, headers: { "if-modified-since": "garbage" } })).statusCode, url).toBe(
        200,
      );
    }
  });

  it("answer 200 with the new version once the paper changed, to either validator", async () => {
    await aBusyDay();
    const before = new Map<string, { etag: string; lastModified: string }>();
    for (const url of URLS) {
      const res = await t.app.inject({ url });
      before.set(url, {
        etag: res.headers.etag as string,
        lastModified: res.headers["last-modified"] as string,
      });
    }
    const h = await createHeadline(t.db, { title: "Breaking frog news arrives", stage: "pending" });
    await transition(t.db, h.id, "approve", job, new Date(Date.UTC(2026, 10, 22)));
    t.app.liveEvents.changed("headlines");
    for (const url of URLS) {
      const was = before.get(url) as { etag: string; lastModified: string };
      const byEtag = await t.app.inject({ url, headers: { "if-none-match": was.etag } });
      expect(byEtag.statusCode, url).toBe(200);
      expect(byEtag.body, url).toContain(
        url === "/sitemap.xml" ? `/h/${h.id}/` : "Breaking frog news arrives",
      );
      const byDate = await t.app.inject({ url, headers: { "if-modified-since": was.lastModified } });
      expect(byDate.statusCode, url).toBe(200);
    }
  });

  it("compress with brotli or gzip as the client accepts, the same bytes once decoded", async () => {
    await aBusyDay();
    for (const url of URLS) {
      const plain = await t.app.inject({ url, headers: { "accept-encoding": "identity" } });
      expect(plain.headers["content-encoding"], url).toBeUndefined();
      expect(plain.rawPayload.length, url).toBeGreaterThan(1024);
      const br = await t.app.inject({ url, headers: { "accept-encoding": "gzip, deflate, br" } });
      expect(br.headers["content-encoding"], url).toBe("br");
      expect(br.headers.vary, url).toBe("accept-encoding");
      expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload), url).toBe(true);
      expect(br.rawPayload.length, url).toBeLessThan(plain.rawPayload.length);
      const gzip = await t.app.inject({ url, headers: { "accept-encoding": "gzip" } });
      expect(gzip.headers["content-encoding"], url).toBe("gzip");
      expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload), url).toBe(true);
      expect(br.headers.etag, url).toBe(plain.headers.etag);
      expect(br.headers["content-type"], url).toBe(plain.headers["content-type"]);
    }
  });
});

describe("crawlers", () => {
  it("/robots.txt keeps crawlers out of staff paths and names the sitemap", async () => {
    const res = await t.app.inject({ url: "/robots.txt" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(res.body).toContain("User-agent: *");
    expect(res.body).toContain("Disallow: /admin");
    expect(res.body).toContain("Disallow: /api/");
    expect(res.body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it("/sitemap.xml lists the public routes and every published headline's page", async () => {
    const { voting, winner, hidden } = await aDayOfNews();
    const res = await t.app.inject({ url: "/sitemap.xml" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/xml; charset=utf-8");
    const urls = [parser.parse(res.body).urlset.url].flat() as Array<{ loc: string; lastmod?: string }>;
    const locs = urls.map((u) => u.loc);
    for (const path of [
      "/",
      "/tomorrows-news",
      "/yesterdays-news",
      "/archive",
      "/submit",
      "/paid-submit",
      "/about",
    ]) {
      expect(locs).toContain(`${PUBLIC_URL}${path}`);
    }
    expect(locs).not.toContain(`${PUBLIC_URL}/admin`);
    expect(locs).not.toContain(`${PUBLIC_URL}/old-news`);
    expect(locs.filter((l) => l.includes(`/h/${voting.id}/`))).toHaveLength(1);
    expect(locs.filter((l) => l.includes(`/h/${winner.id}/`))).toHaveLength(1);
    expect(locs.some((l) => l.includes(`/h/${hidden.id}`))).toBe(false);
    // "&" and "<" in a slug cannot occur, but the XML stays well formed whatever the title.
    expect(res.body).not.toMatch(/&(?!amp;|lt;|gt;|quot;|#39;)/);
  });
});

describe("the visitor's text in the feeds", () => {
  it("stays text: escaped where readers read HTML", async () => {
    const text = 'Whiskers takes office <img src=x onerror=alert(1)> & "wins" ]]> today.';
    const escaped =
      "Whiskers takes office &lt;img src=x onerror=alert(1)&gt; &amp; &quot;wins&quot; ]]&gt; today.";
    const { id } = await createHeadline(t.db, { title: "Cat mayor", description: text, stage: "pending" });
    await transition(t.db, id, "approve", job, new Date("2026-11-20T12:00:00Z"));
    t.app.liveEvents.changed("headlines");

    const rss = await t.app.inject({ url: "/feed.xml" });
    expect(rss.body).not.toContain("<img");
    const item = new XMLParser({ processEntities: false }).parse(rss.body).rss.channel.item;
    expect(item.description).toBe(escaped);
    expect(item["content:encoded"]).toBeUndefined();

    const json = (await t.app.inject({ url: "/feed.json" })).json();
    expect(json.items[0].content_html).toBe(escaped);
  });
});
