import { expect, test } from "./fixtures";

/**
 * The real security reset ends every session on the shared e2e server, so this spec runs alone, after every
 * other project (its own Playwright project, see playwright.config.ts).
 */
const OLD_PASSWORD = "e2e-admin-password";
const NEW_ADMIN = "after-reset-admin-1";
const NEW_STAFF = "after-reset-staff-1";

test("the security reset sets new passwords, logs everyone out and sends the admin to the login after 3 s", async ({
  page,
  browser,
}) => {
  // A second admin session elsewhere, which the reset must end too.
  const other = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": "198.18.250.1" } });
  const otherLogin = await other.request.post("/api/login", {
    data: { username: "admin", password: OLD_PASSWORD },
  });
  expect(otherLogin.ok()).toBe(true);
  expect(await (await other.request.get("/api/user")).json()).not.toBeNull();

  expect(
    (await page.request.post("/api/login", { data: { username: "admin", password: OLD_PASSWORD } })).ok(),
  ).toBe(true);
  await page.goto("/admin?tab=security-reset");
  await page.getByLabel("New admin password").fill(NEW_ADMIN);
  await page.getByLabel("Confirm admin password").fill(NEW_ADMIN);
  await page.getByLabel("New staff password").fill(NEW_STAFF);
  await page.getByLabel("Confirm staff password").fill(NEW_STAFF);
  await page.getByRole("button", { name: "Reset Passwords" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Yes, reset everything" }).click();

  await expect(page.getByText(/New passwords are set for/)).toBeVisible();
  // Three seconds later the admin is logged out and back on the login form.
  await expect(page.getByRole("button", { name: "Log In" })).toBeVisible({ timeout: 6_000 });
  await expect(page).toHaveURL(/\/admin$/);

  // Every old session is over at once, this one and the other.
  expect(await (await page.request.get("/api/user")).json()).toBeNull();
  expect(await (await other.request.get("/api/user")).json()).toBeNull();
  await other.close();

  // The old password no longer works; the new ones do.
  expect(
    (await page.request.post("/api/login", { data: { username: "admin", password: OLD_PASSWORD } })).status(),
  ).toBe(401);
  expect(
    (await page.request.post("/api/login", { data: { username: "admin", password: NEW_ADMIN } })).ok(),
  ).toBe(true);
  expect(
    (await page.request.post("/api/login", { data: { username: "staff", password: NEW_STAFF } })).ok(),
  ).toBe(true);
});
