import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIRST_PAINT_ELEMENT_ID, type FirstPaintData } from "@/common/first-paint";
import { headlinePath } from "@/common/headline-path";
import { FIRST_PAINT } from "../../app";
import { createHeadline } from "../../test/factories";
import { builtPage, createTestApp, type TestApp } from "../../test/test-app";

/** The built app's page in miniature: the server fills in its head and its first paint. */
const staticDir = () =>
  builtPage(
    '<!doctype html><html><head><meta charset="UTF-8" /><title>Meme Gazette</title><script type="module" crossorigin src="/assets/index-entry.js"></script></head><body><div id="root"></div></body></html>',
  );

/**
 * How long a paint is kept under votes here: the bound (a page drawn at most once per 5 s under a
 * storm of votes); the site keeps it longer (FIRST_PAINT.countsMs).
 */
const COUNTS_MS = 5_000;

let t: TestApp;
beforeAll(async () => {
  // Kept a minute when nothing changes: what a test sees after a change is the change, not a timeout.
  // Every test here asks from one network: its draws are not what is bounded here (see below).
  t = await createTestApp({ staticDir: staticDir(), publicUrl: "https://memegazette.example" }, new Date(), {
    drawsPerMinute: 10_000,
    countsMs: COUNTS_MS,
  });
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A change of what pages list heard, and the kept paints checked against it (decision 015). */
async function changed(app = t) {
  await app.database.changesHeard();
  await sleep(FIRST_PAINT.checkMs + 300);
}

/** The value of one series of /metrics (0 when absent). */
async function metric(app: TestApp, series: string): Promise<number> {
  const text = (await app.app.inject({ url: "/metrics" })).body;
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}
const drawsOf = (app: TestApp, route: string) => metric(app, `first_paint_draws_total{route="${route}"}`);

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

describe("the first paint drawn on the server (decision 014)", () => {
  it("draws today's race with its counts inside #root, a working page of links, with the lists it used", async () => {
    const { id } = await createHeadline(t.db, { title: "Frog opens a bank on a lily pad", votes: 7 });
    await changed();
    const paint = await firstPaint("/");
    expect(paint.res.statusCode).toBe(200);
    // Nothing inert without the app: the page's script makes only its controls wait (issue 28).
    expect(paint.inert).toBe(false);
    expect(paint.root).not.toContain("inert");
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

  it("draws a vote's count once the paint is a few seconds old: a vote changes counts, not the page", async () => {
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
    expect(votesOf((await firstPaint("/")).data)).toBe(0);
    await sleep(COUNTS_MS);
    // Past its time, the paint is served once more while its successor is drawn: no visitor waits for a
    // draw that only brings counts.
    const stale = await firstPaint("/");
    expect(votesOf(stale.data)).toBe(0);
    expect(stale.res.headers["server-timing"]).toMatch(/^paint;desc="kept"/);
    await sleep(300);
    const next = await firstPaint("/");
    expect(votesOf(next.data)).toBe(1);
    expect(next.res.headers["server-timing"]).toMatch(/^paint;desc="kept"/);
  });

  it("draws a page again in one render: the lists it read last time are read before, not during, the render", async () => {
    await firstPaint("/tomorrows-news");
    const fetches = () => metric(t, 'first_paint_render_fetches_total{route="/tomorrows-news"}');
    const before = await fetches();
    await createHeadline(t.db, { title: "Mole digs a new list", stage: "tomorrow" });
    await changed();
    // The new list is drawn once a request compares the paint's lists (the 2 s rule has its own test below);
    // on a busy CI machine with PostgreSQL the change's announcement took longer than `changed` waits.
    let again = await firstPaint("/tomorrows-news");
    for (
      let waited = 0;
      waited < 6_000 && !/desc="drawn"/.test(String(again.res.headers["server-timing"]));
    ) {
      await sleep(100);
      waited += 100;
      again = await firstPaint("/tomorrows-news");
    }
    expect(again.res.headers["server-timing"]).toMatch(/^paint;desc="drawn"/);
    expect(text(again.root)).toContain("Mole digs a new list");
    expect(await fetches()).toBe(before);
  });

  it("starts its thread and draws the front page once the server listens, before anyone asks", async () => {
    const listening = await createTestApp({ staticDir: staticDir() }, new Date());
    try {
      expect(await drawsOf(listening, "/")).toBe(0);
      await listening.app.listen({ port: 0, host: "127.0.0.1" });
      let draws = 0;
      for (let i = 0; i < 50 && draws === 0; i++) {
        await sleep(100);
        draws = await drawsOf(listening, "/");
      }
      expect(draws).toBe(1);
      const first = await listening.app.inject({ url: "/" });
      expect(first.headers["server-timing"]).toMatch(/^paint;desc="kept"/);
    } finally {
      await listening.close();
    }
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

  it("requests the app's script only from its inline scripts, which the page's CSP allows by their hashes", async () => {
    const paint = await firstPaint("/about");
    const head = paint.html.slice(0, paint.html.indexOf("</head>"));
    expect(head).not.toContain("index-entry.js");
    const files = /<script id="app-files" type="application\/json">([^<]*)<\/script>/.exec(paint.html)?.[1];
    expect(JSON.parse(files ?? "[]")[0]).toBe("/assets/index-entry.js");
    const inline = [...paint.html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] as string);
    // The head's marker ("JavaScript runs") and the body's loader.
    expect(inline).toHaveLength(2);
    expect(head).toContain(`<script>${inline[0]}</script>`);
    for (const script of inline) {
      const hash = createHash("sha256").update(script).digest("base64");
      expect(paint.res.headers["content-security-policy"]).toContain(`'sha256-${hash}'`);
    }
  });

  it("wakes the browser's date formatting in its head, before the paint, not in a task after it (issue 28)", async () => {
    const paint = await firstPaint("/");
    const head = paint.html.slice(0, paint.html.indexOf("</head>"));
    const script = /<script>([\s\S]*?)<\/script>/.exec(head)?.[1] ?? "";
    // Run as the browser would, with a formatter that records what it was asked for.
    const asked: unknown[] = [];
    class DateTimeFormat {
      constructor(...args: unknown[]) {
        asked.push(args);
      }
      format() {
        return "";
      }
    }
    const marked: string[] = [];
    const document = { documentElement: { setAttribute: (name: string) => marked.push(name) } };
    new Function("document", "Intl", script)(document, { DateTimeFormat });
    expect(marked).toEqual(["data-app-script"]);
    expect(asked).toEqual([["en-US", { timeZone: "America/New_York" }]]);
    // A browser without time zones still marks the page and paints it.
    const broken = {
      DateTimeFormat: class {
        constructor() {
          throw new RangeError("no time zones");
        }
      },
    };
    expect(() => new Function("document", "Intl", script)(document, broken)).not.toThrow();
  });

  it("leaves the staff's pages to the browser, and draws receipts and the not-found page (issue 28)", async () => {
    const admin = await t.app.inject({ url: "/admin" });
    expect(admin.body).toContain('<div id="root"></div>');
    expect(admin.body).not.toContain(`id="${FIRST_PAINT_ELEMENT_ID}"`);
    // Its script is the entry in the head, as before.
    expect(admin.body).toContain('<script type="module" crossorigin src="/assets/index-entry.js">');

    const receipt = "AbCdEfGhIjKlMnOpQrStUv";
    await createHeadline(t.db, { title: "Snail wins the sprint", stage: "pending", receipt });
    await changed();
    const drawn = await firstPaint(`/submission/${receipt}`);
    expect(drawn.res.statusCode).toBe(200);
    expect(text(drawn.root)).toContain("Snail wins the sprint");

    for (const url of ["/submission/AAAAAAAAAAAAAAAAAAAAAA", "/submission/not-a-receipt", "/no-such-page"]) {
      const missing = await firstPaint(url);
      expect(missing.res.statusCode, url).toBe(404);
      expect(text(missing.root), url).toContain("404 Page Not Found");
    }
  });
});

describe("the 8 PM crowd: one paint per page, at a cost that does not follow the vote rate (issue 28)", () => {
  it("answers every other spelling of a page's path with a 301 to its one path: 100 variants cost one draw", async () => {
    for (const [asked, canonical] of [
      ["/TOMORROWS-NEWS", "/tomorrows-news"],
      ["/tomorrows-news/", "/tomorrows-news"],
      ["/tomorrows-news//", "/tomorrows-news"],
      ["//tomorrows-news", "/tomorrows-news"],
      ["/Archive/?month=2026-11", "/archive?month=2026-11"],
      ["/EDITION/2026-11-27/", "/edition/2026-11-27"],
      ["//h//12", "/h/12"],
    ] as const) {
      const res = await t.app.inject({ url: asked });
      expect(res.statusCode, asked).toBe(301);
      expect(res.headers.location, asked).toBe(canonical);
    }
    // Not a page: no redirect anywhere else.
    expect((await t.app.inject({ url: "//evil.example/" })).statusCode).toBe(404);

    const before = await drawsOf(t, "/tomorrows-news");
    for (let i = 0; i < 100; i++) {
      const variant = [..."/tomorrows-news"]
        .map((c, j) => ((i >> (j % 8)) & 1 ? c.toUpperCase() : c))
        .join("")
        .concat("/".repeat(i % 3));
      const res = await t.app.inject({ url: variant });
      expect([200, 301], variant).toContain(res.statusCode);
    }
    await firstPaint("/tomorrows-news");
    await firstPaint("/tomorrows-news");
    expect((await drawsOf(t, "/tomorrows-news")) - before).toBeLessThanOrEqual(1);
  });

  it("answers unknown paths and headlines 404 with one not-found paint for all, never a draw each", async () => {
    const pending = await createHeadline(t.db, { stage: "pending" });
    const before = await drawsOf(t, "/h/:id");
    const notFoundBefore = await drawsOf(t, "not-found");
    for (const url of [
      "/h/99999999",
      `/h/${pending.id}`,
      ...Array.from({ length: 50 }, (_, i) => `/x${i}`),
    ]) {
      const paint = await firstPaint(url);
      expect(paint.res.statusCode, url).toBe(404);
      expect(text(paint.root), url).toContain("404 Page Not Found");
    }
    expect(await drawsOf(t, "/h/:id")).toBe(before);
    expect((await drawsOf(t, "not-found")) - notFoundBefore).toBeLessThanOrEqual(1);
  });

  it("draws each page once under a storm of votes, and a new headline in the race within 2 s", async () => {
    const { id } = await createHeadline(t.db, { title: "Hamster runs the central bank", votes: 1 });
    await changed();
    await firstPaint("/");
    const before = await drawsOf(t, "/");
    // Votes as the database writes them (each announces the home page's list), ten a second, while
    // visitors read the front page.
    const until = Date.now() + COUNTS_MS - 1_500;
    while (Date.now() < until) {
      await t.db.execute(sql`UPDATE headlines SET votes = votes + 1 WHERE id = ${id}`);
      expect((await firstPaint("/")).res.statusCode).toBe(200);
      await sleep(100);
    }
    expect(await drawsOf(t, "/")).toBe(before);

    // A headline joining the race is what the page lists: the next paint draws it.
    await createHeadline(t.db, { title: "Otter joins the race late" });
    const joined = Date.now() + 2_000;
    let words = "";
    while (Date.now() < joined && !words.includes("Otter joins the race late")) {
      await sleep(100);
      words = text((await firstPaint("/")).root);
    }
    expect(words).toContain("Otter joins the race late");
  });

  it("reads no list for a stream of votes, whether or not pages are asked for: a vote moves counts only", async () => {
    const { id } = await createHeadline(t.db, { title: "Heron counts the votes", votes: 1 });
    await changed();
    await firstPaint("/");
    await firstPaint("/tomorrows-news");
    const lookups = async () => {
      const body = (await t.app.inject({ url: "/metrics" })).body;
      return body
        .split("\n")
        .filter((line) => line.startsWith("list_cache_lookups_total{"))
        .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(" ") + 1)), 0);
    };
    // Once a redraw an earlier read may have started behind its kept paint is done.
    let before = await lookups();
    for (let tries = 0; tries < 20; tries++) {
      await sleep(300);
      const again = await lookups();
      if (again === before) break;
      before = again;
    }
    // Ten votes a second for 2.5 s, as the database writes them, and nobody reading a page.
    const until = Date.now() + 2_500;
    while (Date.now() < until) {
      await t.db.execute(sql`UPDATE headlines SET votes = votes + 1 WHERE id = ${id}`);
      await sleep(100);
    }
    await t.database.changesHeard();
    expect(await lookups()).toBe(before);
    // Nor when readers come: the database announced counts only (migration 0021), so the kept paint is
    // served as it is, its lists compared with nothing. Under the 8 PM crowd every page read compared its
    // lists once a second.
    expect((await firstPaint("/")).res.headers["server-timing"]).toMatch(/^paint;desc="kept"/);
    expect((await firstPaint("/tomorrows-news")).res.headers["server-timing"]).toMatch(/^paint;desc="kept"/);
    expect(await lookups()).toBe(before);
    // A change of what it lists is compared, as before.
    await t.db.execute(sql`UPDATE headlines SET title = 'Heron recounts the votes' WHERE id = ${id}`);
    await changed();
    expect(text((await firstPaint("/")).root)).toContain("Heron recounts the votes");
    expect(await lookups()).toBeGreaterThan(before);
  });

  it("compares no list of a page that lists nothing a vote changes, however many votes come while it is read", async () => {
    const { id } = await createHeadline(t.db, { title: "Magpie polishes the ballot box", votes: 1 });
    await changed();
    await firstPaint("/archive");
    const lookups = async () => {
      const body = (await t.app.inject({ url: "/metrics" })).body;
      return body
        .split("\n")
        .filter((line) => line.startsWith("list_cache_lookups_total{"))
        .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(" ") + 1)), 0);
    };
    const before = await lookups();
    const drawsBefore = await drawsOf(t, "/archive");
    // Ten votes a second for 2.5 s on today's race, as the database writes them, while the archive is read.
    const until = Date.now() + 2_500;
    while (Date.now() < until) {
      await t.db.execute(sql`UPDATE headlines SET votes = votes + 1 WHERE id = ${id}`);
      await t.database.changesHeard();
      expect((await firstPaint("/archive")).res.headers["server-timing"]).toMatch(/^paint;desc="kept"/);
      await sleep(100);
    }
    // Its lists were announced as unchanged all along: not one read to compare them, not one draw.
    expect(await lookups()).toBe(before);
    expect(await drawsOf(t, "/archive")).toBe(drawsBefore);
  });

  it("reads a draw's lists without HTTP: no request counted, and says in Server-Timing whether it drew", async () => {
    const parrot = await createHeadline(t.db, { title: "Parrot audits the treasury" });
    await changed();
    const requests = () => metric(t, 'http_requests_total{method="GET",route="/api/settings",status="200"}');
    const before = await requests();
    const drawn = await t.app.inject({ url: headlinePath(parrot) });
    expect(drawn.headers["server-timing"]).toMatch(/^paint;desc="drawn";dur=\d+(\.\d)?$/);
    const kept = await t.app.inject({ url: headlinePath(parrot) });
    expect(kept.headers["server-timing"]).toMatch(/^paint;desc="kept";dur=/);
    expect(await requests()).toBe(before);
    expect(await metric(t, 'first_paint_draw_seconds_count{route="/h/:id"}')).toBeGreaterThan(0);
  });
});

