import { expect, pageTitle, test } from "./fixtures";

test.describe("about", () => {
  test("a mission card and four questions that answer with the paper's rules", async ({ page }) => {
    await page.goto("/about");
    await expect(pageTitle(page)).toHaveText("About Meme Gazette");
    await expect(page.getByText("Our Mission")).toBeVisible();

    const faq = page.getByRole("region", { name: "Frequently Asked Questions" });
    const questions = faq.locator("summary");
    // toContainText: each summary also holds an aria-hidden "▶" marker.
    await expect(questions).toContainText([
      "What is Meme Gazette?",
      "How does voting work?",
      "How are the coins created?",
      "Are the coins real?",
    ]);

    for (const question of await questions.all()) {
      if ((await question.locator("xpath=..").getAttribute("open")) === null) await question.click();
    }

    const answers = faq.locator("details");
    await expect(answers.nth(0)).toContainText("meme coin");
    const voting = answers.nth(1);
    for (const fact of [
      "10 votes per day",
      "IP address",
      "1 vote per user",
      "8 PM ET",
      "10 PM ET",
      "6 PM ET",
      "Monday at 8 PM ET",
    ]) {
      await expect(voting).toContainText(fact);
    }
    const coins = answers.nth(2);
    for (const fact of [
      "1 SOL",
      "sold immediately",
      "1%",
      "project's own coin",
      "reviewed",
      "payment is verified",
    ]) {
      await expect(coins).toContainText(fact);
    }
    await expect(answers.nth(3)).toContainText("real");
    await expect(answers.nth(3)).toContainText("not a serious investment");
  });

  test("the questions open and close from the keyboard", async ({ page }) => {
    await page.goto("/about");
    // Once the app has started (its own toggle, not only the browser's).
    await expect(page.locator("#root")).toHaveAttribute("data-app", "started");
    const details = page.locator("details").filter({ hasText: "Are the coins real?" });
    const summary = details.locator("summary");
    await expect(details).not.toHaveAttribute("open", "");
    await summary.focus();
    await page.keyboard.press("Enter");
    await expect(details).toHaveAttribute("open", "");
    await expect(details.getByText("not a serious investment", { exact: false })).toBeVisible();
  });
});
