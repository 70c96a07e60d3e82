import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { SUBMISSION_MESSAGES as M } from "../src/common/submission";
import { expect, pageTitle, test, toastRegion as toasts } from "./fixtures";

/** A real, small PNG (a yellow square), made on the Node side so the server can decode and re-encode it. */
async function pngBytes(): Promise<Buffer> {
  return sharp({ create: { width: 48, height: 48, channels: 3, background: "#f8b800" } })
    .png()
    .toBuffer();
}

function submitButton(page: Page) {
  return page.getByRole("button", { name: "Submit Headline" });
}

function terms(page: Page) {
  return page.getByRole("checkbox", { name: /original or properly attributed/ });
}

async function uploadThroughChooser(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Upload Image" }).click();
  await (await chooser).setFiles(file);
}

test.describe("free submission", () => {
  test("the page: title, card, the way to a paid submission and back home", async ({ page }) => {
    await page.goto("/submit");
    await expect(pageTitle(page)).toHaveText("Submit Your Headline");
    await expect(page.getByRole("heading", { name: "Share a Viral Headline", level: 2 })).toBeVisible();
    await expect(
      page.getByRole("link", { name: "Looking for Priority? Try Paid Submission" }),
    ).toHaveAttribute("href", "/paid-submit");
    await page.getByRole("link", { name: "Back to Home" }).click();
    await expect(page).toHaveURL("/");
  });

  test("a visitor fixes a wrong form, uploads an image, is received and starts again", async ({ page }) => {
    await page.goto("/submit");
    await page.getByLabel("Headline").fill("Hi");
    await page.getByLabel("Description").fill("Too short");
    await page.getByLabel("Telegram URL").fill("t.me/dogmayor");
    await submitButton(page).click();

    for (const message of [M.titleMin, M.descriptionMin, M.articleUrl, M.terms]) {
      await expect(page.getByRole("alert").filter({ hasText: message })).toBeVisible();
    }
    await expect(page.getByLabel("Headline")).toBeFocused();
    await expect(page.getByLabel("Headline")).toHaveAttribute("aria-invalid", "true");
    await expect(toasts(page).getByText("Image required", { exact: true })).toBeVisible();
    await expect(toasts(page).getByText(M.imageRequired)).toBeVisible();

    // The error state itself must be usable with a screen reader.
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);

    await page.getByLabel("Headline").fill("Dog Elected Mayor of Small Town");
    await page
      .getByLabel("Description")
      .fill("A small town elected a golden retriever as its mayor, by a landslide.");
    await page.getByLabel("Telegram URL").fill("https://t.me/dogmayor");
    await uploadThroughChooser(page, { name: "mayor.png", mimeType: "image/png", buffer: await pngBytes() });

    const preview = page.getByRole("img", { name: "Preview of your upload" });
    await expect(preview).toBeVisible();
    await expect(preview).toHaveAttribute("src", /^\/api\/images\/[a-f0-9]{64}$/);
    // The preview really shows the stored image (it loads after the element appears).
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(toasts(page).getByText("Image uploaded", { exact: true })).toBeVisible();
    await expect(toasts(page).getByText("Your image has been uploaded successfully.")).toBeVisible();

    await terms(page).check();
    await expect(page.getByText(M.terms)).toHaveCount(0);
    await submitButton(page).click();

    const received = page.getByRole("heading", { name: "Submission Received!" });
    await expect(received).toBeVisible();
    await expect(received).toBeFocused();
    await expect(page.getByText("Our team will review your headline.")).toBeVisible();
    await expect(page.getByText(/will appear in the voting section/)).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");

    await page.getByRole("button", { name: "Submit Another" }).click();
    await expect(page.getByLabel("Headline")).toHaveValue("");
    await expect(page.getByLabel("Headline")).toBeFocused();
    await expect(page.getByLabel("Description")).toHaveValue("");
    await expect(page.getByLabel("Telegram URL")).toHaveValue("");
    await expect(page.getByLabel("Image URL")).toHaveValue("");
    await expect(preview).toHaveCount(0);
    await expect(terms(page)).not.toBeChecked();
    await expect(page.getByRole("alert").filter({ hasText: M.titleMin })).toHaveCount(0);
  });

  test("a headline with an image URL instead of an upload is received too", async ({ page }) => {
    await page.goto("/submit");
    await page.getByLabel("Headline").fill("Cat Buys Fish Market");
    await page
      .getByLabel("Description")
      .fill("The market's new owner has promised free sardines on Fridays.");
    await page.getByLabel("Image URL").fill("https://images.example.com/cat.png");
    await page.getByLabel("Website URL").fill("https://example.com");
    await terms(page).check();
    await submitButton(page).click();
    await expect(page.getByRole("heading", { name: "Submission Received!" })).toBeFocused();
  });

  for (const file of [
    { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not an image") },
    {
      name: "logo.svg",
      mimeType: "image/svg+xml",
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>'),
    },
  ]) {
    test(`a ${file.name.split(".")[1]} file is refused before it is uploaded`, async ({ page }) => {
      const uploads: string[] = [];
      page.on("request", (request) => {
        if (request.url().endsWith("/api/upload")) uploads.push(request.url());
      });
      await page.goto("/submit");
      await uploadThroughChooser(page, file);
      await expect(toasts(page).getByText("Invalid file type", { exact: true })).toBeVisible();
      await expect(toasts(page).getByText("Only JPG, PNG, WebP, and GIF images are allowed.")).toBeVisible();
      await expect(page.getByRole("alert").filter({ hasText: "formats are supported" })).toBeVisible();
      await expect(page.getByRole("img", { name: "Preview of your upload" })).toHaveCount(0);
      expect(uploads).toEqual([]);
    });
  }

  test("a file that only looks like an image is refused by the server, in its words", async ({ page }) => {
    await page.goto("/submit");
    await uploadThroughChooser(page, {
      name: "fake.png",
      mimeType: "image/png",
      buffer: Buffer.from("this is not a png at all"),
    });
    await expect(toasts(page).getByText("Upload failed", { exact: true })).toBeVisible();
    // The server decides by content: text named .png is an unsupported type (415), and says so.
    await expect(toasts(page).getByText("Only JPG, PNG, WebP, and GIF images are allowed.")).toBeVisible();
    await expect(page.getByRole("img", { name: "Preview of your upload" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Upload Image" })).toBeEnabled();
  });
});
