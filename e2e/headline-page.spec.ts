import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, pageTitle, test } from "./fixtures";

interface Item {
  id: number;
  title: string;
  isWinner: boolean;
  contractAddress: string | null;
}

async function list(request: APIRequestContext, url: string): Promise<Item[]> {
  const res = await request.get(url);
  expect(res.ok()).toBe(true);
  return (await res.json()) as Item[];
}

/** One headline of the sample edition in each stage a visitor can reach. */
async function sampleHeadlines(request: APIRequestContext) {
  const home = await list(request, "/api/headlines");
  const tomorrow = await list(request, "/api/tomorrows-news");
  const launched = await list(request, "/api/yesterdays-news");
  const winner = home.find((h) => h.isWinner);
  const today = home.find((h) => !h.isWinner);
  const token = launched.find((h) => h.contractAddress && !h.isWinner);
  if (!winner || !today || !tomorrow[0] || !token) throw new Error("the sample edition has changed");
  return { winner, today, tomorrow: tomorrow[0], token };
}

async function blockingViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target.join(" ")) }));
}

test.describe("a headline's own page", () => {
  test("shows each stage with what fits it, at its canonical address", async ({ page, request }) => {
    const { winner, today, tomorrow, token } = await sampleHeadlines(request);
    const stages = [
      {
        item: today,
        label: "In Today's Voting",
        part: page.getByRole("button", { name: `Vote for ${today.title}` }),
      },
      {
        item: tomorrow,
        label: "Tomorrow's News",
        part: page.getByRole("button", { name: "Vote for this headline" }),
      },
      { item: winner, label: "Today's Winner", part: page.getByText("Community Sentiment") },
      { item: token, label: "Past Winner|Launched Token", part: page.getByText("Contract Address").first() },
    ];
    for (const { item, label, part } of stages) {
      // Any slug reaches the page; the address ends as the canonical one.
      const response = await page.goto(`/h/${item.id}/an-old-slug`);
      expect(response?.status()).toBe(200);
      await expect(pageTitle(page)).toHaveText(item.title);
      await expect(page).toHaveURL(new RegExp(`/h/${item.id}/[a-z0-9-]+$`));
      expect(page.url()).not.toContain("an-old-slug");
      await expect(page.getByTestId("headline-stage")).toHaveText(new RegExp(`^(${label})$`, "i"));
      await expect(part).toBeVisible();
      await expect(page).toHaveTitle(`${item.title} | Meme Gazette`);
    }
  });

  test("says the headline, its author and its votes once: one block per page (issue 23)", async ({
    page,
    request,
  }) => {
    const { today, tomorrow } = await sampleHeadlines(request);
    for (const item of [today, tomorrow]) {
      await page.goto(`/h/${item.id}`);
      await expect(pageTitle(page)).toHaveText(item.title);
      const main = page.getByRole("main");
      await expect(main.getByText(item.title, { exact: true })).toHaveCount(1);
      await expect(main.getByText(/Submitted by/)).toHaveCount(1);
      await expect(main.getByRole("heading", { name: /Viral Headlines/ })).toHaveCount(0);
      await expect(main.getByRole("button", { name: /^Vote for / })).toHaveCount(1);
    }
  });

  test("its head carries the headline for link previews, without JavaScript", async ({ request }) => {
    const { today } = await sampleHeadlines(request);
    const res = await request.get(`/h/${today.id}`, { maxRedirects: 0 });
    expect(res.status()).toBe(301);
    const canonical = res.headers().location as string;
    const html = await (await request.get(canonical)).text();
    expect(html).toContain(`<meta property="og:type" content="article">`);
    expect(html).toMatch(
      new RegExp(`<meta property="og:image" content="http[^"]+/cards/h/${today.id}/[\\w-]+\\.png">`),
    );
    expect(html).toMatch(/<meta name="twitter:card" content="summary_large_image">/);
  });

  test("an unknown headline is the not-found screen with status 404", async ({ page }) => {
    const response = await page.goto("/h/987654/no-such-headline");
    expect(response?.status()).toBe(404);
    await expect(pageTitle(page)).toHaveText("404 Page Not Found");
  });

  test("share buttons carry the headline page's address", async ({ page, request }) => {
    const { token, tomorrow } = await sampleHeadlines(request);
    await page.goto("/yesterdays-news");
    await expect(page.locator('a[href^="https://x.com/intent/"]').first()).toBeAttached();
    // Every post intent on the page shares a headline's own page; the token's names its own.
    const shared = await page
      .locator('a[href^="https://x.com/intent/"]')
      .evaluateAll((links) =>
        links.map((a) => new URL((a as HTMLAnchorElement).href).searchParams.get("url")),
      );
    expect(shared.length).toBeGreaterThan(0);
    for (const url of shared) expect(url).toMatch(/^http[^ ]+\/h\/\d+\/[a-z0-9-]+$/);
    expect(shared.some((url) => url?.includes(`/h/${token.id}/`))).toBe(true);

    await page.goto("/tomorrows-news");
    const post = page.getByRole("link", { name: "Share My Vote on X" }).first();
    expect(decodeURIComponent((await post.getAttribute("href")) ?? "")).toMatch(
      new RegExp(`/h/${tomorrow.id}/[a-z0-9-]+`),
    );
  });

  test("has no serious or critical accessibility violations", async ({ page, request }) => {
    const { winner, today } = await sampleHeadlines(request);
    for (const item of [winner, today]) {
      await page.goto(`/h/${item.id}`);
      await expect(pageTitle(page)).toHaveText(item.title);
      await page.waitForLoadState("networkidle");
      expect(await blockingViolations(page)).toEqual([]);
    }
  });
});