describe("kept paints and draws are bounded (issue 28)", () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await createTestApp({ staticDir: staticDir() }, new Date(), { max: 2, drawsPerMinute: 4 });
  });
  afterAll(() => small.close());
  const ask = (url: string, remoteAddress: string) => small.app.inject({ url, remoteAddress });
  const source = (res: { headers: Record<string, unknown> }) =>
    /desc="(\w+)"/.exec(String(res.headers["server-timing"]))?.[1];

  it("drops the least recently used paint, not all of them", async () => {
    expect(source(await ask("/about", "10.0.0.1"))).toBe("drawn");
    expect(source(await ask("/submit", "10.0.0.1"))).toBe("drawn");
    expect(source(await ask("/about", "10.0.0.1"))).toBe("kept");
    expect(source(await ask("/archive", "10.0.0.2"))).toBe("drawn");
    expect(source(await ask("/about", "10.0.0.2"))).toBe("kept");
    expect(source(await ask("/submit", "10.0.0.2"))).toBe("drawn");
  });

  it("draws a page seen rarely anew rather than serve a paint minutes old", async () => {
    const rare = await createTestApp({ staticDir: staticDir() }, new Date(), {
      quietMs: 1_000,
      countsMs: 1_000,
    });
    try {
      const sourceOf = async (url: string) =>
        /desc="(\w+)"/.exec(String((await rare.app.inject({ url })).headers["server-timing"]))?.[1];
      await sourceOf("/"); // the thread started
      expect(await sourceOf("/about")).toBe("drawn");
      expect(await sourceOf("/submit")).toBe("drawn");
      // Past its keep but within twice the quiet keep: served while it is drawn again.
      await sleep(1_300);
      expect(await sourceOf("/about")).toBe("kept");
      // Long past it, and nobody asked meanwhile: drawn for this visitor.
      await sleep(1_000);
      expect(await sourceOf("/submit")).toBe("drawn");
    } finally {
      await rare.close();
    }
  });

  it("draws paints past their keep again behind them one at a time, not all at once beside the crowd's votes", async () => {
    const app = await createTestApp({ staticDir: staticDir() }, new Date(), {
      quietMs: 3_000,
      countsMs: 3_000,
      behindGapMs: 500,
    });
    try {
      const pages = ["/about", "/submit", "/archive"];
      const sourceOf = async (url: string) =>
        /desc="(\w+)"/.exec(String((await app.app.inject({ url })).headers["server-timing"]))?.[1];
      const draws = async () =>
        (await Promise.all(pages.map((p) => drawsOf(app, p)))).reduce((a, b) => a + b);
      /** The draws once the one under way (if any) is done: nothing else asks meanwhile. */
      const drawsSettled = async (atLeast: number) => {
        for (let waited = 0; waited < 5_000 && (await draws()) < atLeast; waited += 50) await sleep(50);
        await sleep(100);
        return draws();
      };
      await sourceOf("/"); // the thread started
      for (const page of pages) expect(await sourceOf(page)).toBe("drawn");
      expect(await draws()).toBe(3);

      // Drawn together, past their keep together: asked at once, each is served as kept and one is drawn
      // again behind its paint.
      await sleep(3_200);
      expect(await Promise.all(pages.map(sourceOf))).toEqual(["kept", "kept", "kept"]);
      expect(await drawsSettled(4)).toBe(4);
      // The next goes once the gap has passed, for the next request.
      await sleep(500);
      expect(await Promise.all(pages.map(sourceOf))).toEqual(["kept", "kept", "kept"]);
      expect(await drawsSettled(5)).toBe(5);
    } finally {
      await app.close();
    }
  });

  it("gives a network over its draws a minute the page the browser draws, never an error", async () => {
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push(await createHeadline(small.db, { title: `Walked headline ${i}` }));
    await changed(small);
    const answers = [];
    for (const headline of ids) answers.push(await ask(headlinePath(headline), "10.0.0.3"));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.map(source)).toEqual(["drawn", "drawn", "drawn", "drawn", "shell", "shell"]);
    expect(answers[5]?.body).toContain('<div id="root"></div>');
    // Another network is drawn as before.
    expect(source(await ask(headlinePath(ids[5] as (typeof ids)[number]), "10.0.0.4"))).toBe("drawn");
  });
});
