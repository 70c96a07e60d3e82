import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { autopilotRuns, editions, headlines, settings } from "../db/schema";
import { saveAutopilot } from "../features/autopilot/autopilot.service";
import { crownWinner } from "../features/headlines/headline-stage";
import { runCycle } from "../features/votes/cycle.service";
import { castVote } from "../features/votes/votes.service";
import { type FakeSources, startFakeSources } from "../integrations/fixtures/fake-sources";
import { createServiceFetch } from "../integrations/outbound";
import { createTelegramClient } from "../integrations/telegram";
import { createHeadline } from "../test/factories";
import { type FakeTelegram, startFakeTelegram } from "../test/fake-telegram";
import { createTestApp, type TestApp } from "../test/test-app";
import { type AutopilotDeps, runAutopilotPass } from "./autopilot";

const END = new Date("2026-11-23T01:00:00Z"); // Nov 22, 8 PM Eastern
const LAUNCH = new Date("2026-11-23T03:00:00Z");
const MIN = 60_000;
const TOKEN = "123456789:AAE2eFakeTokenForTheFakeBotApi";

let t: TestApp;
let telegram: FakeTelegram;
let sources: FakeSources;
let deps: AutopilotDeps;
beforeEach(async () => {
  telegram = await startFakeTelegram();
  sources = await startFakeSources();
  t = await createTestApp(sources.config);
  await t.db
    .update(settings)
    .set({ votingEndTime: END, launchTime: LAUNCH, scheduleMode: "daily", winnerSelectedFor: null });
  await t.db.update(editions).set({ day: "2026-11-22", closesAt: END });
  const client = createTelegramClient({
    telegramBotToken: TOKEN,
    telegramChatId: "@gazette",
    telegramStaffChatId: "-1001234",
    telegramApiBaseUrl: telegram.url,
  });
  if (!client) throw new Error("client expected");
  deps = {
    db: t.db,
    trending: { http: createServiceFetch(t.app.config), config: t.app.config },
    telegram: { client, publicUrl: "https://gazette.example" },
    metrics: t.app.metrics.jobs,
  };
});
afterEach(async () => {
  await t.close();
  await telegram.close();
  await sources.close();
});

const sent = () =>
  telegram.requests.map((r) => ({ chat: r.fields.chat_id, text: String(r.fields.text ?? "") }));

describe("the autopilot job", () => {
  it("does nothing while it is off", async () => {
    expect(await runAutopilotPass(deps, END)).toEqual([]);
    expect(await t.db.select().from(autopilotRuns)).toEqual([]);
  });

  it("tells the staff chat of a proposal once, with its crown time and the tab", async () => {
    await saveAutopilot(
      t.db,
      { enabled: true, settings: { quorumVoters: 2 } },
      new Date(END.getTime() - 60 * MIN),
    );
    const top = await createHeadline(t.db, { title: "A proposal for the staff chat" });
    for (const ip of ["10.1.1.1", "10.1.2.1"])
      await castVote(
        t.database,
        {
          kind: "headline",
          headlineId: top.id,
          voteType: null,
          visitor: { id: `v-${ip}`, ip, network: ip },
          userAgent: "x",
        },
        new Date(END.getTime() - 30 * MIN),
      );
    await runCycle(t.db, END);
    await runAutopilotPass(deps, new Date(END.getTime() + MIN));
    await runAutopilotPass(deps, new Date(END.getTime() + 2 * MIN));
    expect(sent()).toEqual([
      {
        chat: "-1001234",
        text: expect.stringMatching(
          /The autopilot proposes <b>A proposal for the staff chat<\/b>\. It is crowned at Nov 22, 2026, 8:30 PM ET unless vetoed: https:\/\/gazette\.example\/admin\?tab=autopilot/,
        ),
      },
    ]);
  });

  it("says launch delayed on the channel and in the settings when the winner has no coin by the hour", async () => {
    const crownedAt = new Date(END.getTime() + 10 * MIN);
    await saveAutopilot(t.db, { enabled: true, settings: { launchDelayedHour: 23 } }, END);
    const winner = await createHeadline(t.db, { title: "A winner without a coin" });
    await crownWinner(t.db, winner.id, { kind: "job", name: "autopilot" }, crownedAt);
    expect(await runAutopilotPass(deps, new Date("2026-11-23T03:59:00Z"))).toEqual([]);
    const [check] = await runAutopilotPass(deps, new Date("2026-11-23T04:00:30Z")); // 11:00:30 PM ET
    expect(check).toMatchObject({
      step: "launch",
      subject: String(winner.id),
      result: expect.stringMatching(/^Launch delayed/),
    });
    expect((await t.app.inject({ method: "GET", url: "/api/settings" })).json().launchDelayedFor).toBe(
      winner.id,
    );
    expect(sent()).toEqual([
      { chat: "@gazette", text: expect.stringContaining("Launch delayed</b>: A winner without a coin") },
    ]);
    expect(await runAutopilotPass(deps, new Date("2026-11-23T04:30:00Z"))).toEqual([]);
  });

  it("retries a failed import, and counts each step's runs and failures in /metrics", async () => {
    await t.db.update(settings).set({ raceCycle: new Date("2026-11-22T03:00:00Z") });
    await saveAutopilot(
      t.db,
      { enabled: true, settings: { importSources: ["news"] } },
      new Date("2026-11-22T04:00:00Z"),
    );
    sources.state.failing.add("/rss");
    const morning = new Date("2026-11-22T11:00:30Z"); // 6:00:30 AM ET
    const [failed] = (await runAutopilotPass(deps, morning)).filter((r) => r.step === "import");
    expect(failed).toMatchObject({ result: null, error: expect.stringContaining("no source could be read") });
    // Not again before its retry time; then it runs and imports into Tomorrow's News.
    expect(
      (await runAutopilotPass(deps, new Date(morning.getTime() + 30_000))).filter((r) => r.step === "import"),
    ).toEqual([]);
    sources.state.failing.delete("/rss");
    const [retried] = (await runAutopilotPass(deps, new Date(morning.getTime() + 61_000))).filter(
      (r) => r.step === "import",
    );
    expect(retried?.result).toMatch(/^Imported 3: 0 into Tomorrow's News, 3 waiting in Pending Approval/);
    const imported = await t.db.select().from(headlines).where(eq(headlines.importedNews, true));
    expect(imported.map((h) => h.stage)).toEqual(["pending", "pending", "pending"]);
    const metrics = (await t.app.inject({ method: "GET", url: "/metrics" })).body;
    expect(metrics).toMatch(/job_runs_total\{job="autopilot_import"\} 2/);
    expect(metrics).toMatch(/job_failures_total\{job="autopilot_import"\} 1/);
  });
});
