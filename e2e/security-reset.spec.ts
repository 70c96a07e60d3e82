import { expect, test } from "./fixtures";

/**
 * The real security reset ends every session on the shared e2e server, so this spec runs alone, after every
 * other project (its own Playwright project, see playwright.config.ts).
 */
const OLD_PASSWORD = "e2e-admin-password";
const NEW_ADMIN = "after-reset-admin-1";
const NEW_STAFF = "after-reset-staff-1";

test("the security reset re-authenticates, sets new passwords, disables the other accounts, logs everyone out and sends the admin to the login after 3 s", async ({
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
  // A third account, logged in elsewhere: the reset disables it and ends its session.
  const third = { username: `third${Date.now().toString(36)}`, password: "third-account-password" };
  const registered = await page.request.post("/api/admin/register-staff", {
    data: { ...third, isAdmin: false },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const thirdContext = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": "198.18.250.2" } });
  expect((await thirdContext.request.post("/api/login", { data: third })).ok()).toBe(true);

  await page.goto("/admin?tab=security-reset");
  // The current password first: a wrong one is refused and nothing changes.
  await page.getByLabel("Your current password").fill("not-my-password");
  await page.getByLabel("New admin password").fill(NEW_ADMIN);
  await page.getByLabel("Confirm admin password").fill(NEW_ADMIN);
  await page.getByLabel("New staff password").fill(NEW_STAFF);
  await page.getByLabel("Confirm staff password").fill(NEW_STAFF);
  await page.getByRole("button", { name: "Reset Passwords" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Yes, reset everything" }).click();
  await expect(
    page.getByText("Your current password is not correct. Nothing was changed.").first(),
  ).toBeVisible();
  expect(await (await other.request.get("/api/user")).json()).not.toBeNull();

  await page.getByLabel("Your current password").fill(OLD_PASSWORD);
  await page.getByLabel("New admin password").fill(NEW_ADMIN);
  await page.getByLabel("Confirm admin password").fill(NEW_ADMIN);
  await page.getByLabel("New staff password").fill(NEW_STAFF);
  await page.getByLabel("Confirm staff password").fill(NEW_STAFF);
  await page.getByRole("button", { name: "Reset Passwords" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Yes, reset everything" }).click();

  // What happened to each account.
  const outcome = page.getByRole("list", { name: "What happened to each account" });
  await expect(outcome.getByText("admin: new password set")).toBeVisible();
  await expect(outcome.getByText("staff: created with the new password")).toBeVisible();
  await expect(
    outcome.getByText(`${third.username}: disabled until an administrator re-enables it with a new password`),
  ).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("security-reset-result.png"), fullPage: true });
  // Three seconds later the admin is logged out and back on the login form.
  await expect(page.getByRole("button", { name: "Log In" })).toBeVisible({ timeout: 6_000 });
  await expect(page).toHaveURL(/\/admin$/);

  // Every old session is over at once, this one and the other.
  expect(await (await page.request.get("/api/user")).json()).toBeNull();
  expect(await (await other.request.get("/api/user")).json()).toBeNull();
  await other.close();
  // The third account: its session is over and its login is refused with the reason.
  expect(await (await thirdContext.request.get("/api/user")).json()).toBeNull();
  const refused = await thirdContext.request.post("/api/login", { data: third });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toBe(
    "This account is disabled. Ask an administrator to re-enable it.",
  );
  await thirdContext.close();

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
