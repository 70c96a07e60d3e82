import { createECDH, randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext, Page } from "@playwright/test";
import { expect, pageTitle, test } from "./fixtures";

/**
 * Browser reminders' button (issue 22) in Chromium. Headless Chromium has no push service it can reach here
 * (every outside host is blocked, and the browser's own connection to FCM is not the page's), so the real
 * subscribe is tested for what it can show: the service worker registers at /sw.js and the button says
 * clearly that the push service could not be reached. The "on" and "off" states are then tested with the
 * browser's PushManager standing in for the push service (an init script), against the real server.
 */

const REMIND_ME = "Remind me before voting closes";
const REMINDERS_ON = "Reminders on — Stop reminders";

async function blockingViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target.join(" ")) }));
}

const reminderButton = (page: Page) =>
  page.getByRole("button", { name: /Remind me before voting closes|Stop reminders/ });

async function openHome(page: Page) {
  await page.goto("/");
  await expect(pageTitle(page)).toHaveText("Vote on Today's Viral Headlines");
}

async function shoot(page: Page, name: string) {
  const hero = page.locator("section[aria-labelledby='hero-title']");
  await hero.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

/** A push service inside the page: PushManager answers a subscription with a public https endpoint. */
async function standInPushService(context: BrowserContext) {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const keys = {
    p256dh: ecdh.getPublicKey().toString("base64url"),
    auth: randomBytes(16).toString("base64url"),
  };
  const endpoint = `https://push.example.com/send/${randomBytes(8).toString("hex")}`;
  await context.addInitScript(
    ({ endpoint, keys }) => {
      const stored = () => localStorage.getItem("e2e-push") === "on";
      const subscription = {
        endpoint,
        expirationTime: null,
        toJSON: () => ({ endpoint, expirationTime: null, keys }),
        unsubscribe: async () => {
          localStorage.removeItem("e2e-push");
          return true;
        },
      };
      PushManager.prototype.subscribe = async () => {
        localStorage.setItem("e2e-push", "on");
        return subscription as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async () =>
        (stored() ? subscription : null) as unknown as PushSubscription | null;
    },
    { endpoint, keys },
  );
  return endpoint;
}

test.describe("browser reminders (issue 22)", () => {
  test("the button is off the first load, registers /sw.js when pressed and says so when the push service is out of reach", async ({
    page,
    context,
  }) => {
    // Chromium's subscribe hangs without a push service: the button gives up after 20 s (reminder-button.tsx).
    test.setTimeout(90_000);
    await context.grantPermissions(["notifications"]);
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
    });
    await openHome(page);
    const button = reminderButton(page);
    await expect(button).toHaveText(REMIND_ME);
    await expect(button).toHaveAttribute("aria-pressed", "false");
    expect((await button.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    await page.waitForLoadState("networkidle");
    expect(scripts.filter((s) => /reminder-button/.test(s))).toEqual([]);
    expect(await blockingViolations(page)).toEqual([]);
    await shoot(page, "reminder-off");

    await button.click();
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration("/");
          const worker = registration?.active ?? registration?.waiting ?? registration?.installing;
          return worker ? new URL(worker.scriptURL).pathname : null;
        }),
      )
      .toBe("/sw.js");
    expect(scripts.some((s) => /reminder-button/.test(s))).toBe(true);
    // No push service is reachable from this machine: the button says so and stays off.
    await expect(
      page.getByRole("status").filter({ hasText: "could not reach its push service" }),
    ).toBeVisible({
      timeout: 30_000,
    });
    await expect(reminderButton(page)).toHaveText(REMIND_ME);
    await expect(reminderButton(page)).toHaveAttribute("aria-pressed", "false");
    expect(await blockingViolations(page)).toEqual([]);
    await shoot(page, "reminder-unreachable");
  });

  test("turns reminders on and off on the same button, and remembers it on the next visit", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["notifications"]);
    const endpoint = await standInPushService(context);
    await openHome(page);
    await reminderButton(page).click();
    const on = reminderButton(page);
    await expect(on).toHaveText(REMINDERS_ON);
    await expect(on).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByText("Reminders on", { exact: true })).toBeVisible();
    const state = () =>
      page.request.post("/api/push/subscriptions/state", { data: { endpoint } }).then((r) => r.json());
    expect(await state()).toEqual({ subscribed: true });
    expect((await on.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    expect(await blockingViolations(page)).toEqual([]);
    await shoot(page, "reminder-on");

    // The next visit knows: the service worker is registered, so the button's code loads and asks.
    await openHome(page);
    await expect(reminderButton(page)).toHaveText(REMINDERS_ON);

    await reminderButton(page).click();
    await expect(reminderButton(page)).toHaveText(REMIND_ME);
    await expect(reminderButton(page)).toHaveAttribute("aria-pressed", "false");
    expect(await state()).toEqual({ subscribed: false });
  });

  test("says how to allow notifications when the visitor has blocked them", async ({ page, context }) => {
    await openHome(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Browser.setPermission", {
      permission: { name: "notifications" },
      setting: "denied",
      origin: new URL(page.url()).origin,
    });
    await reminderButton(page).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Notifications are blocked for this site" }),
    ).toBeVisible();
    await expect(reminderButton(page)).toHaveAttribute("aria-pressed", "false");
    expect(await blockingViolations(page)).toEqual([]);
    await shoot(page, "reminder-blocked");
  });
});
