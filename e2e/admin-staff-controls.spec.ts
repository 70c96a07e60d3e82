import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * Issue 31, "Staff controls that can only fail": what the server would refuse is drawn disabled with its
 * reason beside it; focus stays on a control after the dashboard's actions; the Audit tab says what
 * happened in words. Runs on a desktop and a phone, on the shared seeded server, with its own headlines.
 */

const PASSWORD = "e2e-admin-password";

function unique(label: string): string {
  return `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}

async function logIn(page: Page) {
  const response = await page.request.post("/api/login", { data: { username: "admin", password: PASSWORD } });
  expect(response.ok(), await response.text()).toBe(true);
}

async function openDashboard(page: Page, tab: string) {
  await page.goto(`/admin?tab=${tab}`);
  await expect(page.getByText("Logged in as")).toBeVisible();
}

function card(page: Page, title: string): Locator {
  return page
    .getByTestId("admin-headline")
    .filter({ has: page.getByRole("heading", { name: title, exact: true }) });
}

/** The text an element's aria-describedby points at. */
function description(control: Locator): Promise<string> {
  return control.evaluate((element) =>
    (element.getAttribute("aria-describedby") ?? "")
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(" ")
      .trim(),
  );
}

async function blockingViolations(page: Page, within: string) {
  const results = await new AxeBuilder({ page }).include(within).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target.join(" ")) }));
}

/** A promoted submission with no payment yet (Solana Pay: nothing pasted), approved by staff. */
async function approvedUnpaidPromotion(page: Page): Promise<{ id: number; title: string }> {
  const title = unique("E2E Unpaid Promo");
  const made = await page.request.post("/api/headlines/paid-submission", {
    data: {
      title,
      description: "An end-to-end promoted submission, approved before its payment.",
      imageUrl: "https://example.com/x.png",
      submittedBy: "E2E Dev Team",
      launchStatus: "upcoming",
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { id } = (await made.json()) as { id: number };
  await logIn(page);
  expect((await page.request.post(`/api/admin/headlines/${id}/approve`)).ok()).toBe(true);
  return { id, title };
}

test("controls the server would refuse are disabled, with its reason beside them", async ({ page }, info) => {
  const { id, title } = await approvedUnpaidPromotion(page);

  // Make Winner on a promotion awaiting its payment.
  await openDashboard(page, "active");
  const unpaid = card(page, title);
  const makeWinner = unpaid.getByRole("button", { name: /^Make Winner/ });
  await expect(makeWinner).toBeDisabled();
  const why = "This promoted submission's payment is not confirmed yet: it cannot win before it is paid.";
  await expect(unpaid.getByText(why)).toBeVisible();
  expect(await description(makeWinner)).toBe(why);
  // The server says the same.
  const refused = await page.request.post(`/api/admin/headlines/${id}/announce-winner`);
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { message: string }).message).toBe(why);
  await unpaid.scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath("active-unpaid-promotion.png") });
  expect(await blockingViolations(page, "[role=tabpanel]")).toEqual([]);

  // Every Winners card: the two switches.
  await openDashboard(page, "winners");
  const first = page.getByTestId("admin-headline").first();
  await expect(first).toBeVisible();
  for (const name of [/^Today's News/, /^Tomorrow's News/]) {
    const control = first.getByRole("switch", { name });
    await expect(control).toBeDisabled();
    const reason = await description(control);
    expect(reason).toMatch(/^Only an approved headline that is not a winner or launched can be in/);
    await expect(first.getByText(reason)).toBeVisible();
  }
  await first.getByRole("switch").last().scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath("winners-switches.png") });
  expect(await blockingViolations(page, "[role=tabpanel]")).toEqual([]);

  // Void, once the cycle's winner is chosen (the sample edition's cycle may not have one yet), on a cycle
  // with votes to void (after the desktop specs, the phone's run may find a new race without any).
  const evidence = (await (await page.request.get("/api/admin/vote-evidence")).json()) as {
    winnerChosen: boolean;
    headlines: { networks: unknown[] }[];
  };
  if (evidence.winnerChosen && evidence.headlines.some((h) => h.networks.length > 0)) {
    await openDashboard(page, "vote-evidence");
    const voidButton = page.getByRole("button", { name: /^Void/ }).first();
    await expect(voidButton).toBeDisabled();
    expect(await description(voidButton)).toBe(
      "This cycle's winner has been chosen: its votes can no longer be voided.",
    );
    await voidButton.scrollIntoViewIfNeeded();
    await page.screenshot({ path: info.outputPath("vote-evidence-void.png") });
  }
});

test("focus stays on a control after the Audit pager and Reject Payment", async ({ page }, info) => {
  // Submitted before logging in: staff submissions are token listings.
  const title = unique("E2E Reject");
  const base58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
  const transactionId = `E2E${Array.from({ length: 40 }, () => base58[Math.floor(Math.random() * 58)]).join("")}`;
  const paid = await page.request.post("/api/headlines/paid-submission", {
    data: {
      title,
      description: "An end-to-end paid submission whose payment staff reject.",
      imageUrl: "https://example.com/x.png",
      submittedBy: "E2E Dev Team",
      launchStatus: "upcoming",
      transactionId,
    },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  // Enough entries for a second page of the audit log, whatever ran before (an even count: the flag ends as it was).
  const made = await page.request.post("/api/headlines", {
    data: {
      title: unique("E2E Pager"),
      description: "An end-to-end headline whose switch is flipped to fill the audit log.",
      imageUrl: "https://example.com/x.png",
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { id } = (await made.json()) as { id: number };
  await logIn(page);
  expect((await page.request.post(`/api/admin/headlines/${id}/approve`)).ok()).toBe(true);
  for (let i = 0; i < 26; i += 1) {
    expect((await page.request.post(`/api/admin/headlines/${id}/toggle-tomorrows`)).ok()).toBe(true);
  }

  await openDashboard(page, "audit");
  const panel = page.getByRole("tabpanel");
  // In words, one row per toggle, times in ET, a pager above the list and below it.
  const first = panel.getByRole("list", { name: /page 1$/ });
  // Among the newest rows (a test in the other project may have acted since): in words.
  await expect(first).toContainText(/Taken out of Tomorrow's News|Moved into Tomorrow's News/);
  await expect(first).not.toContainText("/api/");
  await expect(first).not.toContainText("EST");
  await expect(first.locator(":scope > li").first()).toContainText(" ET");
  await expect(panel.getByRole("navigation", { name: /^Audit log pages/ })).toHaveCount(2);
  await page.screenshot({ path: info.outputPath("audit-page-1.png") });
  expect(await blockingViolations(page, "[role=tabpanel]")).toEqual([]);
  const older = panel.getByRole("navigation", { name: "Audit log pages" }).last().getByRole("button", {
    name: "Older",
  });
  await older.focus();
  await page.keyboard.press("Enter");
  const second = panel.getByRole("list", { name: /page 2$/ });
  await expect(second).toBeFocused();
  // Page 2 opens at its top, not scrolled to its end.
  const top = await second.evaluate((list) => list.getBoundingClientRect().top);
  expect(top).toBeGreaterThanOrEqual(0);
  expect(top).toBeLessThan(page.viewportSize()?.height ?? 800);
  await page.screenshot({ path: info.outputPath("audit-page-2.png") });

  // Reject Payment: the button is disabled for good once it has rejected; focus goes on to Verify Payment.
  await openDashboard(page, "pending");
  const submission = card(page, title);
  const reject = submission.getByRole("button", { name: "Reject Payment" });
  await reject.focus();
  await page.keyboard.press("Enter");
  await expect(submission.getByText("Rejected", { exact: true })).toBeVisible();
  await expect(reject).toBeDisabled();
  await expect(submission.getByRole("button", { name: "Verify Payment" })).toBeFocused();
  await page.screenshot({ path: info.outputPath("rejected-payment.png") });
});

test("Tomorrow's News says Delete Completely hides a candidate and keeps its votes", async ({
  page,
}, info) => {
  await logIn(page);
  await openDashboard(page, "tomorrows-news");
  const candidate = page.getByTestId("admin-headline").first();
  const remove = candidate.getByRole("button", { name: /^Delete Completely/ });
  const hint = "Hides it from every list and page; its votes stay on record.";
  await expect(candidate.getByText(hint)).toBeVisible();
  expect(await description(remove)).toBe(hint);
  await remove.scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath("tomorrows-delete-hint.png") });
  await remove.click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("Hide this candidate everywhere?");
  await expect(dialog).toContainText("Nothing is erased");
  await expect(dialog.getByRole("button", { name: "Hide, Keep Votes" })).toBeVisible();
  await page.screenshot({ path: info.outputPath("tomorrows-delete-confirm.png") });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(remove).toBeFocused();
  expect(await blockingViolations(page, "[role=tabpanel]")).toEqual([]);
});
