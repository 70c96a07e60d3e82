import { expect, isPhone, SITE_NAME, test, toastItems as toasts } from "./fixtures";

// Toasts follow the spec: one at a time (a new one replaces it), 5 s auto-close, a 50 px swipe right
// dismisses, F8 moves focus to them. Copying a contract address is the simplest way to raise one.
test.describe("toasts", () => {
  test.beforeEach(async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/yesterdays-news");
  });

  async function raiseToast(page: import("@playwright/test").Page, index = 0) {
    await page
      .getByRole("button", { name: /^Copy .* contract address$/ })
      .nth(index)
      .click();
    await expect(toasts(page).filter({ hasText: "Copied!" }).last()).toBeVisible();
  }

  test("only one is visible: a new toast replaces the previous one", async ({ page }) => {
    await raiseToast(page, 0);
    await raiseToast(page, 1);
    await expect(toasts(page)).toHaveCount(1);
    await expect(toasts(page)).toContainText("Contract address copied to clipboard");
  });

  test("it closes by itself after about 5 seconds", async ({ page }) => {
    // The page's clock, not the wall clock: the 5 s pass in no time and the same way on a busy machine.
    await page.clock.install();
    await page.reload();
    await raiseToast(page);
    await page.mouse.move(0, 0);
    await page.clock.runFor(4_000);
    await expect(toasts(page)).toBeVisible();
    await page.clock.runFor(1_500);
    await expect(toasts(page)).toBeHidden();
  });

  test("F8 moves the focus to the toasts", async ({ page }) => {
    await raiseToast(page);
    await page.keyboard.press("F8");
    const focusedInside = await page.evaluate(() => {
      const region = [...document.querySelectorAll("[role=region]")].find((el) =>
        el.getAttribute("aria-label")?.startsWith("Notifications"),
      );
      return Boolean(region && document.activeElement && region.contains(document.activeElement));
    });
    expect(focusedInside).toBe(true);
  });

  test("its close button dismisses it", async ({ page }) => {
    await raiseToast(page);
    await toasts(page).getByRole("button", { name: "Close" }).click();
    await expect(toasts(page)).toHaveCount(0);
  });

  test("a swipe of more than 50 px to the right dismisses it, a shorter one does not", async ({ page }) => {
    test.skip(isPhone(page), "the mouse drives the swipe on the desktop project");
    await raiseToast(page);

    async function swipe(distance: number) {
      const box = await toasts(page).boundingBox();
      if (!box) throw new Error("the toast is on screen");
      const y = box.y + box.height / 2;
      const x = box.x + 40;
      await page.mouse.move(x, y);
      await page.mouse.down();
      for (let dx = 10; dx <= distance; dx += 10) await page.mouse.move(x + dx, y);
      await page.mouse.up();
    }

    await swipe(30);
    await expect(toasts(page)).toBeVisible();
    await swipe(120);
    await expect(toasts(page)).toHaveCount(0);
  });

  test("the error toasts of a page left are gone on the next page (issue 23)", async ({ page }) => {
    await page.goto("/submit");
    await page.getByRole("button", { name: "Submit Headline" }).click();
    await expect(toasts(page).getByText("Image required", { exact: true })).toBeVisible();
    // In the app, without a reload: the masthead's name leads home.
    await page.getByRole("banner").getByRole("link", { name: SITE_NAME }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(toasts(page).getByText("Image required", { exact: true })).toBeHidden();
  });
});
