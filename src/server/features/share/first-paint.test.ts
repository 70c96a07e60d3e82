import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIRST_PAINT_ELEMENT_ID, type FirstPaintData } from "@/common/first-paint";
import { FIRST_PAINT_KEEP_MS } from "../../app";
import { createHeadline } from "../../test/factories";
import { builtPage, createTestApp, type TestApp } from "../../test/test-app";

/** The built app's page in miniature: the server fills in its head and its first paint. */
const staticDir = () =>
  builtPage(
    '<!doctype html><html><head><meta charset="UTF-8" /><title>Meme Gazette</title><script type="module" crossorigin src="/assets/index-entry.js"></script></head><body><div id="root"></div></body></html>',
  );

let t: TestApp;
beforeAll(async () => {
  // Kept a minute when nothing changes: what a test sees after a change is the change, not a timeout.
  t = await createTestApp({ staticDir: staticDir(), publicUrl: "https://memegazette.example" });
});
afterAll(() => t.close());

/** What a browser without JavaScript gets: the root's HTML, and the lists embedded for the app. */
async function firstPaint(url: string) {
  const res = await t.app.inject({ url });
  const html = res.body;
  const root = /<div id="root"( inert)?>([\s\S]*?)<\/div><script id="first-paint"/.exec(html);
  const json = new RegExp(
    `<script id="${FIRST_PAINT_ELEMENT_ID}" type="application/json">([^<]*)</script>`,
  ).exec(html)?.[1];
  return {
    res,
    html,
    inert: Boolean(root?.[1]),
    root: root?.[2] ?? "",
    data: json ? (JSON.parse(json) as FirstPaintData) : undefined,
  };
}

/**
 * A change heard, and the paint before it old enough to be dropped: a paint outlives a change until it is
 * FIRST_PAINT_KEEP_MS old (a storm of votes renders each page once a second at most).
 */
async function changed() {
  await t.database.changesHeard();
  await new Promise((resolve) => setTimeout(resolve, FIRST_PAINT_KEEP_MS));
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

describe("the first paint drawn on the server (decision 014)", () => {
  it("draws today's race with its counts inside #root, inert until the browser has drawn it, with the lists it used", async () => {
    const { id } = await createHeadline(t.db, { title: "Frog opens a bank on a lily pad", votes: 7 });
    await changed();
    const paint = await firstPaint("/");
    expect(paint.res.statusCode).toBe(200);
    expect(paint.inert).toBe(true);
    const words = text(paint.root);
    expect(words).toContain("Vote on Today's Viral Headlines");
    expect(words).toContain("Frog opens a bank on a lily pad");
    expect(words).not.toContain("Loading Today's News");
    const headlines = paint.data?.queries.find(([key]) => key[0] === "headlines" && key.length === 1)?.[1];
    expect(headlines).toEqual(expect.arrayContaining([expect.objectContaining({ id, votes: 7 })]));
    // The title is the head's alone (issue 23: one title).
    expect(paint.html.match(/<title>/g)).toHaveLength(1);
  });

  it.each([
    ["/tomorrows-news", "Tomorrow's News"],
    ["/yesterdays-news", "Yesterday's News: Launched Tokens"],
    ["/archive", "Meme Gazette Archive"],
    ["/about", "About Meme Gazette"],
    ["/submit", "Submit Your Headline"],
    ["/paid-submit", "Promoted Submission"],
  ])("draws %s with its page, not a loading state", async (url, heading) => {
    const paint = await firstPaint(url);
    expect(paint.res.statusCode).toBe(200);
    expect(text(paint.root)).toContain(heading);
    expect(paint.root).not.toMatch(/role="status"/);
  });

  it("draws a headline's own page and its edition's page", async () => {
    const { id } = await createHeadline(t.db, { title: "Cat elected mayor of the blockchain" });
    await changed();
    const page = await firstPaint(`/h/${id}/cat-elected-mayor-of-the-blockchain`);
    expect(text(page.root)).toContain("Cat elected mayor of the blockchain");
    const settings = page.data?.queries.find(([key]) => key[0] === "settings")?.[1] as
      | { currentDay: string }
      | undefined;
    const day = settings?.currentDay;
    const edition = await firstPaint(`/edition/${day}`);
    expect(edition.res.statusCode).toBe(200);
    expect(text(edition.root)).toContain("Cat elected mayor of the blockchain");
  });

  it("draws a change as soon as it is announced: a vote moves the count the next visitor sees", async () => {
    const { id } = await createHeadline(t.db, { title: "Dog buys the dip", votes: 0 });
    await changed();
    const before = await firstPaint("/");
    const votesOf = (data: FirstPaintData | undefined) =>
      (
        data?.queries.find(([key]) => key[0] === "headlines" && key.length === 1)?.[1] as Array<{
          id: number;
          votes: number;
        }>
      )?.find((h) => h.id === id)?.votes;
    expect(votesOf(before.data)).toBe(0);
    const vote = await t.app.inject({
      method: "POST",
      url: "/api/vote",
      payload: { headlineId: id },
      cookies: { mg_visitor: "firstpaintvisitor00001" },
    });
    expect(vote.statusCode).toBe(200);
    await changed();
    expect(votesOf((await firstPaint("/")).data)).toBe(1);
  });

  it("never writes the server's time zone: Eastern only, the reader's own time is the browser's to add", async () => {
    const words = text((await firstPaint("/")).root);
    expect(words).toMatch(/\d:\d\d [AP]M ET/);
    expect(words).not.toContain("your time");
  });

  it("keeps a title's markup as text, in the page and in the embedded lists", async () => {
    const title = "Frog says </script><script>alert(1)</script> twice";
    await createHeadline(t.db, { title });
    await changed();
    const paint = await firstPaint("/");
    expect(paint.html).not.toContain("<script>alert(1)");
    expect(JSON.stringify(paint.data)).toContain(title);
  });

  it("requests the app's script only from its one inline script, which the page's CSP allows by its hash", async () => {
    const paint = await firstPaint("/about");
    const head = paint.html.slice(0, paint.html.indexOf("</head>"));
    expect(head).not.toContain("index-entry.js");
    const files = /<script id="app-files" type="application\/json">([^<]*)<\/script>/.exec(paint.html)?.[1];
    expect(JSON.parse(files ?? "[]")[0]).toBe("/assets/index-entry.js");
    const inline = [...paint.html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] as string);
    expect(inline).toHaveLength(1);
    const hash = createHash("sha256")
      .update(inline[0] as string)
      .digest("base64");
    expect(paint.res.headers["content-security-policy"]).toContain(`'sha256-${hash}'`);
  });

  it("leaves the staff's pages, receipts and unknown pages to the browser", async () => {
    for (const url of ["/admin", "/submission/MG-AAAA-BBBB-CCCC", "/no-such-page"]) {
      const res = await t.app.inject({ url });
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).not.toContain(`id="${FIRST_PAINT_ELEMENT_ID}"`);
      // Their script is the entry in the head, as before.
      expect(res.body, url).toContain('<script type="module" crossorigin src="/assets/index-entry.js">');
    }
  });
});
