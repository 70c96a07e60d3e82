import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCREEN_DESCRIPTIONS } from "@/common/page-descriptions";
import { NOT_FOUND_PAGE } from "@/common/pages";
import { FIRST_PAINT } from "../../app";
import { headlines } from "../../db/schema";
import { createHeadline, writeUnannounced } from "../../test/factories";
import { builtPage, createTestApp, type TestApp } from "../../test/test-app";

const PUBLIC_URL = "https://memegazette.example";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The built app's page in miniature: the server fills in its head. */
const staticDir = () =>
  builtPage(
    '<!doctype html><html><head><meta charset="UTF-8" /><meta name="description" content="template" /><title>Meme Gazette</title></head><body><div id="root"></div></body></html>',
  );

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ staticDir: staticDir(), publicUrl: PUBLIC_URL });
});
afterAll(() => t.close());

const ENTITIES: Record<string, string> = {
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
  "&amp;": "&",
};
const decode = (s: string) => s.replace(/&(lt|gt|quot|#39|amp);/g, (e) => ENTITIES[e] as string);

/** The head's tags as name -> content, decoded as a crawler reads them (no JavaScript). */
async function headOf(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ url, headers });
  const html = res.body;
  const head = html.slice(html.indexOf("<head>"), html.indexOf("</head>"));
  const meta = new Map<string, string>();
  for (const m of head.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)">/g)) {
    meta.set(m[1] as string, decode(m[2] as string));
  }
  const rawTitle = /<title>([^<]*)<\/title>/.exec(head)?.[1];
  const title = rawTitle === undefined ? undefined : decode(rawTitle);
  const canonical = /<link rel="canonical" href="([^"]+)">/.exec(head)?.[1];
  const alternates = [...head.matchAll(/<link rel="alternate" type="([^"]+)"[^>]* href="([^"]+)">/g)].map(
    (m) => [m[1], m[2]],
  );
  return { res, head, meta, title, canonical, alternates, titles: head.match(/<title>/g)?.length ?? 0 };
}

