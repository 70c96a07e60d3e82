import { gzipSync } from "node:zlib";
import type { Page, Response } from "@playwright/test";
import { routeBudgetKb } from "../build/js-budget";
import { expect, pageTitle, test } from "./fixtures";

interface Script {
  response: Response;
  /** The body as the browser decoded it. */
  body: Promise<Buffer>;
}

/** Every JavaScript file the page fetches from now on, by path. */
function recordScripts(page: Page): Map<string, Script> {
  const scripts = new Map<string, Script>();
  page.on("response", (response) => {
    const { pathname } = new URL(response.url());
    if (!pathname.endsWith(".js")) return;
    const body = response.body();
    // A test that never reads a body must not fail when a navigation drops it (the live-update chunk that
    // arrives after the first page, say); a test that reads it still sees the error.
    body.catch(() => {});
    scripts.set(pathname, { response, body });
  });
  return scripts;
}

const isAdminChunk = (file: string) => /\/admin-[^/]*\.js$/.test(file);

/** Each public route, its page module (the chunk's name) and its heading once drawn. */
const PUBLIC_ROUTES = [
  { route: "/", page: "home", heading: "Vote on Today's Viral Headlines" },
  { route: "/tomorrows-news", page: "tomorrows-news", heading: "Tomorrow's News" },
  { route: "/yesterdays-news", page: "yesterdays-news", heading: "Yesterday's News: Launched Tokens" },
  { route: "/old-news", page: "yesterdays-news", heading: "Yesterday's News: Launched Tokens" },
  { route: "/archive", page: "archive", heading: "Meme Gazette Archive" },
  { route: "/submit", page: "submit", heading: "Submit Your Headline" },
  { route: "/paid-submit", page: "paid-submit", heading: "Promoted Submission" },
  { route: "/about", page: "about", heading: "About Meme Gazette" },
  { route: "/no-such-page", page: "not-found", heading: "404 Page Not Found" },
] as const;

// A real first visit measured in the browser, beside the build's own check (build/initial-js-size.ts): what
// each public route really fetches, dynamic imports made at start-up included. Each test has its own browser
// context, so nothing is cached from a previous visit.
test.describe("front-end weight", () => {
  for (const { route, page: pageFile, heading } of PUBLIC_ROUTES) {
    const budgetKb = routeBudgetKb(route);
    test(`${route} loads at most ${budgetKb} kB of gzip JavaScript, compressed, and none of the dashboard`, async ({
      page,
    }) => {
      const scripts = recordScripts(page);
      const document = await page.goto(route);
      await expect(pageTitle(page)).toHaveText(heading);
      // A first-painted page asks for the app once its paint is on screen (a second at most after it): the
      // network may fall idle before that on a busy machine, so the app's start is waited for first.
      await expect(page.locator("#root")).toHaveAttribute("data-app", "started");
      await page.waitForLoadState("networkidle");

      // The server named the page's chunk in the HTML, so it came with the entry rather than after it: as a
      // module preload, or on a first-painted page in the files its script requests after the first paint
      // (decision 014).
      const html = (await document?.text()) ?? "";
      const chunk = `/assets/${pageFile}-[^"/]*\\.js`;
      expect(html).toMatch(
        new RegExp(
          `<link rel="modulepreload" crossorigin href="${chunk}">|<script id="app-files" type="application/json">[^<]*"${chunk}"`,
        ),
      );

      const files = [...scripts.keys()];
      expect(files.length).toBeGreaterThan(0);
      expect(files.filter(isAdminChunk)).toEqual([]);
      let gzipBytes = 0;
      let transferred = 0;
      for (const { response, body } of scripts.values()) {
        gzipBytes += gzipSync(await body).length;
        transferred += (await response.request().sizes()).responseBodySize;
        // Precompressed at build time; the smallest files go as they are.
        if ((await body).length > 1024) expect(await response.headerValue("content-encoding")).toBe("br");
        expect(await response.headerValue("cache-control")).toBe("public, max-age=31536000, immutable");
      }
      test.info().annotations.push({
        type: "initial JS",
        description: `${(gzipBytes / 1000).toFixed(1)} kB gzip, ${(transferred / 1000).toFixed(1)} kB sent (brotli)`,
      });
      expect(gzipBytes, `${files.length} files: ${files.join(", ")}`).toBeLessThanOrEqual(budgetKb * 1000);
    });
  }

  test("the page itself is compressed and never cached stale", async ({ page }) => {
    const document = await page.goto("/");
    expect(await document?.headerValue("content-encoding")).toBe("br");
    // private: it gives this new visitor its id cookie, which no shared cache may keep.
    expect(await document?.headerValue("cache-control")).toBe("private, no-cache");
    expect(await document?.headerValue("vary")).toMatch(/accept-encoding/i);
  });

  test("the dashboard is its own chunk, fetched when someone opens it", async ({ page }) => {
    const scripts = recordScripts(page);
    await page.goto("/");
    await expect(pageTitle(page)).toHaveText("Vote on Today's Viral Headlines");
    expect([...scripts.keys()].filter(isAdminChunk)).toEqual([]);
    // This also shows that the name matched above is the dashboard's.
    await page.goto("/admin");
    await expect(pageTitle(page)).toHaveText("Admin Controls");
    expect([...scripts.keys()].some(isAdminChunk)).toBe(true);
  });
});
