import { randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { request as playwrightRequest } from "@playwright/test";
import { getBase58Decoder } from "@solana/kit";
import type { TokenInfo, TrendingHeadline, TrendingToken } from "../src/common/trending";
import { expect, test, toastRegion as toasts } from "./fixtures";

/**
 * The dashboard's tools: trending imports, the manual token import, "generate token from address",
 * notifications, staff management, the security reset form, and the token edit on Yesterday's News.
 * Every test makes its own uniquely named data, so the file passes again on the same database. No outside
 * service is reachable here: the trending and token-info answers are routed to fixtures.
 */

const ADMIN = { username: "admin", password: "e2e-admin-password" };

function unique(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

/** A fresh Solana address (32 random bytes in base58, as the server checks) that no earlier run has used. */
function uniqueAddress(): string {
  return getBase58Decoder().decode(randomBytes(32));
}

async function logIn(request: APIRequestContext, account: { username: string; password: string }) {
  const response = await request.post("/api/login", { data: account });
  expect(response.status(), await response.text()).toBe(200);
}

async function openDashboard(page: Page, tab: string) {
  await logIn(page.request, ADMIN);
  await page.goto("/admin");
  await page.getByRole("tab", { name: tab, exact: true }).click();
  await expect(page.getByRole("tab", { name: tab, exact: true })).toHaveAttribute("aria-selected", "true");
}

/** Token imports ask DexScreener first (out of reach here, up to the 8 s outbound timeout): allow for it. */
async function expectToast(page: Page, title: string, timeout = 15_000) {
  await expect(toasts(page).getByText(title, { exact: true })).toBeVisible({ timeout });
}

test.describe("trending headlines", () => {
  test("an admin imports a trending headline and it shows on Tomorrow's News", async ({ page }) => {
    const id = unique();
    const headline: TrendingHeadline = {
      title: `Pigeon Opens Bakery ${id}`,
      description: "The crumbs were, reportedly, entirely intentional and very well received.",
      source: "news",
      url: `https://news.example.com/pigeon-bakery-${id}`,
    };
    await page.route("**/api/trending/*", (route) => {
      const source = new URL(route.request().url()).pathname.split("/").at(-1);
      if (source === "news") return route.fulfill({ json: [headline] });
      if (source === "nyt") return route.fulfill({ json: [] });
      return route.fulfill({
        status: 502,
        json: { message: "Failed to fetch trending headlines. Please try again later." },
      });
    });

    await openDashboard(page, "Trending Headlines");
    const item = page.getByRole("listitem").filter({ hasText: headline.title });
    await expect(item.getByRole("heading", { name: headline.title })).toBeVisible();
    await expect(item.getByRole("link", { name: /Read the source/ })).toHaveAttribute("href", headline.url);

    const picker = page.getByLabel("News source");
    await picker.selectOption("nyt");
    await expect(page.getByText("No Headlines Found")).toBeVisible();
    await picker.selectOption("nyt-world");
    await expect(page.getByText("Failed to fetch trending headlines. Please try again later.")).toBeVisible();
    await picker.selectOption("news");

    await item.getByRole("button", { name: `Import: ${headline.title}` }).click();
    await expectToast(page, "Headline imported");
    await expect(item.getByRole("button", { name: `Imported: ${headline.title}` })).toBeDisabled();

    await page.goto("/tomorrows-news");
    await expect(page.getByRole("heading", { name: headline.title })).toBeVisible();
  });
});

test.describe("tokens", () => {
  test("the Manual Token Import form checks the address and imports to Yesterday's News", async ({
    page,
  }) => {
    const title = `Manual Import Token ${unique()}`;
    await page.route("**/api/trending-tokens/*", (route) => route.fulfill({ json: [] }));
    await openDashboard(page, "Trending Tokens");
    await expect(page.getByText("No Tokens Found")).toBeVisible();

    const form = page.getByRole("region", { name: "Manual Token Import" });
    const address = form.getByLabel("Contract address");
    await form.getByRole("button", { name: "Import Token" }).click();
    await expect(form.getByText("Contract address is required")).toBeVisible();
    await address.fill("tooShortToBeAnAddress");
    await form.getByRole("button", { name: "Import Token" }).click();
    await expect(form.getByText("Invalid Solana contract address format")).toBeVisible();

    await address.fill(uniqueAddress());
    await form.getByLabel("Title").fill(title);
    await form.getByRole("button", { name: "Import Token" }).click();
    // The server asks DexScreener first, which is out of reach here: the import then uses the defaults.
    await expectToast(page, "Token imported");
    await expect(address).toHaveValue("");

    await page.goto("/yesterdays-news");
    await expect(page.getByRole("heading", { name: title, exact: true })).toBeVisible();
  });

  test("a trending token is listed with its data and imported once", async ({ page }) => {
    const id = unique();
    const token: TrendingToken = {
      title: `Trending Pixel Cat ${id}`,
      symbol: "PXCAT",
      description: "A cat drawn in eight bits.",
      source: "dexscreener",
      contractAddress: uniqueAddress(),
      imageUrl: null,
      price: 0.00042,
      marketCap: 1234567,
      volume24h: 89012,
    };
    await page.route("**/api/trending-tokens/*", (route) => {
      const source = new URL(route.request().url()).pathname.split("/").at(-1);
      if (source === "jupiter")
        return route.fulfill({
          status: 502,
          json: { message: "Failed to fetch trending tokens. Please try again later." },
        });
      return route.fulfill({ json: [token] });
    });
    await openDashboard(page, "Trending Tokens");

    const item = page.getByRole("listitem").filter({ hasText: token.title });
    await expect(item.getByText("$0.00042")).toBeVisible();
    await expect(item.getByText("$1,234,567")).toBeVisible();
    await expect(item.getByText("$89,012")).toBeVisible();
    await expect(
      item.getByText(`${token.contractAddress.slice(0, 8)}...${token.contractAddress.slice(-4)}`),
    ).toBeVisible();

    await page.getByLabel("Token source").selectOption("jupiter");
    await expect(page.getByText("Failed to fetch trending tokens. Please try again later.")).toBeVisible();
    await page.getByLabel("Token source").selectOption("dexscreener");

    const name = `${token.title} (PXCAT)`;
    await item.getByRole("button", { name: `Import: ${name}` }).click();
    await expectToast(page, "Token imported");
    await expect(item.getByRole("button", { name: `Imported: ${name}` })).toBeDisabled();

    await page.goto("/yesterdays-news");
    await expect(page.getByRole("heading", { name: token.title, exact: true })).toBeVisible();
  });

  test("generate token: a pasted URL says 'URL detected', previews the token and creates it", async ({
    page,
  }) => {
    const address = uniqueAddress();
    const info: TokenInfo = {
      contractAddress: address,
      name: `Generated Owl ${unique()}`,
      description: "An owl that reads the night edition.",
      imageUrl: null,
      symbol: null,
      price: 1.5,
      marketCap: 5000,
      volume24h: 250,
      chartUrl: `https://dexscreener.com/solana/${address}`,
      buyUrl: `https://jup.ag/swap/SOL-${address}`,
    };
    await page.route("**/api/token-info/*", (route) =>
      route.request().url().endsWith(address)
        ? route.fulfill({ json: info })
        : route.fulfill({ status: 404, json: { message: "Token not found" } }),
    );
    await openDashboard(page, "Yesterday's News");

    const form = page.getByRole("region", { name: "Add New Old News Item from Contract Address" });
    const field = form.getByLabel("Contract address or URL");
    await form.getByRole("button", { name: "Look Up Token" }).click();
    await expect(form.getByText("Contract address required")).toBeVisible();
    await field.fill("https://pump.fun/coin/short");
    await form.getByRole("button", { name: "Look Up Token" }).click();
    await expect(form.getByText("Invalid contract address")).toBeVisible();

    await field.fill(`https://dexscreener.com/solana/${address}`);
    await form.getByRole("button", { name: "Look Up Token" }).click();
    await expectToast(page, "URL detected");
    await expect(field).toHaveValue(address);
    await expect(form.getByRole("heading", { name: info.name })).toBeVisible();
    await expect(form.getByText("$1.50")).toBeVisible();
    await expect(form.getByRole("link", { name: /View Chart/ })).toHaveAttribute("href", info.chartUrl);

    await form.getByRole("button", { name: "Create Token" }).click();
    await expectToast(page, "Token created");
    await page.goto("/yesterdays-news");
    await expect(page.getByRole("heading", { name: info.name, exact: true })).toBeVisible();
  });
});

test.describe("notifications", () => {
  test("a notification created in the dashboard runs in the public ticker until it is deleted", async ({
    page,
  }) => {
    const message = `Extra edition at noon ${unique()}`;
    await openDashboard(page, "Notifications");
    await page.getByRole("button", { name: "Post Notification" }).click();
    await expect(page.getByText("Message is required")).toBeVisible();

    await page.getByLabel("Message").fill(message);
    // The expiry is typed in the reader's own time, which the field says; the list says it in ET (issue 31).
    await expect(page.getByText(/Optional, in your own time \([\w/+-]+\)/)).toBeVisible();
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    await page.getByLabel("Expires at").fill(`${tomorrow}T12:00`);
    await page.getByRole("button", { name: "Post Notification" }).click();
    await expectToast(page, "Notification created");
    const item = page
      .getByRole("list", { name: "Active Notifications" })
      .getByRole("listitem")
      .filter({ hasText: message });
    await expect(item).toBeVisible();
    await expect(item).toContainText(/Expires \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M ET/);

    await page.goto("/");
    const ticker = page.getByRole("region", { name: "Latest notices" });
    await expect(ticker.getByText(message).first()).toBeAttached();

    await page.goto("/admin");
    await page.getByRole("tab", { name: "Notifications", exact: true }).click();
    await item.getByRole("button", { name: `Delete notification: ${message}` }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm.getByRole("heading", { name: "Delete this notification?" })).toBeVisible();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Notification deleted");
    await expect(item).toHaveCount(0);

    await page.goto("/");
    await expect(page.getByText(message)).toHaveCount(0);
  });
});

test.describe("staff and security", () => {
  test("an admin registers staff; the same name is refused; the staff account cannot run the security reset", async ({
    page,
    browser,
  }) => {
    const username = `desk${unique()}`;
    const password = "a-staff-password";
    await openDashboard(page, "Staff Management");
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Password", { exact: true }).fill(password);
    const adminSwitch = page.getByRole("switch", { name: "Administrator" });
    await expect(adminSwitch).toBeChecked();
    await adminSwitch.click();
    await expect(adminSwitch).not.toBeChecked();
    await page.getByRole("button", { name: "Register Staff" }).click();
    await expect(page.getByRole("button", { name: "Registered!" })).toBeVisible();
    await expectToast(page, "Staff registered");
    // "Registered!" for 3 seconds, then an empty form.
    await expect(page.getByRole("button", { name: "Register Staff" })).toBeVisible({ timeout: 6000 });
    await expect(page.getByLabel("Username")).toHaveValue("");

    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Register Staff" }).click();
    await expect(
      page.getByText("Username already exists. Please choose a different username.").first(),
    ).toBeVisible();
    await expect(page.getByLabel("Username")).toHaveAttribute("aria-invalid", "true");

    // The new account, in a browser of its own.
    const staffContext = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      viewport: page.viewportSize(),
      extraHTTPHeaders: { "x-forwarded-for": `198.19.${Math.floor(Math.random() * 256)}.9` },
    });
    await staffContext.route(
      (url) => !["127.0.0.1", "localhost"].includes(url.hostname),
      (route) => route.abort("blockedbyclient"),
    );
    try {
      const staff = await staffContext.newPage();
      await staff.goto("/admin");
      await staff.getByLabel("Username").fill(username);
      await staff.getByLabel("Password").fill(password);
      await staff.getByRole("button", { name: "Log In" }).click();
      await expect(staff.getByRole("tab", { name: "Pending Approval" })).toBeVisible();

      // Staff do not get the admin-only tabs; asked directly, the server refuses with the reason.
      await expect(staff.getByRole("tab", { name: "Security Reset" })).toHaveCount(0);
      await expect(staff.getByRole("tab", { name: "Staff Management" })).toHaveCount(0);
      const refused = await staff.request.post("/api/admin/security-reset", {
        data: { newAdminPassword: "whatever-123", newStaffPassword: "whatever-456" },
      });
      expect(refused.status()).toBe(403);
      expect((await refused.json()).message).toBe("Only administrators can do this.");
    } finally {
      await staffContext.close();
    }
  });

  test("Staff Management lists the accounts, and disables, re-enables and deletes one", async ({
    page,
  }, testInfo) => {
    const username = `acct${unique()}`;
    await logIn(page.request, ADMIN);
    const registered = await page.request.post("/api/admin/register-staff", {
      data: { username, password: "first-staff-password", isAdmin: false },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    const account = { username, password: "first-staff-password" };
    // The account logs in elsewhere (its own cookie jar) so that its "last login" shows and its session can end.
    const elsewhere = await playwrightRequest.newContext({
      baseURL: testInfo.project.use.baseURL,
      extraHTTPHeaders: { "x-forwarded-for": `198.19.${Math.floor(Math.random() * 256)}.21` },
    });
    await logIn(elsewhere, account);

    await openDashboard(page, "Staff Management");
    const list = page.getByRole("list", { name: "Accounts" });
    const card = list.getByRole("listitem").filter({ has: page.getByRole("heading", { name: username }) });
    await expect(card.getByText("Staff", { exact: true })).toBeVisible();
    await expect(card.getByText("Enabled", { exact: true })).toBeVisible();
    await expect(card.getByText("Never")).toHaveCount(0);
    // One's own card has no Delete: the server refuses deleting oneself.
    const own = list
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: "admin", exact: true }) });
    await expect(own.getByText("You", { exact: true })).toBeVisible();
    await expect(own.getByRole("button", { name: /Delete/ })).toHaveCount(0);
    await card.scrollIntoViewIfNeeded();
    await testInfo.attach("staff-management", {
      body: await page.screenshot({ fullPage: true }),
      contentType: "image/png",
    });

    // Disable: after a confirmation; the account is logged out at once and refused at the login.
    await card.getByRole("button", { name: `Disable ${username}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Disable" }).click();
    await expectToast(page, "Account disabled");
    // The badge says so (the card's "Disabled" date says when), and Re-enable takes Disable's place.
    await expect(card.locator("span", { hasText: /^Disabled$/ })).toBeVisible();
    expect(await (await elsewhere.get("/api/user")).json()).toBeNull();
    const refused = await elsewhere.post("/api/login", { data: account });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).message).toBe(
      "This account is disabled. Ask an administrator to re-enable it.",
    );

    // Re-enable: the dialog asks for a new password; a common one is refused under the field.
    await card.getByRole("button", { name: `Re-enable ${username}` }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("New password").fill("password123");
    await dialog.getByRole("button", { name: "Re-enable Account" }).click();
    await expect(
      dialog.getByText("This password is one of the 10,000 most common passwords.", { exact: false }),
    ).toBeVisible();
    await testInfo.attach("re-enable-dialog", { body: await page.screenshot(), contentType: "image/png" });
    await dialog.getByLabel("New password").fill("second-staff-password");
    await dialog.getByRole("button", { name: "Re-enable Account" }).click();
    await expectToast(page, "Account re-enabled");
    await expect(dialog).toHaveCount(0);
    await expect(card.getByText("Enabled", { exact: true })).toBeVisible();
    expect((await elsewhere.post("/api/login", { data: account })).status()).toBe(401);
    await logIn(elsewhere, { username, password: "second-staff-password" });

    // Delete: after a confirmation; the session ends and the card goes.
    await card.getByRole("button", { name: `Delete ${username}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Account deleted");
    await expect(card).toHaveCount(0);
    expect(await (await elsewhere.get("/api/user")).json()).toBeNull();
    await elsewhere.dispose();

    // The last administrator cannot be disabled: the server says why.
    await own.getByRole("button", { name: "Disable admin" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Disable" }).click();
    await expect(
      toasts(page).getByText("The last enabled administrator cannot be disabled or deleted.", {
        exact: false,
      }),
    ).toBeVisible();
    expect(await (await page.request.get("/api/user")).json()).not.toBeNull();
  });

  test("the security reset form checks its fields and asks before doing anything", async ({ page }) => {
    await openDashboard(page, "Security Reset");
    await page.getByLabel("New admin password").fill("short");
    await page.getByLabel("Confirm admin password").fill("different");
    await page.getByLabel("New staff password").fill("staff-password-1");
    await page.getByLabel("Confirm staff password").fill("staff-password-2");
    await page.getByRole("button", { name: "Reset Passwords" }).click();
    await expect(page.getByText("Passwords must be at least 8 characters long.")).toBeVisible();
    await expect(page.getByText("Admin passwords do not match.")).toBeVisible();
    await expect(page.getByText("Staff passwords do not match.")).toBeVisible();

    await expect(page.getByText("Enter your current password.")).toBeVisible();

    await page.getByLabel("Your current password").fill(ADMIN.password);
    await page.getByLabel("New admin password").fill("admin-password-1");
    await page.getByLabel("Confirm admin password").fill("admin-password-1");
    await page.getByLabel("Confirm staff password").fill("staff-password-1");
    await page.getByRole("button", { name: "Reset Passwords" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog.getByRole("heading", { name: "Are you absolutely sure?" })).toBeVisible();
    // Never confirmed here: the real reset would log every other test out of this shared server.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Reset Passwords" })).toBeVisible();
    expect(await (await page.request.get("/api/user")).json()).not.toBeNull();
  });
});

test.describe("token edit on Yesterday's News", () => {
  test("the pencil is for logged-in staff only, and an edit saves", async ({ page }) => {
    const id = unique();
    const title = `Editable Token ${id}`;
    const renamed = `${title} Renamed`;
    // Unique too, so a second run's card is not confused with this one's.
    const symbol = `E${id.slice(-8).toUpperCase()}`;
    await page.goto("/yesterdays-news");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Edit / })).toHaveCount(0);

    await logIn(page.request, ADMIN);
    const created = await page.request.post("/api/tokens/import", {
      data: { contractAddress: uniqueAddress(), title, description: "A token made to be edited." },
    });
    expect(created.status(), await created.text()).toBe(201);

    await page.reload();
    const card = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: title, exact: true }) });
    await card.getByRole("button", { name: `Edit ${title}` }).click();
    const name = card.getByLabel("Token Name");
    await expect(name).toHaveValue(title);
    await expect(name).toBeFocused();
    await expect(card.getByLabel("Token Symbol")).toHaveValue("");
    await expect(card.getByLabel("Description")).toHaveValue("A token made to be edited.");

    await name.fill(renamed);
    await card.getByLabel("Token Symbol").fill(symbol);
    await card.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Token updated");

    const renamedCard = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: `${symbol} Token` }) });
    await expect(renamedCard.getByLabel("Token Name")).toHaveCount(0);
    await expect(renamedCard.getByRole("button", { name: `Edit ${symbol}` })).toBeFocused();
    const saved = (await (await page.request.get("/api/yesterdays-news")).json()) as {
      title: string;
      symbol: string | null;
    }[];
    expect(saved.filter((t) => t.title === renamed && t.symbol === symbol)).toHaveLength(1);
    await page.reload();
    await expect(page.getByRole("heading", { name: `${symbol} Token` })).toBeVisible();
  });
});