describe("the head of every public page", () => {
  const routes: Array<[string, RegExp, string]> = [
    ["/", /^Today's News, \w+day, \w+ \d+, \d{4} \| Meme Gazette$/, "/"],
    ["/tomorrows-news", /^Tomorrow's News \| Meme Gazette$/, "/tomorrows-news"],
    ["/yesterdays-news", /^Yesterday's News: Launched Tokens \| Meme Gazette$/, "/yesterdays-news"],
    ["/old-news", /^Yesterday's News: Launched Tokens \| Meme Gazette$/, "/yesterdays-news"],
    ["/archive", /^Meme Gazette Archive \| Meme Gazette$/, "/archive"],
    ["/submit", /^Submit Your Headline \| Meme Gazette$/, "/submit"],
    ["/paid-submit", /^Promoted Submission \| Meme Gazette$/, "/paid-submit"],
    ["/about", /^About \| Meme Gazette$/, "/about"],
  ];

  it.each(routes)(
    "%s carries its own title, description, canonical link, Open Graph and feeds",
    async (url, title, canonical) => {
      const h = await headOf(url);
      expect(h.res.statusCode).toBe(200);
      expect(h.titles).toBe(1);
      expect(h.title).toMatch(title);
      expect(h.meta.get("description")).toBeTruthy();
      expect(h.meta.get("description")).not.toBe("template");
      expect(h.canonical).toBe(`${PUBLIC_URL}${canonical}`);
      expect(h.meta.get("og:title")).toBe(h.title);
      expect(h.meta.get("og:description")).toBe(h.meta.get("description"));
      expect(h.meta.get("og:type")).toBe("website");
      expect(h.meta.get("og:url")).toBe(h.canonical);
      expect(h.meta.get("og:image")).toMatch(new RegExp(`^${PUBLIC_URL}/cards/edition/[\\w-]+\\.png$`));
      expect(h.meta.get("og:image:width")).toBe("1200");
      expect(h.meta.get("og:image:height")).toBe("630");
      expect(h.meta.get("twitter:card")).toBe("summary_large_image");
      expect(h.alternates).toEqual([
        ["application/rss+xml", `${PUBLIC_URL}/feed.xml`],
        ["application/feed+json", `${PUBLIC_URL}/feed.json`],
      ]);
      expect(h.meta.has("robots")).toBe(false);
    },
  );

  it("says each screen's description in the words the browser copies after a navigation (common/page-meta.ts)", async () => {
    const pages = [
      ["/tomorrows-news", "tomorrows-news"],
      ["/yesterdays-news", "yesterdays-news"],
      ["/archive", "archive"],
      ["/submit", "submit"],
      ["/paid-submit", "paid-submit"],
      ["/about", "about"],
      ["/admin", "admin"],
      ["/no-such-page", NOT_FOUND_PAGE],
    ] as const;
    for (const [url, page] of pages) {
      expect((await headOf(url)).meta.get("description")).toBe(SCREEN_DESCRIPTIONS[page]);
    }
    expect((await headOf("/")).meta.get("description")?.startsWith(SCREEN_DESCRIPTIONS.home)).toBe(true);
  });

  it("names the day's leader on the front page, and its card changes with the leader", async () => {
    const before = (await headOf("/")).meta.get("og:image");
    await createHeadline(t.db, { title: "Leader of the day", votes: 5 });
    // No live event was sent for a row written straight to the database: a vote would have sent one.
    t.app.liveEvents.changed("headlines");
    await new Promise((resolve) => setTimeout(resolve, 50));
    const h = await headOf("/");
    expect(h.meta.get("description")).toContain('Today\'s leader: "Leader of the day"');
    expect(h.meta.get("og:image")).not.toBe(before);
  });

  it("takes absolute addresses from PUBLIC_URL, never from the Host header", async () => {
    const h = await headOf("/archive", { host: "evil.example", "x-forwarded-host": "evil.example" });
    expect(h.head).not.toContain("evil.example");
    expect(h.canonical).toBe(`${PUBLIC_URL}/archive`);
  });

  it("leaves the feeds, robots.txt and sitemap.xml to their routes, not to the rule for missing files", async () => {
    for (const [url, type] of [
      ["/feed.xml", "application/rss+xml; charset=utf-8"],
      ["/feed.json", "application/feed+json; charset=utf-8"],
      ["/robots.txt", "text/plain; charset=utf-8"],
      ["/sitemap.xml", "application/xml; charset=utf-8"],
    ] as const) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"], url).toBe(type);
      // The same for everyone: a shared cache may keep it, so it never carries a visitor cookie.
      expect(res.headers["set-cookie"], url).toBeUndefined();
    }
  });

  it("keeps staff and unknown pages out of search engines, an unknown page with status 404", async () => {
    expect((await headOf("/admin")).meta.get("robots")).toBe("noindex");
    const missing = await headOf("/no/such/page");
    expect(missing.res.statusCode).toBe(404);
    expect(missing.title).toBe("404 Page Not Found | Meme Gazette");
    expect(missing.meta.get("robots")).toBe("noindex");
  });
});

describe("a headline's page", () => {
  it("carries the headline in its head, escaped, with its own card", async () => {
    const hostile = `Cat </title><script>alert("x")</script> & "friends"`;
    const { id } = await createHeadline(t.db, {
      title: hostile,
      description: `${"A very long description. ".repeat(20)}<img src=x onerror=alert(1)>`,
      stage: "tomorrow",
    });
    const canonical = `/h/${id}/cat-title-script-alert-x-script-friends`;
    const h = await headOf(canonical);
    expect(h.res.statusCode).toBe(200);
    expect(h.head).not.toContain("<script>alert");
    expect(h.head).not.toContain("<img");
    expect(h.titles).toBe(1);
    // Decoded, the text is exactly the title.
    expect(h.title).toBe(`${hostile} | Meme Gazette`);
    expect(h.meta.get("og:type")).toBe("article");
    expect(h.canonical).toBe(`${PUBLIC_URL}${canonical}`);
    expect(h.meta.get("og:image")).toMatch(new RegExp(`^${PUBLIC_URL}/cards/h/${id}/[\\w-]+\\.png$`));
    expect((h.meta.get("description") ?? "").length).toBeLessThanOrEqual(200);
    expect(h.meta.get("description")).toMatch(/…$/);
  });

  it("redirects any other slug to the canonical address, keeping the query", async () => {
    const { id } = await createHeadline(t.db, { title: "Local cat elected mayor" });
    for (const url of [`/h/${id}`, `/h/${id}/`, `/h/${id}/old-title`, `/H/${id}/local-cat-elected-mayor`]) {
      const res = await t.app.inject({ url: `${url}?utm_source=x` });
      expect(res.statusCode, url).toBe(301);
      expect(res.headers.location, url).toBe(`/h/${id}/local-cat-elected-mayor?utm_source=x`);
    }
  });

  it("answers the not-found page with status 404 for an unknown id, a bad id, or one not public", async () => {
    const pending = await createHeadline(t.db, { title: "Waiting for review", stage: "pending" });
    for (const url of ["/h/999999", "/h/0", `/h/${pending.id}`, "/h/99999999999/x"]) {
      const h = await headOf(url);
      expect(h.res.statusCode, url).toBe(404);
      expect(h.title, url).toBe("404 Page Not Found | Meme Gazette");
      expect(h.head, url).not.toContain("Waiting for review");
    }
  });
});

describe("heads kept in memory", () => {
  it("read a headline once, and again as soon as a change is announced (changes a second apart at most)", async () => {
    const cached = await createTestApp({
      staticDir: staticDir(),
      publicUrl: PUBLIC_URL,
      listCacheMs: 60_000,
    });
    try {
      const { id } = await createHeadline(cached.db, { title: "Cached cat", description: "First words." });
      // Written straight to the database: on PostgreSQL heard a moment later, which would drop the head kept below.
      await cached.database.changesHeard();
      const description = async () =>
        /<meta name="description" content="([^"]*)">/.exec(
          (await cached.app.inject({ url: `/h/${id}/cached-cat` })).body,
        )?.[1];
      expect(await description()).toBe("First words.");
      await writeUnannounced(cached.db, (tx) =>
        tx.update(headlines).set({ description: "Second words." }).where(eq(headlines.id, id)),
      );
      // Unannounced: the page is answered from memory.
      expect(await description()).toBe("First words.");
      // Any announced change of the paper: read again, within a second of the last read (a vote stream is
      // one change a second to the heads, decision 015).
      await createHeadline(cached.db, { stage: "tomorrow" });
      await cached.database.changesHeard();
      await sleep(FIRST_PAINT.checkMs + 100);
      expect(await description()).toBe("Second words.");
    } finally {
      await cached.close();
    }
  });
});

