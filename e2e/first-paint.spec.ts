import { formatEastern, localTimeBeside } from "../src/common/time";
import { expect, pageTitle, ROUTE_TITLES, scheduleOf, test } from "./fixtures";

/**
 * The server draws each public page's first paint (decision 014): a phone shows the paper before its
 * JavaScript has arrived. Checked here with JavaScript off, as a reader on a slow link sees the page before
 * the app runs, and then with it on: the app takes over the same page.
 */
test.describe("the first paint, before the app runs", () => {
  test.use({ javaScriptEnabled: false });

  for (const { path, title } of ROUTE_TITLES.filter(
    (r) => r.path !== "/admin" && r.path !== "/this-page-does-not-exist",
  )) {
    test(`${path} shows its page: "${title}"`, async ({ page }) => {
      await page.goto(path);
      await expect(pageTitle(page)).toHaveText(title);
      await expect(page.getByRole("status")).toHaveCount(0);
    });
  }

  test("today's race is there with its counts, and the page is a working page of links", async ({ page }) => {
    await page.goto("/");
    const cards = page.locator("#root").getByRole("progressbar");
    expect(await cards.count()).toBeGreaterThan(0);
    // Nothing is inert without the app (issue 28): only the page's script makes the app's controls wait.
    expect(await page.locator("#root[inert], #root [inert]").count()).toBe(0);
    // One title, the server's.
    expect(await page.locator("title").count()).toBe(1);
  });

  test("every link of every public page can be focused and followed", async ({ page }) => {
    for (const { path } of ROUTE_TITLES.filter((r) => r.path !== "/admin")) {
      await page.goto(path);
      const links = page.locator("a[href]");
      const count = await links.count();
      expect(count, path).toBeGreaterThan(3);
      const stuck = await links.evaluateAll((all) =>
        all
          // Links shown at this width (the phone's menu and the desktop's bar hold the same ones).
          .filter((a) => a.checkVisibility())
          .filter((a) => {
            (a as HTMLElement).focus();
            return document.activeElement !== a || a.closest("[inert]") !== null;
          })
          .map((a) => a.getAttribute("href")),
      );
      expect(stuck, path).toEqual([]);
    }
    // Followed: the navigation's, the edition's, and the edition's download pressed.
    await page.goto("/");
    // The phone's menu is shown open without the app: its button would open nothing.
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Archive" })
      .filter({ visible: true })
      .first()
      .click();
    await expect(page).toHaveURL(/\/archive$/);
    await page.goto("/");
    await page.locator('header a[href^="/edition/"]').click();
    await expect(page).toHaveURL(/\/edition\/\d{4}-\d{2}-\d{2}$/);
    await page.getByRole("link", { name: "Download CSV" }).click({ noWaitAfter: true });
  });

  test("a headline's page shows the headline, its count and its author", async ({ page, request }) => {
    const headlines = (await (await request.get("/api/headlines")).json()) as Array<{
      id: number;
      title: string;
    }>;
    const headline = headlines[0];
    if (!headline) throw new Error("the sample edition has no headline");
    await page.goto(`/h/${headline.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(headline.title);
  });
});

test("the app takes over the page it was served: the same page, pressable, with one title", async ({
  page,
}) => {
  const served = await (await page.request.get("/")).text();
  expect(served).toContain('<div id="root"><');
  await page.goto("/");
  await expect(page.locator("#root")).toHaveAttribute("data-app", "started");
  await expect(pageTitle(page)).toHaveText("Vote on Today's Viral Headlines");
  await expect(page.getByRole("button", { name: /^Vote for / }).first()).toBeEnabled();
  expect(await page.locator("title").count()).toBe(1);
});

test("when the app's script cannot be loaded, the page says so and its links still work", async ({
  page,
}) => {
  await page.route(/\/assets\/index-[^/]*\.js$/, (route) => route.abort());
  await page.goto("/");
  const card = page.getByRole("alert").filter({ hasText: "Voting could not be started" });
  await expect(card).toBeVisible();
  await expect(card.getByRole("button", { name: "Reload the page" })).toBeVisible();
  // The app's controls wait for it (a press would be lost); the links are links.
  await expect(page.getByRole("button", { name: /^Vote for / }).first()).toHaveAttribute("inert", "");
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "About" })
    .filter({ visible: true })
    .first()
    .click();
  await expect(page).toHaveURL(/\/about$/);
});

test("the page's script asks for the app's files a few at a time, each few in a task of its own", async ({
  page,
}) => {
  // What each of the page's tasks added to the document: a MutationObserver's callback runs once after each
  // task that changed it. Asking for all of a page's files (18 on Tomorrow's News) in one task was one of a
  // phone's long tasks after the first paint (issue 28: 10-50 ms on this machine, four times that on a phone).
  await page.addInitScript(() => {
    const batches: string[][] = [];
    Object.assign(window, { appFileBatches: batches });
    new MutationObserver((records) => {
      const added = records
        .flatMap((record) => [...record.addedNodes])
        .map((node) =>
          node instanceof HTMLScriptElement ? node.src : node instanceof HTMLLinkElement ? node.href : "",
        )
        .filter((url) => /\/assets\/[^/]+\.js$/.test(url));
      if (added.length > 0) batches.push(added.map((url) => new URL(url).pathname));
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto("/tomorrows-news");
  await expect(page.locator("#root")).toHaveAttribute("data-app", "started");
  const files = JSON.parse((await page.locator("#app-files").textContent()) ?? "[]") as string[];
  const batches = await page.evaluate(
    () => (window as unknown as { appFileBatches: string[][] }).appFileBatches,
  );
  expect(files.length).toBeGreaterThan(8);
  // Every file, in the order the server listed them (the entry first), at most four at a time.
  expect(batches.flat()).toEqual(files);
  expect(Math.max(...batches.map((batch) => batch.length))).toBeLessThanOrEqual(4);
});

/**
 * The first paint's clock, before any of the app's JavaScript has run (its files are refused here): the
 * reader's own time is already beside each Eastern time, written by the page's one inline script with the
 * app's own rule, so the app's first render changes no word (nothing moves, the largest paint stays the
 * first). The page's Content-Security-Policy allows that script and nothing else inline.
 */
for (const timezoneId of ["America/Chicago", "America/New_York"]) {
  test.describe(`the first paint's clock in ${timezoneId}`, () => {
    test.use({ timezoneId });

    test("the reader's time is beside the Eastern times before the app runs, in the app's words", async ({
      page,
      request,
    }) => {
      const settings = await scheduleOf(request);
      const refused: string[] = [];
      page.on("console", (message) => {
        if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
      });
      await page.route("**/assets/*.js", (route) => route.abort());
      await page.goto("/");
      const hero = page.getByText(/^Voting ends/);
      for (const at of [settings.votingEndTime, settings.launchTime]) {
        const beside = localTimeBeside(at, timezoneId);
        if (beside) await expect(hero).toContainText(`${formatEastern(at)} ${beside}`);
      }
      if (timezoneId === "America/New_York") await expect(hero).not.toContainText("your time");
      else await expect(hero).toContainText("your time");
      const before = await hero.textContent();
      expect(refused).toEqual([]);

      // The app, let through, draws the same words over the first paint.
      await page.unroute("**/assets/*.js");
      await page.reload();
      await expect(page.locator("#root")).toHaveAttribute("data-app", "started");
      await expect(page.getByText(/^Voting ends/)).toHaveText(before ?? "");
    });
  });
}

test("the app hydrates every public page as the server drew it: no mismatch, no part redrawn", async ({
  page,
}) => {
  const reactErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /React error|Hydration|hydrat/i.test(message.text()))
      reactErrors.push(message.text());
  });
  page.on("pageerror", (error) => reactErrors.push(String(error)));
  // A receipt's page too (issue 28: drawn by the server), with its times on the paper's clock.
  const sent = await page.request.post("/api/headlines/paid-submission", {
    data: {
      title: "Hamster Hydrates the Receipt Page",
      description: "A hamster checked that the receipt page hydrates as it was drawn, witnesses say.",
      imageUrl: "https://example.com/hamster.png",
      launchStatus: "upcoming",
      submittedBy: "Hydration Desk",
    },
  });
  const { receipt } = (await sent.json()) as { receipt: string };
  const paths = [
    ...ROUTE_TITLES.filter((r) => r.path !== "/admin").map((r) => r.path),
    `/submission/${receipt}`,
  ];
  for (const path of paths) {
    await page.goto(path);
    await expect(page.locator("#root")).toHaveAttribute("data-app", "started");
    await page.waitForLoadState("networkidle");
    expect(reactErrors, path).toEqual([]);
  }
});

