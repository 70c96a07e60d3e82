import { asc, eq } from "drizzle-orm";
import { headlinePath } from "@/common/headline-path";
import { canonicalPagePath, editionPath, PAGE_FILES, PRIVATE_PAGE_FILES } from "@/common/pages";
import { headlines } from "../../db/schema";
import { escapeHtml, xmlChars } from "../../lib/html";
import { KeptUntilChange } from "../../lib/kept-until-change";
import { type CachedBody, cachedBody, sendCached } from "../../lib/list-cache";
import type { App } from "../../types";
import { listEditionDays } from "../headlines/editions.service";
import { buildFeed, jsonFeed11, latestFeedEntries } from "./feeds";

/** Topics whose change can change the feeds and the sitemap (src/common/live.ts). */
const PAPER_TOPICS = ["headlines", "tomorrows-news", "yesterdays-news", "editions"];

/** Public list pages for the sitemap: each page once at its canonical path, staff pages left out. */
const LIST_PATHS = [
  ...new Set(
    Object.entries(PAGE_FILES)
      .filter(([, page]) => !PRIVATE_PAGE_FILES.includes(page))
      .map(([route]) => canonicalPagePath(route)),
  ),
];

/**
 * What crawlers and feed readers ask for: RSS and JSON feeds of the paper, robots.txt and the sitemap. Each
 * answer is made once and kept until the paper changes (announced by the live events, across processes).
 */
export async function shareRoutes(app: App): Promise<void> {
  const { publicUrl } = app.config;
  const feeds = new KeptUntilChange<"feeds", { rss: CachedBody; json: CachedBody }>(async () => {
    const feed = buildFeed(await latestFeedEntries(app.db), app.config);
    const lastModified = madeNow();
    return {
      rss: cachedBody(feed.rss2(), { ...FOR_CRAWLERS, contentType: RSS, lastModified }),
      json: cachedBody(jsonFeed11(feed), { ...FOR_CRAWLERS, contentType: JSON_FEED, lastModified }),
    };
  });
  const sitemap = new KeptUntilChange<"sitemap", CachedBody>(async () =>
    cachedBody(await buildSitemap(app), { ...FOR_CRAWLERS, contentType: XML, lastModified: madeNow() }),
  );
  app.liveEvents.onChange((topics) => {
    if (topics.some((topic) => PAPER_TOPICS.includes(topic))) {
      feeds.forget();
      sitemap.forget();
    }
  });

  // Made once per change and answered like the cached lists (lib/list-cache.ts): ETag and Last-Modified,
  // 304 to a reader that has this version, brotli or gzip compressed once per version.
  app.get("/feed.xml", async (_request, reply) => sendCached(reply, (await feeds.get("feeds")).rss));
  app.get("/feed.json", async (_request, reply) => sendCached(reply, (await feeds.get("feeds")).json));

  app.get("/robots.txt", (_request, reply) =>
    reply
      .type("text/plain; charset=utf-8")
      .header("cache-control", "public, max-age=3600")
      .send(
        [
          "User-agent: *",
          "Disallow: /admin",
          "Disallow: /api/",
          // Receipts are private to whoever holds the link.
          "Disallow: /submission/",
          "Allow: /",
          "",
          `Sitemap: ${publicUrl}/sitemap.xml`,
          "",
        ].join("\n"),
      ),
  );

  app.get("/sitemap.xml", async (_request, reply) => sendCached(reply, await sitemap.get("sitemap")));
}

const RSS = "application/rss+xml; charset=utf-8";
const JSON_FEED = "application/feed+json; charset=utf-8";
const XML = "application/xml; charset=utf-8";
const FOR_CRAWLERS = { cacheControl: "public, max-age=300" };

let lastMade = 0;

/**
 * The Last-Modified of a version made now: this second, and always a later second than the version made
 * before it in this process, so a reader holding the one before is never told the new one is unmodified.
 * (It is a weak validator across processes, which may make a version within the same second; the ETag,
 * which readers send first, is exact.)
 */
function madeNow(): Date {
  lastMade = Math.max(Math.floor(Date.now() / 1000) * 1000, lastMade + 1000);
  return new Date(lastMade);
}

/** The public routes, every published headline's page and every edition, with canonical absolute addresses. */
async function buildSitemap(app: App): Promise<string> {
  const { publicUrl } = app.config;
  const days = await listEditionDays(app.db);
  const rows = await app.db
    .select({
      id: headlines.id,
      title: headlines.title,
      createdAt: headlines.createdAt,
      oldNewsAt: headlines.oldNewsAt,
    })
    .from(headlines)
    .where(eq(headlines.isPublic, true))
    .orderBy(asc(headlines.id));
  // A headline's path carries only its slug's a-z and 0-9 today; xmlChars keeps the sitemap well-formed
  // whatever a path may carry one day.
  const url = (loc: string, lastmod?: Date) =>
    `<url><loc>${escapeHtml(xmlChars(`${publicUrl}${loc}`))}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ""}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...LIST_PATHS.map((path) => url(path)),
    ...rows.map((row) => url(headlinePath(row), row.oldNewsAt ?? row.createdAt)),
    ...days.map(({ day, frozenAt }) => url(editionPath(day), frozenAt ?? undefined)),
    "</urlset>",
  ].join("\n");
}
