import { expect, isPhone, pageTitle, test } from "./fixtures";

test.describe("phone navigation", () => {
  test.beforeEach(({ page }) => {
    test.skip(!isPhone(page), "the game menu and the bottom bar are for phones");
  });

  test("Game Menu opens the list, becomes Close Menu, and closes after choosing a page", async ({ page }) => {
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Game Menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    const menu = page.getByRole("navigation", { name: "Main" });
    await expect(menu.getByRole("link", { name: "Archive" })).toBeHidden();

    await toggle.click();
    const close = page.getByRole("button", { name: "Close Menu" });
    await expect(close).toHaveAttribute("aria-expanded", "true");
    // toContainText: each link also holds an aria-hidden "▶" marker.
    await expect(menu.getByRole("link")).toContainText([
      "Today's News",
      "Tomorrow's News",
      "Yesterday's News",
      "Archive",
      "Submit",
      "Promoted",
      "About",
    ]);
    await expect(menu.getByRole("link", { name: "Today's News" })).toHaveAttribute("aria-current", "page");

    await menu.getByRole("link", { name: "Archive" }).click();
    await expect(page).toHaveURL(/\/archive$/);
    await expect(pageTitle(page)).toHaveText("Meme Gazette Archive");
    await expect(page.getByRole("button", { name: "Game Menu" })).toHaveAttribute("aria-expanded", "false");
    await expect(menu.getByRole("link", { name: "Archive" })).toBeHidden();
  });

  test("Escape closes the menu", async ({ page }) => {
    await page.goto("/about");
    await page.getByRole("button", { name: "Game Menu" }).click();
    await expect(page.getByRole("button", { name: "Close Menu" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("button", { name: "Game Menu" })).toHaveAttribute("aria-expanded", "false");
  });

  test("the bottom bar has four large items and never covers the end of the page", async ({ page }) => {
    await page.goto("/about");
    const bar = page.getByRole("navigation", { name: "Quick links" });
    const items = bar.getByRole("link");
    await expect(items).toHaveText(["Home", "Tomorrow", "Yesterday", "Submit"]);
    for (const item of await items.all()) {
      const box = await item.boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
      expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
      await expect(item.locator("svg")).toBeVisible();
    }

    // At the very bottom, the last line of the footer sits above the fixed bar.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const staff = page.getByRole("link", { name: "Staff Login" });
    await expect.poll(async () => (await staff.boundingBox())?.y ?? 0).toBeGreaterThan(0);
    const last = await staff.boundingBox();
    const barBox = await bar.boundingBox();
    expect((last?.y ?? 0) + (last?.height ?? 0)).toBeLessThanOrEqual(barBox?.y ?? 0);

    await bar.getByRole("link", { name: "Tomorrow" }).click();
    await expect(pageTitle(page)).toHaveText("Tomorrow's News");
    await expect(bar.getByRole("link", { name: "Tomorrow" })).toHaveAttribute("aria-current", "page");
  });
});