describe("heads under a stream of votes (issue 28, decision 015)", () => {
  it("read a headline's page again only once counts are `countsMs` old: a stream of votes reads nothing (decision 021)", async () => {
    const countsMs = 8_000;
    const streamed = await createTestApp(
      { staticDir: staticDir(), publicUrl: PUBLIC_URL, listCacheMs: 60_000 },
      new Date(),
      { countsMs },
    );
    try {
      const { id } = await createHeadline(streamed.db, { title: "Counted cat", votes: 1 });
      await streamed.database.changesHeard();
      await sleep(FIRST_PAINT.checkMs + 100);
      const url = `/h/${id}/counted-cat`;
      expect((await streamed.app.inject({ url })).statusCode).toBe(200);
      // Once more a comparison later: a change heard after the draw began (PostgreSQL hears it a moment
      // later) is compared now, not in the stream below.
      await sleep(FIRST_PAINT.checkMs + 100);
      expect((await streamed.app.inject({ url })).statusCode).toBe(200);
      const statements = async () =>
        Number(
          /^db_query_duration_seconds_count (\d+)/m.exec(
            (await streamed.app.inject({ url: "/metrics" })).body,
          )?.[1],
        );
      const before = await statements();
      // Votes as the database writes them, each announced as counts only, while the page is read.
      let votes = 0;
      const until = Date.now() + 5_000;
      while (Date.now() < until) {
        await streamed.db.execute(sql`UPDATE headlines SET votes = votes + 1 WHERE id = ${id}`);
        votes++;
        expect((await streamed.app.inject({ url })).statusCode).toBe(200);
        await sleep(100);
      }
      // The votes' own statements and /metrics' own: no read for the page's head or its paint (before, the
      // head and the paint's lists were read again once a second, ten reads or so in 5 s). One read of slack
      // for a machine slow enough to hear a change late.
      expect((await statements()) - before).toBeLessThanOrEqual(votes + 2);
    } finally {
      await streamed.close();
    }
  });

  it("read the day again once a second at most, and name the same card while only its counts change", async () => {
    const countsMs = 3_000;
    const streamed = await createTestApp({ staticDir: staticDir(), publicUrl: PUBLIC_URL }, new Date(), {
      countsMs,
    });
    try {
      const { id } = await createHeadline(streamed.db, { title: "Stream leader", votes: 50 });
      await streamed.database.changesHeard();
      await sleep(FIRST_PAINT.checkMs + 100);
      const head = async () => {
        const html = (await streamed.app.inject({ url: "/" })).body;
        return {
          image: /<meta property="og:image" content="([^"]*)">/.exec(html)?.[1],
          description: /<meta name="description" content="([^"]*)">/.exec(html)?.[1] ?? "",
        };
      };
      const first = await head();
      expect(first.description).toContain("Stream leader");
      // Votes on the leader, as the database writes them (each one announced), for under `countsMs`: the
      // front page keeps its head, so it is one page to compress, not one per vote.
      const until = Date.now() + countsMs - 1_000;
      while (Date.now() < until) {
        await streamed.db.execute(sql`UPDATE headlines SET votes = votes + 1 WHERE id = ${id}`);
        expect((await head()).image).toBe(first.image);
        await sleep(100);
      }
      // Past `countsMs`, the card of the counts of now.
      await sleep(1_200);
      await streamed.db.execute(sql`UPDATE headlines SET votes = votes + 1 WHERE id = ${id}`);
      await sleep(FIRST_PAINT.checkMs + 100);
      const later = await head();
      expect(later.image).not.toBe(first.image);
      // A new leader is not a count: named within a second, with its own card, whatever the stream.
      await createHeadline(streamed.db, { title: "Upstart leader", votes: 500 });
      await sleep(FIRST_PAINT.checkMs + 100);
      const overtaken = await head();
      expect(overtaken.description).toContain("Upstart leader");
      expect(overtaken.image).not.toBe(later.image);
    } finally {
      await streamed.close();
    }
  });
});
