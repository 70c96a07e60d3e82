import { expect, test } from "@playwright/test";

// What chat apps, feed readers and crawlers read: plain HTTP, no JavaScript.
test.describe("for crawlers and feed readers", () => {
  test.skip(({ isMobile }) => isMobile, "the same answers at every width");

  test("the front page's HTML carries its card and the feeds", async ({ request, baseURL }) => {
    const html = await (await request.get("/")).text();
    expect(html).toMatch(
      new RegExp(`<meta property="og:image" content="${baseURL}/cards/edition/[\\w-]+\\.png">`),
    );
    expect(html).toContain(`<meta property="og:type" content="website">`);
    expect(html).toContain(`<link rel="canonical" href="${baseURL}/">`);
    expect(html).toContain(`href="${baseURL}/feed.xml"`);
    expect(html).toContain(`href="${baseURL}/feed.json"`);
  });

  test("a headline's page names the headline in its head", async ({ request }) => {
    const [first] = (await (await request.get("/api/headlines")).json()) as Array<{
      id: number;
      title: string;
    }>;
    if (!first) throw new Error("the sample edition has headlines");
    const html = await (await request.get(`/h/${first.id}`)).text();
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";
    const decoded = title
      .replace(/&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
    expect(decoded).toBe(`${first.title} | Meme Gazette`);
    expect(html).toContain(`<meta property="og:type" content="article">`);
  });

  test("the feeds list the paper's entries with links to headline pages that open", async ({
    request,
    baseURL,
  }) => {
    const rss = await request.get("/feed.xml");
    expect(rss.headers()["content-type"]).toBe("application/rss+xml; charset=utf-8");
    expect(await rss.text()).toContain('<rss version="2.0"');
    const feed = await (await request.get("/feed.json")).json();
    expect(feed.version).toBe("https://jsonfeed.org/version/1.1");
    expect(feed.items.length).toBeGreaterThan(0);
    const first = feed.items[0] as { url: string; title: string };
    expect(first.url.startsWith(`${baseURL}/h/`)).toBe(true);
    const page = await request.get(first.url.slice(String(baseURL).length), { maxRedirects: 0 });
    expect(page.status()).toBe(200);
  });

  test("robots.txt and the sitemap", async ({ request, baseURL }) => {
    const robots = await request.get("/robots.txt");
    expect(robots.headers()["content-type"]).toBe("text/plain; charset=utf-8");
    expect(await robots.text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.headers()["content-type"]).toBe("application/xml; charset=utf-8");
    expect(await sitemap.text()).toContain(`<loc>${baseURL}/h/`);
  });
});
