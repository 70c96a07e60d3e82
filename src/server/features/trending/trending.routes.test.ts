import zlib from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { TRENDING_HEADLINE_SOURCES, type TrendingHeadline } from "@/common/trending";
import { headlines } from "../../db/schema";
import { FAKE_X_TOKEN, type FakeSources, startFakeSources } from "../../integrations/fixtures/fake-sources";
import { type FixtureServer, fixture, startFixtureServer } from "../../integrations/fixtures/fixture-server";
import { createTestApp, type TestApp } from "../../test/test-app";
import { createAccount, logInAs, withSession } from "../accounts/test-accounts";

const FAILED = "Failed to fetch trending headlines. Please try again later.";

let fake: FakeSources;
let t: TestApp;
let session: string;

beforeAll(async () => {
  fake = await startFakeSources();
  t = await createTestApp(fake.config);
  await createAccount(t.db, "editor", "editor-password-1", false);
  session = await logInAs(t.app, "editor", "editor-password-1");
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
afterEach(() => fake.reset());

const trending = (source: string, cookies: Record<string, string> = withSession(session)) =>
  t.app.inject({ method: "GET", url: `/api/trending/${source}`, cookies });
const importHeadline = (payload: object, cookies: Record<string, string> = withSession(session)) =>
  t.app.inject({ method: "POST", url: "/api/headlines/import", payload, cookies });

const EXPECTED_PATHS: Record<string, string> = {
  news: "/rss?hl=en-US&gl=US&ceid=US:en",
  "news-business": "/rss/headlines/section/topic/BUSINESS?hl=en-US&gl=US&ceid=US:en",
  "news-entertainment": "/rss/headlines/section/topic/ENTERTAINMENT?hl=en-US&gl=US&ceid=US:en",
  "news-health": "/rss/headlines/section/topic/HEALTH?hl=en-US&gl=US&ceid=US:en",
  "news-science": "/rss/headlines/section/topic/SCIENCE?hl=en-US&gl=US&ceid=US:en",
  "news-sports": "/rss/headlines/section/topic/SPORTS?hl=en-US&gl=US&ceid=US:en",
  "news-technology": "/rss/headlines/section/topic/TECHNOLOGY?hl=en-US&gl=US&ceid=US:en",
  nyt: "/services/xml/rss/nyt/HomePage.xml",
  "nyt-politics": "/services/xml/rss/nyt/Politics.xml",
  "nyt-business": "/services/xml/rss/nyt/Business.xml",
  "nyt-sports": "/services/xml/rss/nyt/Sports.xml",
  "nyt-technology": "/services/xml/rss/nyt/Technology.xml",
  "nyt-arts": "/services/xml/rss/nyt/Arts.xml",
  "nyt-science": "/services/xml/rss/nyt/Science.xml",
  "nyt-world": "/services/xml/rss/nyt/World.xml",
  "nyt-us": "/services/xml/rss/nyt/US.xml",
};

describe("GET /api/trending/{source}", () => {
  it("answers 401 without a session and calls no outside service", async () => {
    const before = fake.server.requests.length;
    const res = await trending("news", {});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: "Please log in to access admin features." });
    expect(fake.server.requests.length).toBe(before);
  });

  it.each(Object.entries(EXPECTED_PATHS))("maps %s to its feed %s", async (source, path) => {
    const res = await trending(source);
    expect(res.statusCode).toBe(200);
    expect(fake.server.requests.at(-1)).toBe(`GET ${path}`);
    expect((res.json() as TrendingHeadline[]).length).toBeGreaterThan(0);
  });

  it("covers every source of the spec", () => {
    expect([...Object.keys(EXPECTED_PATHS), "twitter"].sort()).toEqual([...TRENDING_HEADLINE_SOURCES].sort());
  });

  it("answers Google News items with the publisher as the source and without it in the title", async () => {
    const res = await trending("news");
    expect(res.headers["cache-control"]).toBe("no-store");
    const list = res.json() as TrendingHeadline[];
    expect(list).toHaveLength(3);
    expect(list[0]).toEqual({
      title: "City council approves late-night ramen trucks after marathon hearing",
      description:
        'City council approves late-night ramen trucks after marathon hearing Springfield Daily Noodle vendors cheer "historic" vote & plan a block party Metro Times',
      source: "Springfield Daily",
      url: "https://news.google.com/rss/articles/CBMiakh0dHBzOi8vc3ByaW5nZmllbGQtZGFpbHkuZXhhbXBsZS9yYW1lbi10cnVja3PSAQA?oc=5",
    });
    expect(list[1]?.title).toBe("Astronomers spot a comet shaped like a rubber duck");
    expect(list[1]?.source).toBe("Sky & Scope Weekly");
  });

  it("answers NYT items with The New York Times as the source", async () => {
    const list = (await trending("nyt-world")).json() as TrendingHeadline[];
    expect(list[0]).toEqual({
      title: "In World, a Quiet Town Learns to Love Its Giant Pumpkin",
      description:
        "Residents & farmers say the 2,000-pound squash has done more for civic pride than any “official” campaign.",
      source: "The New York Times",
      url: "https://www.nytimes.com/2026/11/09/World/giant-pumpkin-town.html",
    });
  });

  it("answers 400 with a clear message for an unknown source", async () => {
    const res = await trending("reddit");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Unknown trending headline source\. Use one of: news, news-business/);
  });

  it("answers an empty list for a feed without items (the dashboard shows No Headlines Found)", async () => {
    fake.state.overrides.set("/services/xml/rss/nyt/Arts.xml", (_req, res) =>
      res.end(fixture("empty-feed.xml")),
    );
    const res = await trending("nyt-arts");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it("answers 503 for twitter when no API token is configured", async () => {
    const res = await trending("twitter");
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: "The twitter source is not configured." });
  });

  it("answers 502 with the spec's message when the feed fails", async () => {
    fake.state.failing.add("/rss");
    const res = await trending("news-health");
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ message: FAILED });
  });

  it("answers 502 for an answer that is not a feed", async () => {
    fake.state.overrides.set("/services/xml/rss/nyt/US.xml", (_req, res) =>
      res.end(fixture("not-a-feed.html")),
    );
    expect((await trending("nyt-us")).json()).toEqual({ message: FAILED });
  });

  it("gives up on a feed that hangs, with the failure message, after the timeout", async () => {
    fake.state.hanging.add("/services/xml/rss/nyt/Science.xml");
    const started = Date.now();
    const res = await trending("nyt-science");
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ message: FAILED });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("stops reading an endless feed at the size cap", async () => {
    fake.state.overrides.set("/services/xml/rss/nyt/Sports.xml", (_req, res) => {
      res.writeHead(200, { "content-type": "application/rss+xml" });
      res.on("error", () => {});
      const chunk = Buffer.alloc(64 * 1024, "<item>");
      const pump = () => {
        while (!res.destroyed) if (!res.write(chunk)) return void res.once("drain", pump);
      };
      pump();
    });
    const res = await trending("nyt-sports");
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ message: FAILED });
  });

  it("refuses a gzip feed that decompresses past the cap", async () => {
    const bomb = zlib.gzipSync(Buffer.alloc(16 * 1024 * 1024, " "), { level: 1 });
    fake.state.overrides.set("/services/xml/rss/nyt/Technology.xml", (_req, res) => {
      res.writeHead(200, { "content-encoding": "gzip", "content-type": "application/rss+xml" });
      res.end(bomb);
    });
    const res = await trending("nyt-technology");
    expect(res.statusCode).toBe(502);
  });

  it("refuses a feed that redirects to another local address", async () => {
    let internal: FixtureServer | undefined;
    try {
      internal = await startFixtureServer((_req, res) => res.end(fixture("empty-feed.xml")));
      const target = `${internal.url}/latest/meta-data`;
      fake.state.overrides.set("/services/xml/rss/nyt/Politics.xml", (_req, res) => {
        res.writeHead(302, { location: target });
        res.end();
      });
      const res = await trending("nyt-politics");
      expect(res.statusCode).toBe(502);
      expect(internal.requests).toEqual([]);
    } finally {
      await internal?.close();
    }
  });

  it("refuses an XML bomb quickly and without expanding it", async () => {
    fake.state.overrides.set("/services/xml/rss/nyt/Business.xml", (_req, res) =>
      res.end(fixture("billion-laughs.xml")),
    );
    const before = process.memoryUsage().heapUsed;
    const started = Date.now();
    const res = await trending("nyt-business");
    expect(res.statusCode).toBe(502);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(32 * 1024 * 1024);
  });
});

