import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { expect, test } from "./fixtures";

test.describe("installable (issue 22)", () => {
  test("Chromium finds nothing in the way of installing the paper, and its icons load", async ({
    baseURL,
    browserName,
  }, testInfo) => {
    test.skip(browserName !== "chromium");
    // Playwright's own contexts are incognito, where Chromium installs nothing ("in-incognito"): a real
    // profile, launched as the suite launches its browser.
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), "mg-install-"));
    const { launchOptions, viewport } = testInfo.project.use;
    const context = await chromium.launchPersistentContext(profile, { ...launchOptions, viewport, baseURL });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto("/");
      const cdp = await context.newCDPSession(page);
      await expect
        .poll(async () => {
          const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
          return installabilityErrors.map((e) => e.errorId);
        })
        .toEqual([]);
      const manifest = await cdp.send("Page.getAppManifest");
      expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
      expect(manifest.errors).toEqual([]);
      for (const href of ["/favicon.ico", "/apple-touch-icon.png"]) {
        expect((await page.request.get(href)).status(), href).toBe(200);
      }
      await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute(
        "href",
        "/apple-touch-icon.png",
      );
    } finally {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    }
  });
});
