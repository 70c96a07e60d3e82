import { expect, test } from "./fixtures";

/**
 * The dashboard's tab bar on every width: the tabs wrap into a grid on a phone instead of a strip wider
 * than the screen, every tab is on screen without scrolling sideways, and a tab can be chosen by touch.
 */
test("the dashboard's tabs fit the screen and every one of them can be chosen", async ({ page }) => {
  const login = await page.request.post("/api/login", {
    data: { username: "admin", password: "e2e-admin-password" },
  });
  expect(login.status()).toBe(200);
  await page.goto("/admin");
  const tabs = page.getByRole("tab");
  await expect(tabs.first()).toBeVisible();
  expect(await tabs.count()).toBeGreaterThanOrEqual(11);

  const viewport = page.viewportSize();
  if (!viewport) throw new Error("no viewport");
  // No sideways scrolling anywhere on the page.
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(viewport.width);
  for (const tab of await tabs.all()) {
    const box = await tab.boundingBox();
    expect(box, (await tab.textContent()) ?? "").not.toBeNull();
    if (!box) continue;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    // A tap target of at least 44 px high (docs/ARCHITECTURE.md).
    expect(box.height).toBeGreaterThanOrEqual(44);
  }

  const last = tabs.last();
  await last.click();
  await expect(last).toHaveAttribute("aria-selected", "true");
});
