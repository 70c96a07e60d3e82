import { expect, isPhone, pageTitle, ROUTE_TITLES, test } from "./fixtures";

test.describe("routing", () => {
  for (const { path, title } of ROUTE_TITLES) {
    test(`${path} shows "${title}"`, async ({ page }) => {
      await page.goto(path);
      await expect(pageTitle(page)).toHaveText(title);
      await expect(page.getByRole("banner")).toBeVisible();
      await expect(page.getByRole("contentinfo")).toBeVisible();
    });
  }

  test("an unknown path shows the not-found screen with its hint", async ({ page }) => {
    await page.goto("/no/such/page");
    await expect(pageTitle(page)).toHaveText("404 Page Not Found");
    await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
  });

  test("paths match whatever their case", async ({ page }) => {
    await page.goto("/ARCHIVE");
    await expect(pageTitle(page)).toHaveText("Meme Gazette Archive");
    await page.goto("/Old-News");
    await expect(pageTitle(page)).toHaveText("Yesterday's News: Launched Tokens");
    await page.goto("/About/");
    await expect(pageTitle(page)).toHaveText("About Meme Gazette");
  });

  test("/old-news highlights Yesterday's News as the current page", async ({ page }) => {
    await page.goto("/old-news");
    await expect(pageTitle(page)).toHaveText("Yesterday's News: Launched Tokens");
    if (isPhone(page)) {
      const bar = page.getByRole("navigation", { name: "Quick links" });
      await expect(bar.getByRole("link", { name: "Yesterday" })).toHaveAttribute("aria-current", "page");
      await expect(bar.locator("[aria-current=page]")).toHaveCount(1);
      await page.getByRole("button", { name: "Game Menu" }).click();
    }
    const main = page.getByRole("navigation", { name: "Main" });
    await expect(main.getByRole("link", { name: "Yesterday's News" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    // One nav holds the desktop bar and the phone's menu (issue 28); one of them shows at a width.
    await expect(main.locator("[aria-current=page]").filter({ visible: true })).toHaveCount(1);
  });

  test("the desktop bar marks the current page and navigates", async ({ page }) => {
    test.skip(isPhone(page), "the section bar is for wide screens");
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link")).toHaveText([
      "Today's News",
      "Tomorrow's News",
      "Yesterday's News",
      "Archive",
      "Submit",
      "Promoted",
      "About",
    ]);
    await expect(nav.getByRole("link", { name: "Today's News" })).toHaveAttribute("aria-current", "page");
    await nav.getByRole("link", { name: "Promoted" }).click();
    await expect(page).toHaveURL(/\/paid-submit$/);
    await expect(pageTitle(page)).toHaveText("Promoted Submission");
    await expect(nav.getByRole("link", { name: "Promoted" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Today's News" })).not.toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("button", { name: "Game Menu" })).toBeHidden();
    await expect(page.getByRole("navigation", { name: "Quick links" })).toBeHidden();
  });

  test("the admin screen comes in its own script chunk", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto("/about");
    await expect(pageTitle(page)).toBeVisible();
    const before = scripts.length;
    await page.getByRole("contentinfo").getByRole("link", { name: "Admin Login" }).click();
    await expect(pageTitle(page)).toHaveText("Admin Controls");
    expect(scripts.slice(before).some((path) => /\/assets\/admin-[\w-]+\.js$/.test(path))).toBe(true);
  });

  test("an unknown API path answers 404 with a JSON message", async ({ request }) => {
    const response = await request.get("/api/nope");
    expect(response.status()).toBe(404);
    expect(response.headers()["content-type"]).toContain("application/json");
    const body = (await response.json()) as { message?: unknown };
    expect(typeof body.message).toBe("string");
  });
});
