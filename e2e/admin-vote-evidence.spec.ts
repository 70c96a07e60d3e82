import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test, toastRegion as toasts, withWinnerLock } from "./fixtures";

/**
 * The dashboard's Vote Evidence tab: a vote ring (five visitors from one /24 within a minute) shows as a
 * marked burst under its network's hash prefix, never an address, and staff void it after a confirmation.
 * Runs on a desktop and a phone, on the shared seeded server, with its own uniquely named headline.
 */

const ADMIN = { username: "admin", password: "e2e-admin-password" };

async function logIn(request: APIRequestContext) {
  const response = await request.post("/api/login", { data: ADMIN });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * A visitor's submission with a title no other run uses (sent before logging in: staff submissions are
 * token listings and need a contract address).
 */
async function submitHeadline(page: Page): Promise<{ id: number; title: string }> {
  const title = `E2E Ring ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  const submitted = await page.request.post("/api/headlines", {
    data: {
      title,
      description: "An end-to-end test headline that a vote ring picks on.",
      imageUrl: "https://example.com/x.png",
    },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  const { id } = (await submitted.json()) as { id: number };
  return { id, title };
}

/**
 * Opens a new cycle when this one's winner is already chosen (then its votes can no longer be voided). A
 * schedule change keeps a staff-crowned winner decided while its cycle is open (settings.service.ts), so the
 * open cycle is first brought to a close a moment away, and the new one set once that close has passed.
 */
async function openCycle(page: Page) {
  const evidence = await page.request.get("/api/admin/vote-evidence");
  if (!((await evidence.json()) as { winnerChosen: boolean }).winnerChosen) return;
  const setCycle = async (votingEndTime: Date) => {
    const launchTime = new Date(Date.now() + 2 * 86_400_000);
    const res = await page.request.put("/api/admin/settings", {
      data: { votingEndTime: votingEndTime.toISOString(), launchTime: launchTime.toISOString() },
    });
    expect(res.ok(), await res.text()).toBe(true);
  };
  await setCycle(new Date(Date.now() + 2_000));
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  await setCycle(new Date(Date.now() + 86_400_000));
}

test("a burst of votes from one network shows marked by its hash, and staff void it", async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  // The desktop and phone runs may wait for each other's winner lock.
  test.setTimeout(180_000);
  const { id, title } = await submitHeadline(page);
  await logIn(page.request);
  await withWinnerLock(async () => {
    await openCycle(page);
    expect((await page.request.post(`/api/admin/headlines/${id}/approve`)).ok()).toBe(true);

    // Five visitors (fresh cookie jars) from five addresses of one /24, plus one from elsewhere.
    const net = `198.19.${Math.floor(Math.random() * 256)}`;
    const addresses = [1, 2, 3, 4, 5]
      .map((i) => `${net}.${i}`)
      .concat(`198.20.${Math.floor(Math.random() * 256)}.9`);
    for (const address of addresses) {
      const visitor = await playwright.request.newContext({
        baseURL,
        extraHTTPHeaders: { "x-forwarded-for": address, "user-agent": "RingBot/1.0" },
      });
      const voted = await visitor.post("/api/vote", { data: { headlineId: id } });
      expect(voted.status(), await voted.text()).toBe(200);
      await visitor.dispose();
    }

    await page.goto("/admin?tab=vote-evidence");
    await expect(page.getByRole("tab", { name: "Vote Evidence", exact: true })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    const card = page
      .getByTestId("vote-evidence-headline")
      .filter({ has: page.getByRole("heading", { name: title, exact: true }) });
    await expect(card).toBeVisible();
    await expect(card.getByTestId("vote-evidence-votes")).toHaveText("6 votes");
    await expect(card.getByText("1 burst", { exact: true })).toBeVisible();

    const networks = card.getByRole("region", { name: `By network: ${title}` });
    const burst = networks.getByTestId("vote-cluster").filter({ hasText: "Burst" });
    await expect(burst).toHaveCount(1);
    await expect(burst).toContainText("5 votes");
    await expect(burst).toContainText("5 addresses");
    await expect(burst.locator("code")).toHaveText(/^[0-9a-f]{8}$/);
    // No address anywhere on the page.
    await expect(page.locator("body")).not.toContainText(net);

    expect(await blockingViolations(page, "[role=tabpanel]")).toEqual([]);
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath("vote-evidence.png"), fullPage: false });

    // Cancelling keeps the votes.
    await burst.getByRole("button", { name: /^Void/ }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText("Void these votes?");
    await expect(dialog).toContainText(`The 5 votes on "${title}"`);
    await page.screenshot({ path: testInfo.outputPath("vote-evidence-confirm.png") });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByTestId("vote-evidence-votes")).toHaveText("6 votes");

    await burst.getByRole("button", { name: /^Void/ }).click();
    await dialog.getByRole("button", { name: "Void Votes", exact: true }).click();
    await expect(toasts(page).getByText("Votes voided", { exact: true })).toBeVisible();
    await expect(toasts(page).getByText("5 votes removed. The headline now has 1 vote.")).toBeVisible();
    await expect(card.getByTestId("vote-evidence-votes")).toHaveText("1 vote");
    await expect(card.getByText("5 voided", { exact: true })).toBeVisible();
    await expect(networks.getByTestId("vote-cluster").filter({ hasText: "Burst" })).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath("vote-evidence-voided.png"), fullPage: false });
  });
});

test("shows an error with a retry when the evidence cannot be loaded", async ({ page }) => {
  await logIn(page.request);
  let fail = true;
  await page.route("**/api/admin/vote-evidence", (route) =>
    fail ? route.fulfill({ status: 503, json: { message: "Storage unavailable" } }) : route.continue(),
  );
  await page.goto("/admin?tab=vote-evidence");
  const alert = page.getByRole("alert").filter({ hasText: "Error loading vote evidence" });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText("Storage unavailable");
  fail = false;
  await alert.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByTestId("vote-evidence-headline").first()).toBeVisible();
});

/** Serious and critical axe violations within one part of the page. */
async function blockingViolations(page: Page, within: string) {
  const results = await new AxeBuilder({ page }).include(within).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target.join(" ")) }));
}
