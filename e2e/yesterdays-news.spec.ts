import AxeBuilder from "@axe-core/playwright";
import { formatAge, formatChange, formatPrice, formatUsd, shortenAddress } from "../src/common/format";
import { type Headline, HeadlineListSchema } from "../src/common/headline";
import { headlinePath } from "../src/common/headline-path";
import { avatarUrl, tokenIconUrls } from "../src/common/images";
import { shareLinks, tokenShareText } from "../src/common/share-links";
import { sampleHeadline } from "../src/common/testing/headlines";
import { expect, gotoDrawnByBrowser, pageTitle, SITE_NAME, test } from "./fixtures";

async function launchedTokens(request: import("@playwright/test").APIRequestContext): Promise<Headline[]> {
  return HeadlineListSchema.parse(await (await request.get("/api/yesterdays-news")).json());
}

function cardOf(page: import("@playwright/test").Page, token: Pick<Headline, "symbol" | "title">) {
  const heading = token.symbol ? `${token.symbol} Token` : token.title;
  return page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: heading, exact: true }) });
}

test.describe("yesterday's news", () => {
  test("one card per launched token with its badge, name, short address and market data", async ({
    page,
    request,
  }) => {
    const tokens = await launchedTokens(request);
    expect(tokens.length).toBeGreaterThan(0);

    await page.goto("/yesterdays-news");
    await expect(pageTitle(page)).toHaveText("Yesterday's News: Launched Tokens");
    await expect(page.getByText(`Review tokens recently launched by ${SITE_NAME}`)).toBeVisible();
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveCount(tokens.length);

    for (const token of tokens) {
      const card = cardOf(page, token);
      await expect(card).toHaveCount(1);
      if (!token.contractAddress) {
        await expect(card.getByText("Launched", { exact: true })).toHaveCount(0);
        continue;
      }
      await expect(card.getByText("Launched", { exact: true })).toBeVisible();
      await expect(card.getByText(shortenAddress(token.contractAddress), { exact: true })).toBeVisible();
      await expect(card.locator("code")).toHaveText(token.contractAddress);
      const stats: [string, string][] = [];
      if (token.marketCap !== null) stats.push(["Market Cap", formatUsd(token.marketCap)]);
      if (token.volume24h !== null) stats.push(["24h Volume", formatUsd(token.volume24h)]);
      if (token.price !== null) stats.push(["Price", formatPrice(token.price)]);
      if (typeof token.priceChange24h === "number")
        stats.push([
          "24h Change",
          `${token.priceChange24h > 0.05 ? "▲ Up " : token.priceChange24h < -0.05 ? "▼ Down " : ""}${formatChange(token.priceChange24h)}`,
        ]);
      if (typeof token.liquidityUsd === "number") stats.push(["Liquidity", formatUsd(token.liquidityUsd)]);
      if (token.pairCreatedAt) stats.push(["Pair Age", formatAge(token.pairCreatedAt)]);
      await expect(card.getByRole("term")).toHaveText(["Contract Address", ...stats.map(([label]) => label)]);
      await expect(card.getByRole("definition").filter({ hasNot: page.locator("code") })).toHaveText(
        stats.map(([, value]) => value),
      );

      if (token.chartUrl) {
        const chart = card.getByRole("link", { name: "View Chart" });
        await expect(chart).toHaveAttribute("href", token.chartUrl);
        await expect(chart).toHaveAttribute("target", "_blank");
        await expect(chart).toHaveAttribute("rel", "noopener noreferrer");
      }
      if (token.buyUrl) {
        const buy = card.getByRole("link", { name: `Buy ${token.symbol || "Token"}` });
        await expect(buy).toHaveAttribute("href", token.buyUrl);
        await expect(buy).toHaveAttribute("target", "_blank");
      }
    }
  });

  test("the 24 h change, liquidity and pair age; safety facts from the Solana node before Buy, axe clean", async ({
    page,
    request,
  }, testInfo) => {
    const tokens = await launchedTokens(request);
    const bySymbol = (symbol: string) => {
      const token = tokens.find((t) => t.symbol === symbol);
      if (!token) throw new Error(`the sample edition has ${symbol}`);
      return token;
    };
    const frog = bySymbol("FROGFUND");
    const yacht = bySymbol("YACHTCAT");
    const hamster = bySymbol("HAMSTRONAUT");
    await page.goto("/yesterdays-news");

    // A rise and a fall: a sign and an arrow (and words for screen readers), not colour alone.
    const frogCard = cardOf(page, frog);
    await expect(frogCard.getByRole("definition").filter({ hasText: "+12.4%" })).toHaveText("▲ Up +12.4%");
    await expect(cardOf(page, yacht).getByRole("definition").filter({ hasText: "8.8%" })).toHaveText(
      "▼ Down -8.8%",
    );
    await expect(frogCard.getByRole("definition").filter({ hasText: "$61,300" })).toBeVisible();
    await expect(frogCard.getByRole("definition").filter({ hasText: /^2 d$/ })).toBeVisible();

    // Nothing is asked of the node until a card's facts are opened.
    const factCalls: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/facts")) factCalls.push(r.url());
    });
    const summary = frogCard.getByText("Safety facts", { exact: true });
    const box = await frogCard.locator("summary").boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    // The facts come before "Buy".
    const buyBox = await frogCard.getByRole("link", { name: "Buy FROGFUND" }).boundingBox();
    expect((box?.y ?? 0) < (buyBox?.y ?? 0)).toBe(true);
    expect(factCalls).toEqual([]);

    await summary.click();
    const frogFacts = frogCard.locator("details dl");
    await expect(frogFacts.getByRole("term")).toHaveText([
      "Mint authority",
      "Freeze authority",
      "Supply",
      "Top 10 holders (incl. pools)",
    ]);
    await expect(frogFacts.getByRole("definition")).toHaveText([
      "✓ Renounced",
      "✓ Renounced",
      "999,971,234.56 FROGFUND",
      "41.7%",
    ]);
    expect(factCalls).toHaveLength(1);

    const yachtCard = cardOf(page, yacht);
    await yachtCard.getByText("Safety facts", { exact: true }).click();
    await expect(yachtCard.locator("details dl").getByRole("definition")).toHaveText([
      "⚠ ActiveWarning: more can be minted",
      "⚠ ActiveWarning: holders can be frozen",
      "420,690,000 YACHTCAT",
      "100%",
    ]);

    // A mint the node refuses: every fact unknown, and why.
    const hamsterCard = cardOf(page, hamster);
    await hamsterCard.getByText("Safety facts", { exact: true }).click();
    const unknown = hamsterCard.locator("details dl").getByRole("definition");
    await expect(unknown).toHaveText(Array(4).fill("UnknownThe Solana node did not answer"));

    await frogCard.scrollIntoViewIfNeeded();
    await testInfo.attach(`yesterdays-news-facts-${testInfo.project.name}`, {
      body: await frogCard.screenshot(),
      contentType: "image/png",
    });
    await page.screenshot({
      path: `test-results/yesterdays-news-facts-${testInfo.project.name}.png`,
      fullPage: true,
    });

    const results = await new AxeBuilder({ page }).analyze();
    const blocking = results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target.join(" ")) }));
    expect(blocking).toEqual([]);
  });

  test("the same screen answers at /old-news", async ({ page, request }) => {
    const [first] = await launchedTokens(request);
    await page.goto("/old-news");
    await expect(pageTitle(page)).toHaveText("Yesterday's News: Launched Tokens");
    if (first) await expect(cardOf(page, first)).toBeVisible();
  });

  test("copying an address shows a check mark for 2 seconds and the toast", async ({
    page,
    request,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const token = (await launchedTokens(request)).find((t) => t.contractAddress && t.symbol);
    if (!token?.contractAddress) throw new Error("the sample edition has a launched token");

    await page.goto("/yesterdays-news");
    const card = cardOf(page, token);
    await card.getByRole("button", { name: `Copy ${token.symbol} contract address` }).click();

    const copied = card.getByRole("button", { name: `Copied ${token.symbol} contract address` });
    await expect(copied).toBeVisible();
    await expect(copied.getByTestId("copied-check")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token.contractAddress);

    const toasts = page.getByRole("region", { name: /Notifications/ });
    await expect(toasts.getByText("Copied!", { exact: true })).toBeVisible();
    await expect(toasts.getByText("Contract address copied to clipboard")).toBeVisible();

    await expect(card.getByRole("button", { name: `Copy ${token.symbol} contract address` })).toBeVisible({
      timeout: 4000,
    });
  });

  test("the share bar links to the token's headline page with the token's share text", async ({
    page,
    request,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const token = (await launchedTokens(request)).find((t) => t.symbol);
    if (!token?.symbol) throw new Error("the sample edition has a token with a symbol");
    await page.addInitScript(() => {
      // Desktop Chromium on Linux has no share sheet either; make it certain for the test.
      Object.defineProperty(Navigator.prototype, "share", { value: undefined, configurable: true });
    });

    await page.goto("/yesterdays-news");
    const card = cardOf(page, token);
    const url = `${new URL(page.url()).origin}${headlinePath(token)}`;
    const links = shareLinks({ text: tokenShareText(token, SITE_NAME), url });
    const bar = card.getByRole("group", { name: `Share ${token.symbol}` });
    await expect(
      bar.getByRole("link", { name: `Share ${token.symbol} on X (opens in a new tab)` }),
    ).toHaveAttribute("href", links.x);
    await expect(
      bar.getByRole("link", { name: `Share ${token.symbol} on Facebook (opens in a new tab)` }),
    ).toHaveAttribute("href", links.facebook);
    await expect(bar.getByRole("link", { name: `Share ${token.symbol} by e-mail` })).toHaveAttribute(
      "href",
      links.email,
    );

    await bar.getByRole("button", { name: `Share ${token.symbol} with another app` }).click();
    await expect(
      page.getByRole("region", { name: /Notifications/ }).getByText("Share not supported"),
    ).toBeVisible();

    await bar.getByRole("button", { name: `Copy link to ${token.symbol}` }).click();
    await expect(bar.getByRole("button", { name: "Link copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await expect(bar.getByRole("button", { name: `Copy link to ${token.symbol}` })).toBeVisible({
      timeout: 5000,
    });
  });

  test("a development-hosted image goes straight to the blue placeholder", async ({ page }) => {
    const tokenRequests: string[] = [];
    page.on("request", (request) => tokenRequests.push(request.url()));
    const token = sampleToken({
      id: 901,
      symbol: "GONE",
      imageUrl: "https://old-preview.replit.dev/logo.png",
      contractAddress: "So11111111111111111111111111111111111111112",
    });
    await page.route("**/api/yesterdays-news", (route) => route.fulfill({ json: [token] }));
    await gotoDrawnByBrowser(page, "/yesterdays-news");
    const placeholder = cardOf(page, token).getByRole("img", {
      name: "GONE token image: image not available",
    });
    await placeholder.scrollIntoViewIfNeeded();
    await expect(placeholder).toBeVisible();
    await expect(placeholder).toContainText("GONE");
    await expect(placeholder).toContainText("Image not available");
    await expect(placeholder).toHaveCSS("background-color", "rgb(0, 88, 248)");
    expect(tokenRequests.some((url) => url.includes("dexscreener") || url.includes("/api/avatar"))).toBe(
      false,
    );
  });

  test("a failing image walks the token icons and the avatar, in order, before the placeholder", async ({
    page,
  }) => {
    const address = "So11111111111111111111111111111111111111112";
    const token = sampleToken({
      id: 902,
      symbol: null,
      title: "Walrus Opens Ice Cream Shop",
      imageUrl: "https://images.example.com/walrus.png",
      contractAddress: address,
    });
    const tried: string[] = [];
    await page.route("**/api/yesterdays-news", (route) => route.fulfill({ json: [token] }));
    // Record every image the card asks for (outside hosts are aborted by the fixture; the avatar here too).
    page.on("request", (request) => {
      if (request.resourceType() === "image") tried.push(request.url());
    });
    await page.route("**/api/avatar**", (route) => route.abort());

    await gotoDrawnByBrowser(page, "/yesterdays-news");
    const card = cardOf(page, token);
    await card.scrollIntoViewIfNeeded();
    const placeholder = card.getByRole("img", {
      name: "Walrus Opens Ice Cream Shop token image: image not available",
    });
    await expect(placeholder).toBeVisible();
    await expect(placeholder).toContainText("Walr");

    const origin = new URL(page.url()).origin;
    expect(tried).toEqual([
      "https://images.example.com/walrus.png",
      ...tokenIconUrls(address),
      `${origin}${avatarUrl("Walrus Opens Ice Cream Shop")}`,
    ]);
  });

  test("states: spinner, then the error card; and the empty card", async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/yesterdays-news", async (route) => {
      await held;
      await route.fulfill({ status: 500, json: { message: "storage unavailable" } });
    });
    await gotoDrawnByBrowser(page, "/yesterdays-news");
    await expect(page.getByRole("status").filter({ hasText: "Loading launched tokens" })).toBeVisible();
    release();
    const error = page.getByRole("alert");
    await expect(error.getByRole("heading", { name: "Error Loading Yesterday's News" })).toBeVisible();
    await expect(error).toContainText(
      "Something went wrong while fetching previous tokens. Please try again later!",
    );

    await page.unroute("**/api/yesterdays-news");
    await page.route("**/api/yesterdays-news", (route) => route.fulfill({ json: [] }));
    await page.reload();
    await expect(page.getByRole("heading", { name: "No Previous Tokens Yet" })).toBeVisible();
    await expect(
      page.getByText("Stay tuned! Past tokens will appear here after they've been added."),
    ).toBeVisible();
  });

  test("a token without a symbol is titled by its headline and has no data box", async ({ page }) => {
    const token = sampleToken({
      id: 903,
      symbol: null,
      title: "Owl Elected Night Mayor",
      contractAddress: null,
    });
    await page.route("**/api/yesterdays-news", (route) => route.fulfill({ json: [token] }));
    await gotoDrawnByBrowser(page, "/yesterdays-news");
    const card = cardOf(page, token);
    await expect(card.getByRole("heading", { name: "Owl Elected Night Mayor" })).toBeVisible();
    await expect(card.getByText("Launched", { exact: true })).toHaveCount(0);
    await expect(card.getByRole("term")).toHaveCount(0);
    await expect(card.getByRole("link", { name: "Buy Token" })).toHaveCount(0);
  });
});

function sampleToken(overrides: Partial<Headline> & Pick<Headline, "id">): Headline {
  return sampleHeadline({
    title: "Sample Token Story",
    description: "A sample token used by the browser tests.",
    votes: 3,
    isWinner: true,
    launchStatus: "launched",
    ...overrides,
  });
}
