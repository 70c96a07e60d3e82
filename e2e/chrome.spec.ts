import { editionDate } from "../src/common/edition-date";
import { NotificationListSchema } from "../src/common/notification";
import { expect, gotoDrawnByBrowser, pageTitle, SITE_NAME, TOKEN_ADDRESS, test } from "./fixtures";

test.describe("the chrome on every page", () => {
  test("the masthead shows the name as a link home, the tagline, the edition date and both badges", async ({
    page,
    request,
  }) => {
    const { currentDay } = (await (await request.get("/api/settings")).json()) as { currentDay: string };
    await page.goto("/about");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: SITE_NAME })).toBeVisible();
    await expect(header.getByText("The Meme Coin Paperboy")).toBeVisible();
    await expect(header.getByText(editionDate(currentDay), { exact: true })).toBeVisible();
    await expect(header.getByText("8-BIT EDITION", { exact: true })).toBeVisible();
    await expect(header.getByText("DAILY EDITION", { exact: true })).toBeVisible();
    // Each screen names itself and the paper in the document title (common/page-meta.ts).
    await expect(page).toHaveTitle(`About | ${SITE_NAME}`);

    await header.getByRole("link", { name: SITE_NAME }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(pageTitle(page)).toHaveText("Vote on Today's Viral Headlines");
  });

  // UTC+14 and UTC-11: at any moment at least one of them is on another calendar day than US Eastern.
  for (const timezoneId of ["Pacific/Kiritimati", "Pacific/Pago_Pago"]) {
    test.describe(`with the browser's clock in ${timezoneId}`, () => {
      test.use({ timezoneId });
      test("the header date is the edition date, not the browser's day", async ({ page, request }) => {
        const { currentDay } = (await (await request.get("/api/settings")).json()) as { currentDay: string };
        expect(currentDay).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        await page.goto("/about");
        expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(timezoneId);
        const date = page.getByRole("banner").locator("time");
        await expect(date).toHaveAttribute("datetime", currentDay);
        await expect(date).toHaveText(editionDate(currentDay));
      });
    });
  }

  test("the ticker shows the active notifications to screen readers once", async ({ page, request }) => {
    const notifications = NotificationListSchema.parse(
      await (await request.get("/api/notifications")).json(),
    );
    expect(notifications.length).toBeGreaterThan(0);

    await page.goto("/");
    const ticker = page.getByRole("region", { name: "Latest notices" });
    await expect(ticker).toBeVisible();
    // The crawl's second copy is aria-hidden, so each message is one list item for assistive technology.
    await expect(ticker.getByRole("listitem")).toHaveCount(notifications.length);
    await expect(ticker.getByRole("listitem")).toContainText(notifications.map((n) => n.message));
    await expect(ticker.getByRole("button", { name: "Pause the news ticker" })).toBeVisible();
  });

  test("the ticker crawls, pauses on hover and with its button", async ({ page }) => {
    await page.goto("/");
    const ticker = page.getByRole("region", { name: "Latest notices" });
    const track = ticker.locator(".ticker-track");
    await expect(track).toHaveCSS("animation-play-state", "running");
    // Hover the frame, not the moving track (Playwright waits for a target to stand still).
    await ticker.getByText("Extra!").hover();
    await expect(track).toHaveCSS("animation-play-state", "paused");

    await page.mouse.move(0, 0);
    await ticker.getByRole("button", { name: "Pause the news ticker" }).click();
    await page.mouse.move(0, 0);
    await expect(track).toHaveCSS("animation-play-state", "paused");
    await expect(ticker.getByRole("button", { name: "Resume the news ticker" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
  });

  test("the ticker stands still as a plain list under reduced motion", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, reducedMotion: "reduce" });
    const page = await context.newPage();
    await page.goto("/");
    const ticker = page.getByRole("region", { name: "Latest notices" });
    await expect(ticker.getByRole("listitem").first()).toBeVisible();
    await expect(ticker.locator(".ticker-track")).toHaveCSS("animation-name", "none");
    await expect(ticker.locator(".ticker-copy")).toBeHidden();
    await expect(page.getByText("Game Over? Insert Coin!")).toHaveCSS("animation-name", "none");
    await context.close();
  });

  test("the ticker is absent when there are no notifications", async ({ page }) => {
    await page.route("**/api/notifications", (route) => route.fulfill({ json: [] }));
    await gotoDrawnByBrowser(page, "/about");
    await expect(pageTitle(page)).toBeVisible();
    await expect(page.getByRole("region", { name: "Latest notices" })).toHaveCount(0);
  });

  test("the footer has the links, the contract address, the year, the slogan and the admin buttons", async ({
    page,
  }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "Follow us on X" })).toHaveAttribute(
      "href",
      "https://x.com/memegazette",
    );
    await expect(footer.getByRole("link", { name: "Join our Telegram" })).toHaveAttribute(
      "href",
      "https://t.me/memegazette",
    );
    await expect(footer.getByRole("link", { name: "About" })).toHaveAttribute("href", "/about");
    await expect(footer.getByRole("link", { name: "Archive" })).toHaveAttribute("href", "/archive");
    await expect(footer.getByTestId("footer-contract-address")).toHaveText(TOKEN_ADDRESS);
    await expect(footer.getByTestId("footer-contract-address")).toHaveCSS("user-select", "all");
    await expect(
      footer.getByText(`© ${new Date().getFullYear()} ${SITE_NAME}. All rights reserved.`),
    ).toBeVisible();
    const slogan = footer.getByText("Game Over? Insert Coin!");
    await expect(slogan).toBeVisible();
    await expect(slogan).toHaveCSS("animation-name", "blink-text");
    await expect(footer.getByText("For site administrators only")).toBeVisible();

    await footer.getByRole("link", { name: "Admin Login" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(pageTitle(page)).toHaveText("Admin Controls");

    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Staff Login" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(pageTitle(page)).toHaveText("Admin Controls");
  });

  test("the footer slogan keeps 4.5:1 contrast in every frame of its blink, and About's inline links are 24 px tall (issue 23)", async ({
    page,
  }) => {
    await page.goto("/about");
    const slogan = page.getByText("Game Over? Insert Coin!");
    await expect(slogan).toBeVisible();
    const ratios = await slogan.evaluate((el) => {
      const luminance = (rgb: number[]) => {
        const [r, g, b] = rgb.map((v) => {
          const c = v / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
      };
      const channels = (css: string) => (css.match(/[\d.]+/g) ?? []).map(Number);
      let back = el as HTMLElement | null;
      while (back && channels(getComputedStyle(back).backgroundColor)[3] === 0) back = back.parentElement;
      const paper = channels(getComputedStyle(back ?? document.body).backgroundColor).slice(0, 3);
      const animation = el.getAnimations()[0];
      const frames = animation ? [0, 1000, 1700, 1800, 2300] : [0];
      return frames.map((ms) => {
        if (animation) {
          animation.pause();
          animation.currentTime = ms;
        }
        const style = getComputedStyle(el);
        const alpha = Number(style.opacity);
        const ink = channels(style.color)
          .slice(0, 3)
          .map((c, i) => alpha * c + (1 - alpha) * (paper[i] ?? 0));
        const [a, b] = [luminance(ink), luminance(paper)];
        return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      });
    });
    for (const ratio of ratios) expect(ratio).toBeGreaterThanOrEqual(4.5);

    const heights = await page
      .getByRole("main")
      .locator("p a")
      .evaluateAll((links) => links.map((a) => a.getBoundingClientRect().height));
    expect(heights.length).toBeGreaterThan(0);
    for (const height of heights) expect(height).toBeGreaterThanOrEqual(24);
  });

  test("the head has one title, and its canonical address and og:url follow an in-app navigation (issue 23)", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page).toHaveTitle(/Today's News/);
    expect(await page.locator("head title").count()).toBe(1);
    await page
      .getByRole("banner")
      .getByRole("link", { name: /^\w+day, / })
      .click();
    await expect(page).toHaveURL(/\/edition\/\d{4}-\d{2}-\d{2}$/);
    const path = new URL(page.url()).pathname;
    await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${path}$`));
    await expect(page.locator('head meta[property="og:url"]')).toHaveAttribute(
      "content",
      new RegExp(`${path}$`),
    );
    await expect(page).toHaveTitle(/^The Edition of /);
    await expect(page.locator("head title")).toHaveCount(1);
  });

  test("the link preview tags follow an in-app navigation: title, description and card (issue 28)", async ({
    page,
  }) => {
    const head = (selector: string) => page.locator(`head ${selector}`);
    await page.goto("/");
    const firstImage = await head('meta[property="og:image"]').getAttribute("content");
    await page.getByRole("contentinfo").getByRole("link", { name: "About" }).first().click();
    await expect(page).toHaveURL(/\/about$/);
    const title = `About | ${SITE_NAME}`;
    await expect(page).toHaveTitle(title);
    for (const tag of ['meta[property="og:title"]', 'meta[name="twitter:title"]']) {
      await expect(head(tag)).toHaveAttribute("content", title);
    }
    const about = /^A daily meme-coin newspaper/;
    for (const tag of [
      'meta[name="description"]',
      'meta[property="og:description"]',
      'meta[name="twitter:description"]',
    ]) {
      await expect(head(tag)).toHaveAttribute("content", about);
    }

    // An edition's page, then a headline's from it: each its own title, description and card.
    await page
      .getByRole("banner")
      .getByRole("link", { name: /^\w+day, / })
      .click();
    await expect(page).toHaveURL(/\/edition\/\d{4}-\d{2}-\d{2}$/);
    const day = new URL(page.url()).pathname.slice("/edition/".length);
    await expect(page).toHaveTitle(/^The Edition of /);
    await expect(head('meta[property="og:title"]')).toHaveAttribute("content", await page.title());
    await expect(head('meta[property="og:description"]')).toHaveAttribute("content", /^The day's race/);
    await expect(head('meta[property="og:image"]')).toHaveAttribute(
      "content",
      new RegExp(`/cards/edition/${day}/[A-Za-z0-9_-]{12}\\.png$`),
    );

    const link = page.getByRole("main").locator('a[href^="/h/"]').first();
    const href = (await link.getAttribute("href")) as string;
    const id = /^\/h\/(\d+)/.exec(href)?.[1];
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/h/${id}`));
    const headline = (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";
    for (const tag of ['meta[property="og:title"]', 'meta[name="twitter:title"]']) {
      await expect(head(tag)).toHaveAttribute("content", `${headline} | ${SITE_NAME}`);
    }
    for (const tag of ['meta[property="og:image"]', 'meta[name="twitter:image"]']) {
      await expect(head(tag)).toHaveAttribute(
        "content",
        new RegExp(`/cards/h/${id}/[A-Za-z0-9_-]{12}\\.png$`),
      );
      expect(await head(tag).getAttribute("content")).not.toBe(firstImage);
    }
    const image = (await head('meta[property="og:image"]').getAttribute("content")) as string;
    const card = await page.request.get(image);
    expect(card.status()).toBe(200);
    expect(card.headers()["content-type"]).toBe("image/png");
  });

  test("the footer leaves out links and the address that are not configured", async ({ page }) => {
    // The server embeds the configuration in the page; a deployment without links or a token shows neither.
    await page.route("**/*", async (route) => {
      if (route.request().resourceType() !== "document") return route.fallback();
      const response = await route.fetch();
      const html = (await response.text()).replace(
        /<script id="site-config" type="application\/json">[^<]*<\/script>/,
        '<script id="site-config" type="application/json">{"siteName":"Pixel Post","tokenAddress":null,"telegramUrl":null,"xUrl":null}</script>',
      );
      await route.fulfill({ response, body: html });
    });
    await page.goto("/about");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByText("Contract address coming soon")).toBeVisible();
    await expect(footer.getByRole("link", { name: "Follow us on X" })).toHaveCount(0);
    await expect(footer.getByRole("link", { name: "Join our Telegram" })).toHaveCount(0);
    await expect(page.getByRole("banner").getByRole("link", { name: "Pixel Post" })).toBeVisible();
    await expect(pageTitle(page)).toHaveText("About Pixel Post");
    await expect(page).toHaveTitle("About | Pixel Post");
  });

  test("every navigation starts at the top of the page", async ({ page }) => {
    await page.goto("/about");
    await expect(pageTitle(page)).toHaveText(`About ${SITE_NAME}`);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await page.getByRole("contentinfo").getByRole("link", { name: "Archive" }).click();
    await expect(pageTitle(page)).toHaveText(`${SITE_NAME} Archive`);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe("what a picky reader sees (issue 31)", () => {
  test("the front page's title names the day first and the paper last, as every page does (issue 31)", async ({
    page,
    request,
  }) => {
    const { currentDay } = (await (await request.get("/api/settings")).json()) as { currentDay: string };
    await page.goto("/");
    await expect(page).toHaveTitle(`Today's News, ${editionDate(currentDay)} | ${SITE_NAME}`);
    await page.getByRole("contentinfo").getByRole("link", { name: "About" }).first().click();
    await expect(page).toHaveTitle(`About | ${SITE_NAME}`);
  });

  test("without JavaScript the notice is a small 8-bit bar inside the page's column (issue 31)", async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto("/");
    // Playwright's text and role engines skip <noscript>, whose content only exists with scripting off.
    const notice = page.locator("noscript p");
    await expect(notice).toHaveText(/^Voting, live counts and submissions need JavaScript/);
    await expect(notice).toBeVisible();
    const look = await notice.evaluate((el) => {
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      return {
        border: style.borderTopWidth,
        background: style.backgroundColor,
        font: style.fontFamily,
        left: box.left,
        top: box.top,
      };
    });
    expect(look.border).toBe("3px");
    expect(look.background).not.toBe("rgba(0, 0, 0, 0)");
    expect(look.font).toContain("Press Start 2P");
    expect(look.left).toBeGreaterThanOrEqual(8);
    expect(look.top).toBeGreaterThanOrEqual(8);
    await context.close();
  });
});
