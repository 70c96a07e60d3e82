import {
  archiveDay,
  formatArchiveDay,
  groupArchiveByMonth,
  memeCoinLabel,
} from "../src/client/features/archive/group-archive-by-month";
import { ArchiveListSchema } from "../src/common/archive";
import { expect, gotoDrawnByBrowser, isPhone, pageTitle, test } from "./fixtures";

test.describe("archive", () => {
  test("one tab per month, newest first and selected, with the month's editions", async ({
    page,
    request,
  }) => {
    const months = groupArchiveByMonth(
      ArchiveListSchema.parse(await (await request.get("/api/archive")).json()),
    );
    expect(months.length).toBeGreaterThanOrEqual(2);
    const [newest, older] = months;
    if (!newest || !older) throw new Error("the sample edition has two archive months");

    await page.goto("/archive");
    await expect(pageTitle(page)).toHaveText("Meme Gazette Archive");
    const tabs = page.getByRole("tablist", { name: "Archive months" }).getByRole("tab");
    await expect(tabs).toHaveText(months.map((m) => m.label));
    await expect(tabs.first()).toHaveAttribute("aria-selected", "true");

    const panel = page.getByRole("tabpanel");
    if (isPhone(page)) {
      const rows = panel
        .getByRole("list", { name: `Archived editions of ${newest.label}` })
        .getByRole("listitem");
      await expect(rows).toHaveCount(newest.entries.length);
      await expect(rows.first()).toContainText(newest.entries[0]?.title ?? "");
    } else {
      const table = panel.getByRole("table");
      await expect(table.getByRole("columnheader")).toHaveText([
        "Date",
        "Headline",
        "Meme Coin",
        "Votes",
        "Actions",
      ]);
      const first = newest.entries[0];
      if (!first) throw new Error("a month has entries");
      const row = table.getByRole("row").nth(1);
      await expect(row.getByRole("cell")).toHaveText([
        formatArchiveDay(archiveDay(first)),
        first.title,
        memeCoinLabel(first),
        String(first.votes),
        "View Details",
      ]);
      await expect(table.getByRole("row")).toHaveCount(newest.entries.length + 1);
    }

    await tabs.nth(1).click();
    await expect(tabs.nth(1)).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel")).toContainText(older.entries[0]?.title ?? "");
    await expect(page.getByRole("tabpanel")).not.toContainText(newest.entries[0]?.title ?? "");
  });

  test("View Details opens a dialog with everything stored for the entry", async ({ page, request }) => {
    const [newest] = groupArchiveByMonth(
      ArchiveListSchema.parse(await (await request.get("/api/archive")).json()),
    );
    const entry = newest?.entries[0];
    if (!entry) throw new Error("the sample edition has archive entries");

    await page.goto("/archive");
    const trigger = page.getByRole("button", { name: `View Details: ${entry.title}` });
    await trigger.click();
    const dialog = page.getByRole("dialog", { name: entry.title });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("img")).toBeVisible();
    if (entry.description) await expect(dialog).toContainText(entry.description);
    await expect(dialog.getByRole("definition")).toHaveText([
      String(entry.votes),
      memeCoinLabel(entry),
      formatArchiveDay(archiveDay(entry), "long"),
    ]);

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test("shows a skeleton, then the error text when the archive cannot load", async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/archive", async (route) => {
      await held;
      await route.fulfill({ status: 500, json: { message: "boom" } });
    });
    await gotoDrawnByBrowser(page, "/archive");
    await expect(page.getByRole("status").filter({ hasText: "Loading the archive" })).toBeAttached();
    release();
    await expect(page.getByRole("alert")).toHaveText("Error loading archive data. Please try again later.");
  });

  test("says so when nothing is archived yet", async ({ page }) => {
    await page.route("**/api/archive", (route) => route.fulfill({ json: [] }));
    await gotoDrawnByBrowser(page, "/archive");
    await expect(page.getByText("No archived editions yet.")).toBeVisible();
    await expect(page.getByRole("tablist")).toHaveCount(0);
  });

  test("each entry links to its headline's page and to its edition (issue 31)", async ({ page, request }) => {
    const entries = ArchiveListSchema.parse(await (await request.get("/api/archive")).json());
    const linked = entries.filter((e) => e.headlineId);
    expect(linked.length).toBeGreaterThan(0);
    const [newest] = groupArchiveByMonth(entries);
    const entry = newest?.entries.find((e) => e.headlineId);
    if (!entry) throw new Error("the newest month has an entry with its headline");

    await page.goto("/archive");
    const panel = page.getByRole("tabpanel");
    const headline = panel.getByRole("link", { name: entry.title, exact: true });
    await expect(headline).toHaveAttribute("href", new RegExp(`^/h/${entry.headlineId}/[a-z0-9-]+$`));
    await headline.click();
    await expect(page).toHaveURL(new RegExp(`/h/${entry.headlineId}/`));
    await expect(pageTitle(page)).toHaveText(entry.title);

    // An entry whose race is on record links its edition by its date.
    await page.route("**/api/archive", async (route) => {
      const list = ArchiveListSchema.parse(await (await route.fetch()).json());
      await route.fulfill({ json: list.map((e) => ({ ...e, editionDate: e.launchDate })) });
    });
    await gotoDrawnByBrowser(page, "/archive");
    const edition = page
      .getByRole("tabpanel")
      .getByRole("link", { name: new RegExp(`^${formatArchiveDay(entry.launchDate)}`) });
    await expect(edition.first()).toHaveAttribute("href", `/edition/${entry.launchDate}`);
  });
});
