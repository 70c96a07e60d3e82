import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test, toastRegion as toasts } from "./fixtures";

/**
 * The dashboard's Telegram tab against the fake Bot API the end-to-end server posts to (playwright.config.ts):
 * the channel shows as connected by its chat, never the token; a test message is sent with a toast and joins
 * the list with its time in Eastern ("ET"). Runs on a desktop and a phone.
 */

const ADMIN = { username: "admin", password: "e2e-admin-password" };
const TOKEN_SECRET = "AAE2eFakeTokenForTheFakeBotApi";

async function logIn(request: APIRequestContext) {
  const response = await request.post("/api/login", { data: ADMIN });
  expect(response.status(), await response.text()).toBe(200);
}

async function blockingViolations(page: Page, within: string) {
  const results = await new AxeBuilder({ page }).include(within).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target.join(" ")) }));
}

test("the Telegram tab shows the channel, sends a test message with a toast and lists it", async ({
  page,
}, testInfo) => {
  await logIn(page.request);
  await page.goto("/admin?tab=telegram");
  await expect(page.getByRole("tab", { name: "Telegram", exact: true })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  const panel = page.getByRole("tabpanel");
  await expect(panel.getByRole("heading", { name: "Telegram Channel Connected" })).toBeVisible();
  await expect(panel).toContainText("@memegazette_e2e");

  const before = await panel
    .getByRole("list", { name: "Telegram posts, newest first" })
    .getByRole("listitem")
    .count()
    .catch(() => 0);
  await panel.getByRole("button", { name: "Send test message" }).click();
  await expect(toasts(page)).toContainText("Test message sent");
  const posts = panel.getByRole("list", { name: "Telegram posts, newest first" }).getByRole("listitem");
  await expect.poll(() => posts.count()).toBeGreaterThan(before);
  const newest = posts.first();
  await expect(newest).toContainText("Test message");
  await expect(newest).toContainText("Sent");
  await expect(newest.locator("time")).toHaveText(/ ET$/);
  await expect(page.locator("body")).not.toContainText(TOKEN_SECRET);

  // Every control a finger presses is at least 44 px tall (decision 004).
  const button = await panel.getByRole("button", { name: "Send test message" }).boundingBox();
  expect(button?.height ?? 0).toBeGreaterThanOrEqual(44);
  // Nothing wider than the screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  expect(await blockingViolations(page, "[role=tabpanel]")).toEqual([]);
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("telegram.png"), fullPage: false });
});