describe("GET /api/trending/twitter with an API token", () => {
  let x: TestApp;
  let xSession: string;
  beforeAll(async () => {
    x = await createTestApp({ ...fake.config, twitterApiToken: FAKE_X_TOKEN });
    await createAccount(x.db, "editor", "editor-password-1", false);
    xSession = await logInAs(x.app, "editor", "editor-password-1");
  });
  afterAll(() => x.close());

  it("lists X trends as headlines linking to the search", async () => {
    const res = await x.app.inject({
      method: "GET",
      url: "/api/trending/twitter",
      cookies: withSession(xSession),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        title: "#MoonCatMonday",
        description: "#MoonCatMonday is trending on X with 48,210 posts.",
        source: "X (Twitter)",
        url: "https://x.com/search?q=%23MoonCatMonday",
      },
      {
        title: "Giant Pumpkin",
        description: "Giant Pumpkin is trending on X with 12,877 posts.",
        source: "X (Twitter)",
        url: "https://x.com/search?q=Giant%20Pumpkin",
      },
      {
        title: "Tiny Hats",
        description: "Tiny Hats is trending on X right now.",
        source: "X (Twitter)",
        url: "https://x.com/search?q=Tiny%20Hats",
      },
    ]);
  });
});

describe("POST /api/headlines/import", () => {
  const story = {
    title: "City council approves late-night ramen trucks after marathon hearing",
    description: "Noodle vendors cheer the historic vote and plan a block party downtown.",
    source: "Springfield Daily",
    url: "https://news.google.com/rss/articles/ramen-trucks?oc=5",
    destination: "tomorrow",
  };

  it("answers 401 without a session and stores nothing", async () => {
    const res = await importHeadline({ ...story, url: "https://example.com/no-session" }, {});
    expect(res.statusCode).toBe(401);
    expect(
      await t.db.select().from(headlines).where(eq(headlines.sourceUrl, "https://example.com/no-session")),
    ).toEqual([]);
  });

  it("puts the headline in Tomorrow's News, approved and marked imported, with no image", async () => {
    const res = await importHeadline(story);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      title: story.title,
      description: story.description,
      imageUrl: null,
      submittedBy: "admin",
      isApproved: true,
      isTomorrowsNews: true,
      isTodaysNews: false,
      importedNews: true,
      isWinner: false,
      source: "Springfield Daily",
      sourceUrl: story.url,
    });
    const tomorrow = await t.app.inject({ method: "GET", url: "/api/tomorrows-news" });
    expect((tomorrow.json() as Array<{ sourceUrl: string }>).map((h) => h.sourceUrl)).toContain(story.url);
    const home = await t.app.inject({ method: "GET", url: "/api/headlines" });
    expect((home.json() as Array<{ sourceUrl: string }>).map((h) => h.sourceUrl)).not.toContain(story.url);
  });

  it("answers 409 for a second import of the same URL and changes nothing", async () => {
    const url = "https://example.com/twice";
    expect((await importHeadline({ ...story, url })).statusCode).toBe(201);
    const again = await importHeadline({ ...story, url, title: "A different title for the same story" });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: "This headline has already been imported." });
    const rows = await t.db.select().from(headlines).where(eq(headlines.sourceUrl, url));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.title).toBe(story.title);
  });

  it("imports a story once when two imports race", async () => {
    const url = "https://example.com/race";
    const answers = await Promise.all([importHeadline({ ...story, url }), importHeadline({ ...story, url })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(await t.db.select().from(headlines).where(eq(headlines.sourceUrl, url))).toHaveLength(1);
  });

  it("cuts a long title to 100 characters and fits the description to 20..500", async () => {
    const long = await importHeadline({
      ...story,
      url: "https://example.com/long",
      title: "Very long headline ".repeat(20),
      description: "Word ".repeat(300),
    });
    expect(long.statusCode).toBe(201);
    expect(long.json().title.length).toBeLessThanOrEqual(100);
    expect(long.json().title.endsWith("...")).toBe(true);
    expect(long.json().description.length).toBeLessThanOrEqual(500);

    const short = await importHeadline({
      title: "Tiny",
      description: "",
      source: "NYT",
      url: "https://example.com/short",
    });
    expect(short.statusCode).toBe(201);
    expect(short.json().description.length).toBeGreaterThanOrEqual(20);
    expect(short.json().description).toContain("Tiny");
  });

  it("uses the link's host as the source when none is given", async () => {
    const res = await importHeadline({ title: "No source given here", url: "https://www.example.org/story" });
    expect(res.statusCode).toBe(201);
    expect(res.json().source).toBe("example.org");
  });

  it("refuses a body without a title or with a non-http link", async () => {
    const noTitle = await importHeadline({ ...story, title: "" });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().message).toBe("Title is required");
    const badUrl = await importHeadline({ ...story, url: "javascript:alert(1)" });
    expect(badUrl.statusCode).toBe(400);
  });
});
