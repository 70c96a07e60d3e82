import { randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { getBase58Decoder } from "@solana/kit";
import { expect, test, toastRegion as toasts, withWinnerLock } from "./fixtures";

/**
 * The admin's day, through the dashboard at /admin. It runs after the visitor specs on the same seeded
 * server, on a desktop and then a phone, so every test makes its own headlines with unique titles and
 * never relies on what another run left behind.
 */

const PASSWORD = "e2e-admin-password";
const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

function unique(label: string): string {
  return `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}

function randomFrom(alphabet: string, length: number): string {
  return Array.from({ length }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join("");
}

async function submitFree(page: Page, title: string): Promise<number> {
  const response = await page.request.post("/api/headlines", {
    data: {
      title,
      description: "An end-to-end test headline, made fresh for this run.",
      imageUrl: "https://example.com/x.png",
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

async function submitPaid(page: Page, title: string, transactionId: string): Promise<number> {
  const response = await page.request.post("/api/headlines/paid-submission", {
    data: {
      title,
      description: "An end-to-end paid submission, made fresh for this run.",
      imageUrl: "https://example.com/x.png",
      submittedBy: "E2E Dev Team",
      launchStatus: "upcoming",
      transactionId,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/** Logs in through the API (the browser shares its cookies); the login form has its own test. */
async function logIn(page: Page) {
  const response = await page.request.post("/api/login", { data: { username: "admin", password: PASSWORD } });
  expect(response.ok(), await response.text()).toBe(true);
}

async function openDashboard(page: Page, tab?: string) {
  await page.goto(tab ? `/admin?tab=${tab}` : "/admin");
  await expect(page.getByText("Logged in as")).toBeVisible();
}

function card(page: Page, title: string): Locator {
  return page
    .getByTestId("admin-headline")
    .filter({ has: page.getByRole("heading", { name: title, exact: true }) });
}

async function confirm(page: Page, answer: string) {
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: answer, exact: true }).click();
}

/** Serious and critical axe violations; `within` narrows the run to one part of the page (a tab panel). */
async function blockingViolations(page: Page, within?: string) {
  const builder = new AxeBuilder({ page });
  const results = await (within ? builder.include(within) : builder).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(" ")) }));
}

test.describe("admin dashboard", () => {
  test("logs in (after a refused password) and out", async ({ page }) => {
    await page.goto("/admin");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin Controls");
    await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
    await expect(
      page.getByText("Only administrators and staff of the paper can access this page."),
    ).toBeVisible();

    await page.getByRole("button", { name: "Log In" }).click();
    await expect(page.getByText("Username is required")).toBeVisible();
    await expect(page.getByText("Password is required")).toBeVisible();

    await page.getByLabel("Username").fill("admin");
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Log In" }).click();
    await expect(toasts(page).getByText("Login failed")).toBeVisible();
    await expect(toasts(page).getByText("Please check your credentials")).toBeVisible();

    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Log In" }).click();
    await expect(page.getByText("Logged in as")).toContainText("admin");
    await expect(page.getByText("Pending Approval").first()).toBeVisible();
    // The success answers the failure: its red toast does not stay over the dashboard (issue 23).
    await expect(toasts(page).getByText("Login failed")).toBeHidden();

    // The session survives a reload: it is checked on load.
    await page.reload();
    await expect(page.getByText("Logged in as")).toBeVisible();

    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
  });

  test("approves a submission and takes it through winner, contract address and Yesterday's News", async ({
    page,
  }) => {
    // It may wait for the winner lock while another admin spec launches a coin or runs a close.
    test.setTimeout(180_000);
    const title = unique("E2E Winner");
    // A Solana address: 32 random bytes in base58 (the server refuses base58 of any other length).
    const address = getBase58Decoder().decode(randomBytes(32));
    await submitFree(page, title);
    await logIn(page);
    await openDashboard(page);

    // Pending Approval -> approve.
    await card(page, title)
      .getByRole("button", { name: /^Approve/ })
      .click();
    await expect(toasts(page).getByText("Headline approved")).toBeVisible();
    await expect(card(page, title)).toHaveCount(0);
    // The card left; the keyboard's focus went to its neighbour or the panel, not to <body> (issue 23).
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).not.toBe("BODY");

    // Active Headlines: in today's voting, not in Tomorrow's News (the two switches have their own test).
    await page.getByRole("tab", { name: "Active Headlines" }).click();
    const active = card(page, title);
    await expect(active.getByText("In voting")).toBeVisible();
    await expect(active.getByRole("switch", { name: /^Tomorrow's News/ })).toHaveAttribute(
      "aria-checked",
      "false",
    );

    await withWinnerLock(async () => {
      // Make Winner, after the confirmation.
      await active.getByRole("button", { name: /^Make Winner/ }).click();
      await confirm(page, "Make Winner");
      await expect(toasts(page).getByText("Winner announced")).toBeVisible();

      // Winners: the contract address prompt checks the address before sending it.
      await page.getByRole("tab", { name: "Winners" }).click();
      const winner = card(page, title);
      await expect(winner.getByText("Not set yet")).toBeVisible();
      await winner.getByRole("button", { name: /^Set Contract Address/ }).click();
      const prompt = page.getByRole("dialog", { name: "Set Contract Address" });
      await prompt.getByLabel("Contract address").fill("not-a-solana-address");
      await prompt.getByRole("button", { name: "Save Address" }).click();
      await expect(prompt.getByText("Invalid Solana contract address format")).toBeVisible();
      await prompt.getByLabel("Contract address").fill(address);
      await prompt.getByRole("button", { name: "Save Address" }).click();
      await expect(toasts(page).getByText("Contract address saved")).toBeVisible();
      await expect(prompt).toBeHidden();
      await expect(winner.getByText(address)).toBeVisible();

      // Move Winner to Yesterday: the toast names the headline that moved.
      await page.getByRole("button", { name: "Move Winner to Yesterday" }).click();
      await confirm(page, "Move Winner");
      await expect(toasts(page).getByText(`${title} is now archived.`)).toBeVisible();
    });

    // The public pages show it.
    await page.goto("/yesterdays-news");
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await page.goto("/archive");
    await expect(page.getByRole("tab").first()).toBeVisible();
    await expect(await findInArchive(page, title)).toBeVisible();
  });

  test("verifies a paid submission's payment", async ({ page }) => {
    const title = unique("E2E Paid");
    const transactionId = `E2E${randomFrom(BASE58, 40)}`;
    await submitPaid(page, title, transactionId);
    await logIn(page);
    await openDashboard(page);

    const paid = card(page, title);
    await expect(paid.getByText("Developer Project")).toBeVisible();
    await expect(paid.getByText(transactionId)).toBeVisible();
    await expect(paid.getByText("Pending Verification")).toBeVisible();
    await expect(paid.getByRole("link", { name: /View on Solscan/ })).toHaveAttribute(
      "href",
      `https://solscan.io/tx/${transactionId}`,
    );
    await paid.getByRole("button", { name: "Verify Payment" }).click();
    await expect(toasts(page).getByText("Payment verified")).toBeVisible();
    await expect(paid.getByText("Verified", { exact: true })).toBeVisible();
    await expect(paid.getByText("Verified by staff")).toBeVisible();
    await expect(paid.getByRole("button", { name: "Verify Payment" })).toBeDisabled();
  });

  test("deletes an active headline only after two confirmations", async ({ page }) => {
    const title = unique("E2E Delete");
    const id = await submitFree(page, title);
    await logIn(page);
    const approved = await page.request.post(`/api/admin/headlines/${id}/approve`);
    expect(approved.ok()).toBe(true);
    await openDashboard(page, "active");

    const active = card(page, title);
    await active.getByRole("button", { name: /^Delete/ }).click();
    await confirm(page, "Continue");
    await expect(page.getByRole("alertdialog")).toContainText("Really delete it?");
    await expect(page.getByRole("alertdialog")).toContainText("votes stay on record");
    // Cancelling the second question keeps the headline.
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("alertdialog")).toBeHidden();
    await expect(active).toHaveCount(1);

    await active.getByRole("button", { name: /^Delete/ }).click();
    await confirm(page, "Continue");
    await confirm(page, "Delete Headline");
    await expect(toasts(page).getByText("Headline deleted")).toBeVisible();
    await expect(active).toHaveCount(0);
  });

  test("the two news switches are independent: a headline in both lists stays in today's voting", async ({
    page,
  }) => {
    const title = unique("E2E Both Lists");
    const id = await submitFree(page, title);
    await logIn(page);
    expect((await page.request.post(`/api/admin/headlines/${id}/approve`)).ok()).toBe(true);
    await openDashboard(page, "active");

    const active = card(page, title);
    await active.getByRole("switch", { name: /^Tomorrow's News/ }).click();
    await expect(toasts(page).getByText("Added to Tomorrow's News")).toBeVisible();
    await expect(active.getByRole("switch", { name: /^Tomorrow's News/ })).toHaveAttribute(
      "aria-checked",
      "true",
    );
    await expect(active.getByRole("switch", { name: /^Today's News/ })).toHaveAttribute(
      "aria-checked",
      "true",
    );
    await expect(active.getByText("In voting")).toBeVisible();

    await page.getByRole("tab", { name: "Tomorrow's News" }).click();
    await expect(card(page, title).getByText("Also in Today's News")).toBeVisible();

    // Visitors see it in both lists.
    const home = (await (await page.request.get("/api/headlines")).json()) as Array<{ id: number }>;
    const tomorrow = (await (await page.request.get("/api/tomorrows-news")).json()) as Array<{ id: number }>;
    expect(home.map((h) => h.id)).toContain(id);
    expect(tomorrow.map((h) => h.id)).toContain(id);
  });

  test("approving a promoted submission before its payment says when it joins the voting", async ({
    page,
  }) => {
    const title = unique("E2E Unpaid");
    const made = await page.request.post("/api/headlines/paid-submission", {
      data: {
        title,
        description: "An end-to-end promoted submission, not paid yet.",
        imageUrl: "https://example.com/x.png",
        submittedBy: "E2E Dev Team",
        launchStatus: "upcoming",
      },
    });
    expect(made.status(), await made.text()).toBe(201);
    const { id } = (await made.json()) as { id: number };
    await logIn(page);
    await openDashboard(page);
    await card(page, title)
      .getByRole("button", { name: /^Approve/ })
      .click();
    await expect(
      toasts(page).getByText("Approved — it joins today's voting when its payment is confirmed."),
    ).toBeVisible();
    // Not in today's voting, and it takes no vote, until it is paid.
    const home = (await (await page.request.get("/api/headlines")).json()) as Array<{ id: number }>;
    expect(home.map((h) => h.id)).not.toContain(id);
    expect((await page.request.post("/api/vote", { data: { headlineId: id } })).status()).toBe(404);
  });

  test("the Audit tab shows who did what, newest first, filtered by headline", async ({ page }) => {
    const title = unique("E2E Audit");
    const id = await submitFree(page, title);
    await logIn(page);
    expect((await page.request.post(`/api/admin/headlines/${id}/approve`)).ok()).toBe(true);
    await openDashboard(page, "audit");
    const panel = page.getByRole("tabpanel");
    await panel.getByLabel("Headline id").fill(String(id));
    await panel.getByRole("button", { name: "Filter" }).click();
    const log = panel.getByRole("list", { name: "Audit log, newest first" });
    // One row per action, in words: staff's approval, then the visitor's submission.
    const rows = log.locator(":scope > li");
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText("Approved: joins today's voting");
    await expect(rows.nth(1)).toContainText("visitor");
    await expect(rows.nth(1)).toContainText("Submitted for review");
    await expect(log).not.toContainText("/api/");
    await expect(log.getByRole("link", { name: title }).first()).toBeVisible();
    expect(await blockingViolations(page, "[role=tabpanel]")).toEqual([]);
    // Nothing cut off at the phone's width either.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test("an expired session sends the admin back to the login form", async ({ page, context }) => {
    const title = unique("E2E Session");
    await submitFree(page, title);
    await logIn(page);
    await openDashboard(page);
    await expect(card(page, title)).toBeVisible();

    await context.clearCookies();
    await card(page, title)
      .getByRole("button", { name: /^Approve/ })
      .click();
    await expect(toasts(page).getByText("Session expired")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
  });

  test("the dashboard and its tabs have no serious or critical violations", async ({ page }) => {
    test.setTimeout(150_000); // one axe run per tab, on a phone too
    await submitFree(page, unique("E2E Axe"));
    await logIn(page);
    await openDashboard(page);
    await page.waitForLoadState("networkidle");
    expect(await blockingViolations(page)).toEqual([]);

    for (const tab of [
      "Active Headlines",
      "Winners",
      "Archive",
      "Yesterday's News",
      "Tomorrow's News",
      "Audit",
    ]) {
      await page.getByRole("tab", { name: tab }).click();
      await expect(page.getByRole("tabpanel").getByRole("heading", { name: tab, level: 2 })).toBeVisible();
      await page.waitForLoadState("networkidle");
      await expect(page.getByRole("status", { name: /Loading/ })).toHaveCount(0);
      // The page around the panel was checked above; each tab only adds its own panel.
      expect(await blockingViolations(page, "[role=tabpanel]"), tab).toEqual([]);
    }
  });

  test("the dashboard's dialogs have no serious or critical violations", async ({ page }) => {
    test.slow();
    await logIn(page);
    await openDashboard(page);

    await page.getByRole("button", { name: "Set Custom Countdown Time" }).click();
    await expect(page.getByRole("dialog", { name: "Set Custom Countdown Time" })).toBeVisible();
    expect(await blockingViolations(page)).toEqual([]);
    // A confirmation opened on top of that dialog.
    await page.getByRole("button", { name: "Start Weekly Monday Schedule" }).click();
    await expect(page.getByRole("alertdialog")).toBeVisible();
    expect(await blockingViolations(page)).toEqual([]);
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel" }).click();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();

    await page.getByRole("button", { name: "Select Today's Winner" }).click();
    await expect(page.getByRole("alertdialog")).toBeVisible();
    expect(await blockingViolations(page)).toEqual([]);
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("alertdialog")).toBeHidden();
  });

  test.describe("with the staff member's clock in Los Angeles", () => {
    test.use({ timezoneId: "America/Los_Angeles" });

    test("sets a custom countdown in Eastern time, once both fields are filled", async ({ page }) => {
      await logIn(page);
      await openDashboard(page);
      await page.getByRole("button", { name: "Set Custom Countdown Time" }).click();
      const dialog = page.getByRole("dialog", { name: "Set Custom Countdown Time" });
      await expect(dialog.getByText("US Eastern time (ET, New York)")).toBeVisible();

      await dialog.getByRole("button", { name: "Set Custom Time" }).click();
      // While the dialog is open the page behind it is hidden from assistive technology, so the dialog
      // repeats the toast's words.
      await expect(dialog.getByRole("alert")).toContainText("Missing Date/Time");
      await expect(page.getByRole("alertdialog")).toHaveCount(0);

      // A day far enough ahead that voting stays open for the specs that follow.
      const day = new Date(Date.now() + 60 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
      await dialog.getByLabel("Launch date (ET)").fill(day);
      await dialog.getByLabel("Launch time (ET)").fill("19:30");
      await dialog.getByRole("button", { name: "Set Custom Time" }).click();
      await expect(page.getByRole("alertdialog")).toContainText("at 5:30 PM ET (2:30 PM your time)");
      await expect(page.getByRole("alertdialog")).toContainText("at 7:30 PM ET (4:30 PM your time)");
      await confirm(page, "Set Custom Time");
      await expect(toasts(page).getByText("Countdown updated")).toBeVisible();
      await expect(dialog).toBeHidden();
      const times = page.getByRole("region", { name: "Daily Actions" });
      await expect(times.getByText(/at 7:30 PM ET$/)).toBeVisible();
      await expect(times.getByText(/at 5:30 PM ET$/)).toBeVisible();
      await expect(times).toContainText("(4:30 PM your time)");
      await expect(times).not.toContainText("Central");
      await expect(times.getByText("Custom", { exact: true })).toBeVisible();
    });

    test("the Monday button keeps its words and states the Eastern times it sets", async ({ page }) => {
      await logIn(page);
      await openDashboard(page);
      await page.getByRole("button", { name: "Set Custom Countdown Time" }).click();
      await page.getByRole("button", { name: "Set to 7 PM Central Next Monday" }).click();
      const question = page.getByRole("alertdialog");
      await expect(question).toContainText(/Voting ends Monday, \w+ \d+ at 6:00 PM ET \(3:00 PM your time\)/);
      await expect(question).toContainText(/launches Monday, \w+ \d+ at 8:00 PM ET \(5:00 PM your time\)/);
      await question.getByRole("button", { name: "Cancel" }).click();
    });
  });
});

/** The archive shows one month per tab: look in each until the entry shows (newest month first). */
async function findInArchive(page: Page, title: string): Promise<Locator> {
  const entry = page.getByText(title, { exact: true }).filter({ visible: true });
  const tabs = page.getByRole("tab");
  const count = await tabs.count();
  for (let i = 0; i < count; i++) {
    await tabs.nth(i).click();
    if ((await entry.count()) > 0) return entry.first();
  }
  return entry.first();
}