test("once hydrated, the page asks for the lists it was drawn with, once: a paint may be a moment old", async ({
  page,
}) => {
  const asked: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith("/api/")) asked.push(pathname);
  });
  const served = await (await page.request.get("/")).text();
  // The settings among the lists the page was drawn with (in whatever order they were read).
  expect(served).toMatch(/"queries":\[.*\[\["settings"\],/);
  await page.goto("/");
  await expect(page.locator("#root")).toHaveAttribute("data-app", "started");
  // The page's own lists, fetched by the browser after hydration (which a busy machine may finish after the
  // network first falls idle); the visitor's votes as always. Once each, also once all is quiet.
  const times = (path: string) => asked.filter((p) => p === path).length;
  for (const path of ["/api/headlines", "/api/settings", "/api/me/votes"])
    await expect.poll(() => times(path), { message: path }).toBe(1);
  await page.waitForLoadState("networkidle");
  expect(times("/api/headlines")).toBe(1);
  expect(times("/api/settings")).toBe(1);
  expect(times("/api/me/votes")).toBe(1);
});

test("a picture that failed before the app started walks the fallback chain once it has", async ({
  page,
}) => {
  // The app's script arrives late, as on a slow phone: the pictures of outside hosts (refused in this
  // suite) have failed by then, before React could hear their error event.
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.fallback();
  });
  const headlines = (await (await page.request.get("/api/headlines")).json()) as Array<{ id: number }>;
  const broken = () =>
    page.evaluate(
      () =>
        [...document.querySelectorAll<HTMLImageElement>("#root img")].filter(
          (img) => img.getAttribute("src") && img.complete && img.naturalWidth === 0,
        ).length,
    );
  for (const path of ["/yesterdays-news", "/", `/h/${headlines[0]?.id}`]) {
    await page.goto(path);
    await expect(page.locator("#root")).toHaveAttribute("data-app", "started");
    await expect.poll(broken, { message: path }).toBe(0);
  }
});