test.describe("accessibility of the tools (axe)", () => {
  /** Serious and critical violations inside one part of the page. */
  async function blockingViolations(page: Page, selector: string) {
    const results = await new AxeBuilder({ page }).include(selector).analyze();
    return results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => ({ id: v.id, help: v.help, targets: v.nodes.map((n) => n.target.join(" ")) }));
  }

  test("each tool tab and the token edit form have no serious or critical violations", async ({ page }) => {
    test.setTimeout(90_000);
    const address = uniqueAddress();
    await page.route("**/api/trending/*", (route) =>
      route.fulfill({
        json: [
          { title: "Axe Story", description: "Checked by axe.", source: "news", url: "https://x.example/a" },
        ],
      }),
    );
    await page.route("**/api/trending-tokens/*", (route) =>
      route.fulfill({
        json: [
          {
            title: "Axe Token",
            symbol: "AXE",
            description: "Checked by axe.",
            source: "dexscreener",
            contractAddress: address,
            imageUrl: null,
            price: 1,
            marketCap: 2,
            volume24h: 3,
          },
        ],
      }),
    );
    await page.route("**/api/token-info/*", (route) =>
      route.fulfill({
        json: {
          contractAddress: address,
          name: "Axe Token",
          description: "Checked by axe.",
          imageUrl: null,
          symbol: "AXE",
          price: 1,
          marketCap: 2,
          volume24h: 3,
          chartUrl: `https://dexscreener.com/solana/${address}`,
          buyUrl: `https://jup.ag/swap/SOL-${address}`,
        },
      }),
    );

    await logIn(page.request, ADMIN);
    await page.goto("/admin");
    for (const tab of [
      "Trending Headlines",
      "Trending Tokens",
      "Notifications",
      "Staff Management",
      "Security Reset",
      "Yesterday's News",
    ]) {
      await page.getByRole("tab", { name: tab, exact: true }).click();
      const panel = page.getByRole("tabpanel");
      if (tab === "Yesterday's News") {
        const form = page.getByRole("region", { name: "Add New Old News Item from Contract Address" });
        await form.getByLabel("Contract address or URL").fill(address);
        await form.getByRole("button", { name: "Look Up Token" }).click();
        await expect(form.getByRole("button", { name: "Create Token" })).toBeVisible();
      } else {
        // Show the validation messages too (where the tab has a form): they are part of what people meet.
        const submit = panel.locator("form button[type=submit]");
        if ((await submit.count()) > 0) await submit.last().click();
      }
      await page.waitForLoadState("networkidle");
      expect(await blockingViolations(page, "[role=tabpanel]"), tab).toEqual([]);
    }

    await page.goto("/yesterdays-news");
    await page
      .getByRole("button", { name: /^Edit / })
      .first()
      .click();
    await expect(page.getByLabel("Token Name")).toBeVisible();
    expect(await blockingViolations(page, "main"), "token edit").toEqual([]);
  });
});
