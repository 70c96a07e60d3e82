import AxeBuilder from "@axe-core/playwright";
import { formatEastern, localTimeBeside } from "../src/common/time";
import { expect, scheduleOf, test } from "./fixtures";

/**
 * One clock (issue 23): the front page's schedule is on the paper's clock (ET) wherever the browser is,
 * with the visitor's own time beside it only where their clock reads differently. Central appears nowhere.
 */
for (const timezoneId of ["Asia/Tokyo", "America/Los_Angeles", "America/New_York"]) {
  test.describe(`with the browser's clock in ${timezoneId}`, () => {
    test.use({ timezoneId });

    test("the hero states the close and the launch in ET, the visitor's time beside them", async ({
      page,
      request,
    }) => {
      const settings = await scheduleOf(request);
      await page.goto("/");
      const hero = page.getByRole("region", { name: /^Vote on .+ Viral Headlines$/ });
      for (const at of [settings.votingEndTime, settings.launchTime]) {
        const beside = localTimeBeside(at, timezoneId);
        await expect(hero.locator(`time[datetime="${new Date(at).toISOString()}"]`)).toHaveText(
          formatEastern(at),
        );
        if (beside) await expect(hero).toContainText(`${formatEastern(at)} ${beside}`);
      }
      if (timezoneId === "America/New_York") await expect(hero).not.toContainText("your time");
      else await expect(hero).toContainText("your time");
      await expect(hero).not.toContainText("Central");
      await expect(hero).not.toContainText(/\bC[SD]T\b/);

      const results = await new AxeBuilder({ page }).include("main").analyze();
      expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
    });
  });
}

test("About states the schedule in ET and never in Central", async ({ page }) => {
  await page.goto("/about");
  await expect(page.getByRole("main")).not.toContainText("Central");
});
