import { describe, expect, it } from "vitest";
import { fixture } from "./fixtures/fixture-server";
import { decodeEntities, FeedError, htmlToText, MAX_FEED_ITEMS, parseFeed } from "./rss";

describe("parseFeed", () => {
  it("reads a Google News feed: titles, links, publishers, HTML descriptions as text; skips non-http links", () => {
    const items = parseFeed(fixture("google-news-top.xml"));
    expect(items).toHaveLength(3);
    expect(items[0]).toEqual({
      title: "City council approves late-night ramen trucks after marathon hearing - Springfield Daily",
      description:
        'City council approves late-night ramen trucks after marathon hearing Springfield Daily Noodle vendors cheer "historic" vote & plan a block party Metro Times',
      link: "https://news.google.com/rss/articles/CBMiakh0dHBzOi8vc3ByaW5nZmllbGQtZGFpbHkuZXhhbXBsZS9yYW1lbi10cnVja3PSAQA?oc=5",
      publisher: "Springfield Daily",
      pubDate: "Mon, 09 Nov 2026 13:12:00 GMT",
    });
    expect(items[1]?.title).toBe("Astronomers spot a comet shaped like a rubber duck - Sky & Scope Weekly");
    expect(items[1]?.publisher).toBe("Sky & Scope Weekly");
    // The script element is gone with its content; no markup survives.
    expect(items[2]?.description).toBe(
      "Local dog elected honorary mayor for the third year running Valley Herald",
    );
    expect(items.some((i) => i.link.startsWith("javascript:"))).toBe(false);
  });

  it("reads a NYT section feed, CDATA included", () => {
    const items = parseFeed(fixture("nyt-section.xml").replaceAll("{{SECTION}}", "World"));
    expect(items).toEqual([
      {
        title: "In World, a Quiet Town Learns to Love Its Giant Pumpkin",
        description:
          "Residents & farmers say the 2,000-pound squash has done more for civic pride than any “official” campaign.",
        link: "https://www.nytimes.com/2026/11/09/World/giant-pumpkin-town.html",
        publisher: null,
        pubDate: "Mon, 09 Nov 2026 10:00:23 +0000",
      },
      {
        title: "Why Everyone Is Suddenly Talking About Tiny Hats & Their Owners",
        description: "A small trend with a big following.",
        link: "https://www.nytimes.com/2026/11/09/World/tiny-hats.html",
        publisher: null,
        pubDate: "Mon, 09 Nov 2026 09:15:00 +0000",
      },
    ]);
  });

  it("answers no items for a feed without items", () => {
    expect(parseFeed(fixture("empty-feed.xml"))).toEqual([]);
  });

  it("refuses an XML bomb at once, without expanding anything", () => {
    const before = process.memoryUsage().heapUsed;
    const started = Date.now();
    expect(() => parseFeed(fixture("billion-laughs.xml"))).toThrow(FeedError);
    expect(Date.now() - started).toBeLessThan(100);
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(16 * 1024 * 1024);
  });

  it("refuses an external entity declaration too (XXE)", () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><rss><channel><item><title>&x;</title><link>https://e.com</link></item></channel></rss>`;
    expect(() => parseFeed(xxe)).toThrow(FeedError);
  });

  it("leaves undeclared entity references as text rather than expanding them", () => {
    const xml = `<rss version="2.0"><channel><item><title>Fish &chips; &amp; more</title><link>https://e.com/a</link></item></channel></rss>`;
    expect(parseFeed(xml)[0]?.title).toBe("Fish &chips; & more");
  });

  it("refuses a document that is not a feed", () => {
    expect(() => parseFeed(fixture("not-a-feed.html"))).toThrow(FeedError);
    expect(() => parseFeed("")).toThrow(FeedError);
    expect(() => parseFeed('{"json": true}')).toThrow(FeedError);
  });

  it("reads an Atom feed", () => {
    const atom = `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>T</title>
      <entry><title>Atom headline</title><link rel="alternate" href="https://example.com/atom"/><summary>Some &lt;b&gt;bold&lt;/b&gt; text</summary><updated>2026-11-09T10:00:00Z</updated></entry></feed>`;
    expect(parseFeed(atom)).toEqual([
      {
        title: "Atom headline",
        description: "Some bold text",
        link: "https://example.com/atom",
        publisher: null,
        pubDate: "2026-11-09T10:00:00Z",
      },
    ]);
  });

  it(`keeps at most ${MAX_FEED_ITEMS} items`, () => {
    const items = Array.from(
      { length: 500 },
      (_, i) => `<item><title>T${i}</title><link>https://e.com/${i}</link></item>`,
    );
    expect(parseFeed(`<rss><channel>${items.join("")}</channel></rss>`)).toHaveLength(MAX_FEED_ITEMS);
  });
});

describe("decodeEntities and htmlToText", () => {
  it("decodes the standard entities and numeric references once, never twice", () => {
    expect(decodeEntities("&amp; &lt; &gt; &quot; &#39; &apos; &#x41; &#66;")).toBe("& < > \" ' ' A B");
    expect(decodeEntities("&amp;lt;script&amp;gt;")).toBe("&lt;script&gt;");
    expect(decodeEntities("&#0; &#xD800; &#x110000; &unknown;")).toBe("&#0; &#xD800; &#x110000; &unknown;");
  });

  it("turns escaped HTML into one line of plain text that cannot hold a tag", () => {
    expect(htmlToText("&lt;p&gt;Hello&lt;/p&gt;&lt;p&gt;World &amp;amp; co&lt;/p&gt;")).toBe(
      "Hello World & co",
    );
    expect(htmlToText("&lt;style&gt;p{}&lt;/style&gt;Text&lt;!-- hidden --&gt;")).toBe("Text");
    expect(htmlToText("a &amp;lt;img src=x onerror=alert(1)&amp;gt; b")).not.toContain("<");
  });
});