test.describe("one share control on every headline (issue 22)", () => {
  test("a card in today's voting and each stage's page open copy link, X and Telegram with a text of their stage", async ({
    page,
    request,
  }) => {
    const { today, winner, token, tomorrow } = await sampleHeadlines(request);
    await page.goto("/");
    const share = page.getByRole("button", { name: `Share ${today.title}`, exact: true });
    await expect(share).toHaveAttribute("aria-expanded", "false");
    await share.click();
    await expect(share).toHaveAttribute("aria-expanded", "true");
    const row = page.getByRole("group", { name: `Share ${today.title}` });
    const telegram = row.getByRole("link", { name: `Share ${today.title} on Telegram (opens in a new tab)` });
    const href = new URL((await telegram.getAttribute("href")) as string);
    expect(href.origin + href.pathname).toBe("https://t.me/share/url");
    expect(href.searchParams.get("url")).toMatch(new RegExp(`/h/${today.id}/[a-z0-9-]+$`));
    expect(href.searchParams.get("text")).toMatch(
      /^Vote for ".+" on Meme Gazette before \d{1,2}(:\d\d)? [AP]M Eastern!$/,
    );
    await expect(row.getByRole("link", { name: /on X/ })).toHaveAttribute(
      "href",
      /^https:\/\/x\.com\/intent\/tweet/,
    );
    await expect(row.getByRole("button", { name: "Copy link" })).toBeVisible();
    // Escape closes the row and leaves focus on the button.
    await share.focus();
    await page.keyboard.press("Escape");
    await expect(share).toHaveAttribute("aria-expanded", "false");
    await expect(share).toBeFocused();

    const texts: Array<[{ id: number; title: string }, RegExp]> = [
      [today, /^Vote for ".+" on Meme Gazette before/],
      [tomorrow, /^Vote for ".+" in Meme Gazette's Tomorrow's News!$/],
      [winner, /won today's vote on Meme Gazette!$/],
      [token, /(launched as|won the vote)/],
    ];
    for (const [item, text] of texts) {
      await page.goto(`/h/${item.id}`);
      const button = page.getByRole("button", { name: `Share ${item.title}`, exact: true });
      await button.click();
      const link = page.getByRole("link", { name: `Share ${item.title} on Telegram (opens in a new tab)` });
      const url = new URL((await link.getAttribute("href")) as string);
      expect(url.searchParams.get("text"), item.title).toMatch(text);
      expect(url.searchParams.get("url")).toMatch(new RegExp(`/h/${item.id}/`));
    }
  });

  test("opens the system share sheet where the browser has one", async ({ page, request }) => {
    const { today } = await sampleHeadlines(request);
    await page.addInitScript(() => {
      (window as unknown as { shared: unknown[] }).shared = [];
      Object.defineProperty(navigator, "share", {
        configurable: true,
        value: async (data: unknown) => {
          (window as unknown as { shared: unknown[] }).shared.push(data);
        },
      });
    });
    await page.goto(`/h/${today.id}`);
    const button = page.getByRole("button", { name: `Share ${today.title}`, exact: true });
    await button.click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shared: unknown[] }).shared))
      .toEqual([
        {
          text: expect.stringMatching(/^Vote for ".+" on Meme Gazette before/),
          url: expect.stringMatching(new RegExp(`/h/${today.id}/[a-z0-9-]+$`)),
        },
      ]);
    // No row of links: the sheet was the share.
    await expect(page.getByRole("group", { name: `Share ${today.title}` })).toHaveCount(0);
  });
});

test.describe("what a picky reader sees (issue 31)", () => {
  test("the vote card of a headline in a race spans the page: no empty column beside it (issue 31)", async ({
    page,
    request,
  }) => {
    const { today, tomorrow } = await sampleHeadlines(request);
    for (const item of [today, tomorrow]) {
      await page.goto(`/h/${item.id}`);
      await expect(pageTitle(page)).toHaveText(item.title);
      const vote = page.getByRole("main").getByRole("button", { name: /^Vote for / });
      // The card is the vote button's framed ancestor; the page's header spans the content column. Polled:
      // a live update may redraw the stage's part while its code loads.
      await expect
        .poll(
          () =>
            vote.evaluate((button) => {
              let node = button.parentElement;
              while (node && getComputedStyle(node).borderTopWidth !== "3px") node = node.parentElement;
              const header = button.closest("article")?.querySelector("header");
              return (
                (node?.getBoundingClientRect().width ?? 0) / (header?.getBoundingClientRect().width ?? 1)
              );
            }),
          { message: item.title },
        )
        .toBeGreaterThan(0.95);
    }
  });
});
