import AxeBuilder from "@axe-core/playwright";
import { editionDate } from "../src/common/edition-date";
import { EDITION_CSV_COLUMNS } from "../src/common/edition-record";
import { expect, pageTitle, SITE_NAME, test } from "./fixtures";

test.describe("an edition's page (issue 22)", () => {
  test("the header date opens today's edition: every headline ranked with its votes, the tally as CSV, axe clean", async ({
    page,
    request,
  }) => {
    const { currentDay } = (await (await request.get("/api/settings")).json()) as { currentDay: string };
    const voting = (
      (await (await request.get("/api/headlines")).json()) as Array<{ title: string; isWinner: boolean }>
    ).filter((h) => !h.isWinner);
    await page.goto("/about");
    await page
      .getByRole("banner")
      .getByRole("link", { name: editionDate(currentDay) })
      .click();
    await expect(page).toHaveURL(new RegExp(`/edition/${currentDay}$`));
    await expect(pageTitle(page)).toHaveText(`The Edition of ${editionDate(currentDay)}`);
    await expect(page).toHaveTitle(`The Edition of ${editionDate(currentDay)} | ${SITE_NAME}`);
    const standings = page.getByRole("list", { name: "Today's Race: standings" });
    await expect(standings.getByRole("listitem")).toHaveCount(voting.length);
    for (const h of voting) await expect(standings.getByRole("link", { name: h.title })).toBeVisible();
    await expect(standings.getByRole("listitem").first()).toContainText(/Rank #?1(?!\d)/);

    const csv = await request.get(`/api/editions/${currentDay}.csv`);
    expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    const rows = (await csv.text()).trim().split("\r\n");
    expect(rows[0]).toBe(EDITION_CSV_COLUMNS.join(","));
    expect(rows[0]).toMatch(/^id,title,race,votes,voided,rank,/);
    expect(rows.filter((r) => r.includes(",today,"))).toHaveLength(voting.length);
    await expect(page.getByRole("link", { name: "Download CSV" })).toHaveAttribute(
      "href",
      `/api/editions/${currentDay}.csv`,
    );

    await page.waitForLoadState("networkidle");
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  });

  test("an unknown day is the not-found screen with status 404", async ({ page }) => {
    const response = await page.goto("/edition/1999-01-01");
    expect(response?.status()).toBe(404);
    await expect(pageTitle(page)).toHaveText("404 Page Not Found");
  });
});

test.describe("an edition's times for a reader in Los Angeles (issue 31)", () => {
  test.use({ timezoneId: "America/Los_Angeles" });

  test("the close is on the paper's clock with the reader's own time beside it (issue 31)", async ({
    page,
    request,
  }) => {
    const { currentDay } = (await (await request.get("/api/settings")).json()) as { currentDay: string };
    await page.goto(`/edition/${currentDay}`);
    await expect(pageTitle(page)).toHaveText(`The Edition of ${editionDate(currentDay)}`);
    const race = page.getByText(/^Clos(es|ed) at /);
    await expect(race).toContainText(
      /\d{1,2}:\d{2} [AP]M ET on \w+day, \w+ \d+ \(\d{1,2}:\d{2} [AP]M your time\)/,
    );
    await expect(page.getByText(/^Live standings: voting closes at |^The final standings/)).toBeVisible();
    const subtitle = page.getByText(/^Live standings: voting closes at /);
    if (await subtitle.isVisible()) await expect(subtitle).toContainText("your time");
  });
});
