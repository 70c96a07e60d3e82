import { randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { getBase58Decoder } from "@solana/kit";
import sharp from "sharp";
import { SUBMISSION_MESSAGES as M } from "../src/common/submission";
import {
  expect,
  gotoDrawnByBrowser,
  PAYMENT_ADDRESS,
  pageTitle,
  test,
  toastRegion as toasts,
} from "./fixtures";

// The e2e server's PAYMENT_ADDRESS is the fixtures' one; a test that needs another answer (none configured,
// another price) answers /api/payment-info itself.
const NOT_CONFIGURED = "Payment address not configured yet — please check back soon.";
const USED = "This transaction ID has already been used for another submission.";

async function pngBytes(): Promise<Buffer> {
  return sharp({ create: { width: 48, height: 48, channels: 3, background: "#3cbcfc" } })
    .png()
    .toBuffer();
}

/** A fresh transaction signature (64 random bytes in base58, as the server checks), unique to this run and test. */
function transactionId(): string {
  return getBase58Decoder().decode(randomBytes(64));
}

async function answerPaymentInfo(page: Page, paymentAddress = PAYMENT_ADDRESS, submissionPrice = 0.35) {
  await page.route("**/api/payment-info", (route) =>
    route.fulfill({ json: { submissionPrice, paymentAddress } }),
  );
}

function submitButton(page: Page) {
  return page.getByRole("button", { name: "Submit Promoted Headline" });
}

function terms(page: Page) {
  return page.getByRole("checkbox", { name: /original or properly attributed/ });
}

async function fillValid(page: Page, transaction: string) {
  await page.getByLabel("Your name or organization").fill("Doge Labs");
  await page.getByLabel("Headline").fill("Dog Elected Mayor of Small Town");
  await page
    .getByLabel("Description")
    .fill("A small town elected a golden retriever as its mayor, by a landslide.");
  await page.getByLabel("Transaction ID").fill(transaction);
  await terms(page).check();
}

test.describe("promoted submission", () => {
  test("with no payment address configured the page says so and keeps the form closed", async ({ page }) => {
    await answerPaymentInfo(page, "");
    await gotoDrawnByBrowser(page, "/paid-submit");
    await expect(pageTitle(page)).toHaveText("Promoted Submission");
    await expect(page.getByTestId("submission-price")).toHaveText("0.35 SOL");
    await expect(page.getByText("Payment Required")).toBeVisible();
    await expect(page.getByText(NOT_CONFIGURED)).toBeVisible();
    await expect(page.getByRole("button", { name: "Copy payment address" })).toHaveCount(0);
    await expect(page.getByText("The form opens once the payment address is configured.")).toBeVisible();
    await expect(page.getByLabel("Headline")).toBeDisabled();
    await expect(submitButton(page)).toBeDisabled();
  });

  test("the price, the notice, the address with Copy, the steps and the explorer link", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await answerPaymentInfo(page, PAYMENT_ADDRESS, 0.5);
    await gotoDrawnByBrowser(page, "/paid-submit");

    await expect(page.getByTestId("submission-price")).toHaveText("0.5 SOL");
    await expect(page.getByText("Payment Required")).toBeVisible();
    await expect(page.getByTestId("payment-address")).toHaveText(PAYMENT_ADDRESS);
    const steps = page.getByRole("main").getByRole("list").first().getByRole("listitem");
    await expect(steps).toContainText([
      "Step 1: Fill in the form below and send it.",
      "Step 2: Pay 0.5 SOL on the next screen: with your wallet, or scan the QR code (Solana Pay).",
      "Step 3: The payment is confirmed by itself: follow it with your receipt link.",
    ]);
    const explorer = page.getByRole("link", { name: /View Address on Solscan/ });
    await expect(explorer).toHaveAttribute("href", `https://solscan.io/account/${PAYMENT_ADDRESS}`);
    await expect(explorer).toHaveAttribute("target", "_blank");
    await expect(explorer).toHaveAttribute("rel", /noopener/);
    for (const benefit of [
      "Priority placement in voting",
      "Faster approval",
      "Higher visibility",
      "Professional review",
    ]) {
      await expect(page.getByText(benefit, { exact: true })).toBeVisible();
    }

    await page.getByRole("button", { name: "Copy payment address" }).click();
    await expect(toasts(page).getByText("Copied!", { exact: true })).toBeVisible();
    await expect(toasts(page).getByText("Address copied to clipboard")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(PAYMENT_ADDRESS);
    await expect(page.getByLabel("Headline")).toBeEnabled();
  });

  test("the launch date question follows the launch status", async ({ page }) => {
    await answerPaymentInfo(page);
    await gotoDrawnByBrowser(page, "/paid-submit");
    await expect(page.getByRole("radio", { name: "Launching soon" })).toBeChecked();
    await expect(page.getByLabel("When is your project launching?")).toBeVisible();
    await page.getByText("Already launched", { exact: true }).click();
    await expect(page.getByRole("radio", { name: "Already launched" })).toBeChecked();
    await expect(page.getByLabel("When did your project launch?")).toBeVisible();
    await expect(page.getByLabel("When is your project launching?")).toHaveCount(0);
    await page.getByRole("radio", { name: "Launching soon" }).click();
    await expect(page.getByLabel("When is your project launching?")).toBeVisible();
  });

  test("a visitor fixes a wrong form, uploads an image, is received and starts again", async ({ page }) => {
    await answerPaymentInfo(page);
    await gotoDrawnByBrowser(page, "/paid-submit");
    await page.getByLabel("Your name or organization").fill("D");
    await page.getByLabel("Headline").fill("Hi");
    await page.getByLabel("Description").fill("Too short");
    await page.getByLabel("Twitter/X URL").fill("x.com/dogmayor");
    await page.getByLabel("Transaction ID").fill("abc");
    await submitButton(page).click();

    for (const message of [
      M.submittedByMin,
      M.titleMin,
      M.descriptionMin,
      M.twitterUrl,
      M.transactionId,
      M.terms,
    ]) {
      await expect(page.getByRole("alert").filter({ hasText: message })).toBeVisible();
    }
    await expect(page.getByLabel("Your name or organization")).toBeFocused();
    await expect(toasts(page).getByText("Image required", { exact: true })).toBeVisible();

    await fillValid(page, transactionId());
    await page.getByLabel("Twitter/X URL").fill("https://x.com/dogmayor");
    await page.getByRole("radio", { name: "Already launched" }).click();
    await page.getByLabel("When did your project launch?").fill("2025-06-01");
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Upload Image" }).click();
    await (await chooser).setFiles({ name: "logo.png", mimeType: "image/png", buffer: await pngBytes() });
    await expect(page.getByRole("img", { name: "Preview of your upload" })).toBeVisible();
    await expect(toasts(page).getByText("Image uploaded", { exact: true })).toBeVisible();

    const sent = page.waitForRequest((request) => request.url().endsWith("/api/headlines/paid-submission"));
    await submitButton(page).click();
    const body = (await sent).postDataJSON();
    expect(body).toMatchObject({
      submittedBy: "Doge Labs",
      launchStatus: "launched",
      launchDate: "2025-06-01",
    });
    expect(body).not.toHaveProperty("termsAccepted");

    const received = page.getByRole("heading", { name: "Submission Received!" });
    await expect(received).toBeFocused();
    await expect(page.getByText(/verified on the blockchain by itself/)).toBeVisible();
    // A pasted transaction: the live status says it is being checked, and the receipt link is given.
    await expect(page.getByText("We are checking the transaction you gave.")).toBeVisible();
    await expect(page.getByTestId("receipt-link")).toHaveText(/\/submission\/[A-Za-z0-9_-]{22}$/);
    await expect(page.getByText(/then our team reviews your headline/)).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");

    await page.getByRole("button", { name: "Submit Another" }).click();
    await expect(page.getByLabel("Your name or organization")).toBeFocused();
    for (const label of [
      "Your name or organization",
      "Headline",
      "Description",
      "Transaction ID",
      "Image URL",
    ]) {
      await expect(page.getByLabel(label)).toHaveValue("");
    }
    await expect(page.getByRole("radio", { name: "Launching soon" })).toBeChecked();
    await expect(terms(page)).not.toBeChecked();
  });

  test("a transaction id that already paid for a submission is refused with the server's message", async ({
    page,
    visitorAddress,
  }) => {
    const reused = transactionId();
    const first = await page.request.post("/api/headlines/paid-submission", {
      headers: { "x-forwarded-for": visitorAddress },
      data: {
        submittedBy: "First Payer",
        title: "First Headline Paid For",
        description: "This headline used the transaction id first, fair and square.",
        imageUrl: "https://images.example.com/first.png",
        launchStatus: "upcoming",
        transactionId: reused,
      },
    });
    expect(first.status()).toBe(201);

    await answerPaymentInfo(page);
    await gotoDrawnByBrowser(page, "/paid-submit");
    await fillValid(page, reused);
    await page.getByLabel("Image URL").fill("https://images.example.com/second.png");
    await submitButton(page).click();

    await expect(toasts(page).getByText("Submission failed", { exact: true })).toBeVisible();
    await expect(toasts(page).getByText(USED)).toBeVisible();
    await expect(page.getByLabel("Transaction ID")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("alert").filter({ hasText: USED })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Submission Received!" })).toHaveCount(0);
    await expect(submitButton(page)).toBeEnabled();
  });

  test("payment details that cannot be loaded are retried once, then an error with Try Again", async ({
    page,
  }) => {
    let calls = 0;
    await page.route("**/api/payment-info", (route) => {
      calls += 1;
      return route.fulfill({ status: 503, json: { message: "The service is temporarily unavailable." } });
    });
    await gotoDrawnByBrowser(page, "/paid-submit");
    await expect(page.getByRole("alert").filter({ hasText: "Payment details unavailable" })).toBeVisible();
    expect(calls).toBe(2);
    await expect(submitButton(page)).toBeDisabled();

    await page.unroute("**/api/payment-info");
    await answerPaymentInfo(page);
    await page.getByRole("button", { name: "Try Again" }).click();
    await expect(page.getByTestId("payment-address")).toHaveText(PAYMENT_ADDRESS);
    await expect(submitButton(page)).toBeEnabled();
  });

  test("one Main navigation, the form a named group, and launch-status radios that look like radios (issue 28, 31)", async ({
    page,
  }) => {
    await page.goto("/paid-submit");
    await expect(submitButton(page)).toBeEnabled();
    // One landmark in the page itself, whatever the width or the stylesheet shows.
    await expect(page.locator('nav[aria-label="Main"]')).toHaveCount(1);
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(1);
    await expect(page.locator("fieldset:not(:has(> legend))")).toHaveCount(0);
    await expect(page.getByRole("group", { name: "Your Promoted Headline" })).toBeAttached();

    const radios = page.getByRole("group", { name: "Launch status" }).getByRole("radio");
    await expect(radios).toHaveCount(2);
    for (const radio of await radios.all()) {
      const { radius, width } = await radio.evaluate((input) => ({
        radius: Number.parseFloat(getComputedStyle(input).borderTopLeftRadius),
        width: input.getBoundingClientRect().width,
      }));
      // Round: the corner's radius is half the control's width (a square checkbox has none).
      expect(radius).toBeGreaterThanOrEqual(width / 2);
    }
    await page.getByRole("radio", { name: "Already launched" }).check();
    const dot = page.locator("#submission-launch-launched + span > span");
    expect(
      await dot.evaluate(
        (mark) =>
          Number.parseFloat(getComputedStyle(mark).borderTopLeftRadius) > 0 ||
          getComputedStyle(mark).clipPath !== "none",
      ),
    ).toBe(true);

    const results = await new AxeBuilder({ page }).analyze();
    expect(
      results.violations
        .filter((v) => v.impact === "serious" || v.impact === "critical" || v.id.startsWith("landmark"))
        .map((v) => v.id),
    ).toEqual([]);
  });
});
