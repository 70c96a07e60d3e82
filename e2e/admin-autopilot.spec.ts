import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test, toastRegion as toasts, withWinnerLock } from "./fixtures";

/**
 * The Autopilot tab (issue 30) on a desktop and a phone: an administrator switches the autopilot on and off
 * with the kill switch; a race closes with the autopilot on, its proposed winner shows with a countdown to
 * the crown, and one click (with a reason) vetoes it, after which the race waits for the editors. The
 * shared seeded server is left as found: the autopilot off, and a fresh race open.
 */

const ADMIN = { username: "admin", password: "e2e-admin-password" };

// Times are shown in Eastern with the reader's own beside them: this browser's clock is elsewhere.
test.use({ timezoneId: "Europe/Paris" });

async function logIn(request: APIRequestContext) {
  const response = await request.post("/api/login", { data: ADMIN });
  expect(response.status(), await response.text()).toBe(200);
}

async function setAutopilot(request: APIRequestContext, data: object) {
  const res = await request.put("/api/admin/autopilot", { data });
  expect(res.status(), await res.text()).toBe(200);
}

/** Sets the race's close (and a launch a day after it). */
async function setClose(request: APIRequestContext, votingEndTime: Date) {
  const launchTime = new Date(votingEndTime.getTime() + 86_400_000);
  const res = await request.put("/api/admin/settings", {
    data: { votingEndTime: votingEndTime.toISOString(), launchTime: launchTime.toISOString() },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A new race, every headline at 0: the close is brought a moment away, then set again once it has passed. */
async function openFreshRace(request: APIRequestContext) {
  await setClose(request, new Date(Date.now() + 1_500));
  await pause(2_000);
  await setClose(request, new Date(Date.now() + 86_400_000));
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).include("main").analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target.join(" ")) }));
}

test("an administrator switches the autopilot on and off", async ({ page }) => {
  test.setTimeout(180_000);
  await logIn(page.request);
  await withWinnerLock(async () => {
    await setAutopilot(page.request, { enabled: false });
    await page.goto("/admin?tab=autopilot");
    await expect(page.getByRole("heading", { name: "The Autopilot Is Off" })).toBeVisible();
    const steps = page.getByTestId("autopilot-step");
    await expect(steps).toHaveCount(4);
    await expect(steps.first()).toContainText("Next run: off");

    const kill = page.getByRole("switch", { name: "Autopilot" });
    await kill.click();
    await expect(toasts(page).getByText("Autopilot on", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "The Autopilot Is On" })).toBeVisible();
    await expect(kill).toHaveAttribute("aria-checked", "true");
    // The close's next run, in Eastern with this reader's Paris time beside it.
    const close = steps.filter({ hasText: "The close" });
    await expect(close).toContainText(/Next run: .+ ET \(.*your time\)/);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath("autopilot-on.png"), fullPage: true });

    await kill.click();
    await expect(toasts(page).getByText("Autopilot off", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "The Autopilot Is Off" })).toBeVisible();
    const audit = await page.request.get("/api/admin/audit?account=admin");
    const words = ((await audit.json()) as { entries: Array<{ action: string; details: unknown }> }).entries
      .filter((e) => e.action === "PUT /api/admin/autopilot")
      .slice(0, 2)
      .map((e) => (e.details as { enabled: boolean }).enabled);
    expect(words).toEqual([false, true]);
  });
});

