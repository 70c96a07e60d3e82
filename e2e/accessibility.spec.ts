import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, isPhone, pageTitle, ROUTE_TITLES, test } from "./fixtures";

/** Runs axe and keeps the violations that block people: serious and critical. */
async function blockingViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(" ")),
    }));
}

test.describe("accessibility (axe)", () => {
  for (const { path, title } of ROUTE_TITLES) {
    test(`${path} has no serious or critical violations`, async ({ page }) => {
      await page.goto(path);
      await expect(pageTitle(page)).toHaveText(title);
      // Wait for the page's data so axe checks the real content, not only the loading state.
      await page.waitForLoadState("networkidle");
      expect(await blockingViolations(page)).toEqual([]);
    });
  }

  test("a receipt awaiting payment (QR code, wallet button, paste form) has no serious or critical violations", async ({
    page,
    visitorAddress,
  }) => {
    const made = await page.request.post("/api/headlines/paid-submission", {
      headers: { "x-forwarded-for": visitorAddress },
      data: {
        submittedBy: "Axe Labs",
        title: "Screen Readers Love Pixel Newspapers",
        description: "A receipt page checked for accessibility, awaiting its payment.",
        imageUrl: "https://images.example.com/axe.png",
        launchStatus: "upcoming",
      },
    });
    expect(made.status()).toBe(201);
    await page.goto(`/submission/${(await made.json()).receipt}`);
    await expect(pageTitle(page)).toHaveText("Your Submission");
    await expect(page.getByRole("button", { name: "Pay with wallet" })).toBeVisible();
    await page.getByText("Paid another way? Paste the transaction ID").click();
    expect(await blockingViolations(page)).toEqual([]);
  });

  test("the archive's details dialog has no serious or critical violations", async ({ page }) => {
    await page.goto("/archive");
    await page
      .getByRole("button", { name: /^View Details: / })
      .first()
      .click();
    await expect(page.getByRole("dialog")).toBeVisible();
    expect(await blockingViolations(page)).toEqual([]);
  });

  test("the open game menu has no serious or critical violations", async ({ page }) => {
    test.skip(!isPhone(page), "the game menu is for phones");
    await page.goto("/about");
    await page.getByRole("button", { name: "Game Menu" }).click();
    await expect(page.getByRole("button", { name: "Close Menu" })).toBeVisible();
    expect(await blockingViolations(page)).toEqual([]);
  });

  test("a toast has no serious or critical violations", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/yesterdays-news");
    await page
      .getByRole("button", { name: /^Copy .* contract address$/ })
      .first()
      .click();
    await expect(page.getByRole("region", { name: /Notifications/ }).getByText("Copied!")).toBeVisible();
    expect(await blockingViolations(page)).toEqual([]);
  });
});