test("a proposal counts down to its crown, and a veto with its reason leaves the race to the editors", async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const title = `E2E Autopilot ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  const submitted = await page.request.post("/api/headlines", {
    data: {
      title,
      description: "An end-to-end test headline the autopilot proposes.",
      imageUrl: "https://example.com/x.png",
    },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  const { id } = (await submitted.json()) as { id: number };
  await logIn(page.request);

  await withWinnerLock(async () => {
    // On before the race is reset: a close while it is on crowns nothing without a quorum of real voters.
    await setAutopilot(page.request, {
      enabled: true,
      settings: { quorumVoters: 2, minLead: 1, vetoMinutes: 30 },
    });
    try {
      await openFreshRace(page.request);
      expect((await page.request.post(`/api/admin/headlines/${id}/approve`)).ok()).toBe(true);
      // Two visitors from two networks vote for it: the quorum, and a lead of 2 over every other headline.
      for (const address of [
        `198.21.${Math.floor(Math.random() * 256)}.4`,
        `198.22.${Math.floor(Math.random() * 256)}.4`,
      ]) {
        const visitor = await playwright.request.newContext({
          baseURL,
          extraHTTPHeaders: { "x-forwarded-for": address },
        });
        const voted = await visitor.post("/api/vote", { data: { headlineId: id } });
        expect(voted.status(), await voted.text()).toBe(200);
        await visitor.dispose();
      }
      // The close, a few seconds away; the cycle job (every 5 s) proposes the top.
      await setClose(page.request, new Date(Date.now() + 3_000));
      await expect
        .poll(
          async () =>
            (
              (await (await page.request.get("/api/admin/autopilot")).json()) as {
                pending: Array<{ headlineId: number }>;
              }
            ).pending[0]?.headlineId,
          { timeout: 30_000, intervals: [1_000] },
        )
        .toBe(id);

      await page.goto("/admin?tab=autopilot");
      const proposal = page.getByTestId("autopilot-pending");
      await expect(proposal.getByRole("heading", { name: "Proposed Winner" })).toBeVisible();
      await expect(proposal).toContainText(title);
      await expect(proposal).toContainText("2 votes from 2 networks · lead 2");
      const timer = proposal.getByRole("timer");
      await expect(timer).toHaveText(/^(29|30):\d\d$/);
      const first = await timer.textContent();
      await expect(timer).not.toHaveText(first ?? "", { timeout: 3_000 });
      await expect(proposal).toContainText(/ET \(.*your time\) unless vetoed/);
      // The dashboard says so above every tab too.
      await expect(page.getByTestId("crown-watch")).toContainText(title);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: test.info().outputPath("autopilot-proposal.png"), fullPage: true });

      // The edition's public record names the proposal, its crown time and the tie rule.
      const day = ((await (await page.request.get("/api/settings")).json()) as { currentDay: string })
        .currentDay;
      await page.goto(`/edition/${day}`);
      // (This test's resets make the day hold several races: the last is the one it closed.)
      await expect(page.getByTestId("edition-crown").last()).toContainText(
        `Proposed winner: "${title}" is crowned at`,
      );
      await expect(page.getByText(/^Tie rule: Most counted votes wins\./).last()).toBeVisible();
      await page.goto("/admin?tab=autopilot");

      // A veto needs its reason.
      await proposal.getByRole("button", { name: "Veto" }).click();
      await expect(proposal.getByText("Please give a reason for the veto")).toBeVisible();
      await proposal.getByLabel("Reason for the veto").fill("The story is a hoax");
      await proposal.getByRole("button", { name: "Veto" }).click();
      await expect(toasts(page).getByText("Proposal vetoed", { exact: true })).toBeVisible();
      const awaiting = page.getByTestId("autopilot-awaiting");
      await expect(awaiting).toContainText("Staff vetoed the proposed winner. Reason: The story is a hoax");
      await expect(page.getByTestId("autopilot-pending")).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto(`/edition/${day}`);
      await expect(page.getByTestId("edition-crown").last()).toContainText(
        "Awaiting the editors: nothing was crowned. Staff vetoed the proposed winner. Reason: The story is a hoax",
      );
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: test.info().outputPath("edition-awaiting.png"), fullPage: true });

      // The autopilot says it waits for the editors, and nothing was crowned.
      const status = (await (await page.request.get("/api/admin/autopilot")).json()) as {
        awaiting: { reason: string };
      };
      expect(status.awaiting.reason).toBe("vetoed");
      const home = (await (await page.request.get("/api/headlines")).json()) as Array<{
        id: number;
        isWinner: boolean;
      }>;
      expect(home.find((h) => h.id === id)?.isWinner).toBe(false);
    } finally {
      // As found: the autopilot off, and a fresh race with the close a day away.
      await setAutopilot(page.request, {
        enabled: false,
        settings: { quorumVoters: 5, minLead: 1, vetoMinutes: 30 },
      });
      await openFreshRace(page.request);
    }
  });
});

test("a staff member sees the autopilot and may not switch it: the switch says why, the server refuses", async ({
  page,
}, testInfo) => {
  await logIn(page.request);
  const account = { username: `pilot${Date.now().toString(36)}`, password: "pilot-staff-password" };
  const registered = await page.request.post("/api/admin/register-staff", {
    data: { ...account, isAdmin: false },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  // The same browser, now signed in as the staff member.
  expect((await page.request.post("/api/logout")).ok()).toBe(true);
  const staff = await page.request.post("/api/login", { data: account });
  expect(staff.status(), await staff.text()).toBe(200);

  await page.goto("/admin?tab=autopilot");
  const steps = page.getByTestId("autopilot-step");
  await expect(steps).toHaveCount(4);
  const toggle = page.getByRole("switch", { name: "Autopilot" });
  await expect(toggle).toBeDisabled();
  await expect(toggle).toHaveAccessibleDescription("Only administrators switch the autopilot on or off.");
  await expect(page.getByText("Only administrators switch the autopilot on or off.")).toBeVisible();
  const refused = await page.request.put("/api/admin/autopilot", { data: { enabled: true } });
  expect(refused.status()).toBe(403);
  await page.screenshot({ path: testInfo.outputPath("autopilot-staff.png"), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
});
