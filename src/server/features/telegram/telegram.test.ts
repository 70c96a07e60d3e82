import { Writable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TELEGRAM_TEST_EVERY_MS, TELEGRAM_TEST_TOO_SOON, type TelegramStatus } from "@/common/telegram";
import { easternDay, easternTime } from "@/common/time";
import { headlineTransitions, settings, telegramPosts } from "../../db/schema";
import { createTelegramClient } from "../../integrations/telegram";
import { startTelegramJob } from "../../jobs/telegram";
import { createHeadline } from "../../test/factories";
import { type FakeTelegram, startFakeTelegram } from "../../test/fake-telegram";
import { createTestApp, type TestApp } from "../../test/test-app";
import { staffSessions, withSession } from "../accounts/test-accounts";
import { type Actor, createHeadlineIn, crownWinner, setContractAddress } from "../headlines/headline-stage";
import { updateSettings } from "../settings/settings.service";
import { runTelegramPass, SENDING_GIVE_UP_MS, type TelegramContext } from "./telegram.service";

const TOKEN = "123456789:AAFakeTokenForTestsOnly_abcdefghijkl";
const CHAT = "-1001234567890";
const STAFF: Actor = { kind: "job", name: "test" };
const MINT = "So11111111111111111111111111111111111111112";
const HOUR = 60 * 60_000;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let fake: FakeTelegram;
let t: TestApp;

async function appWithTelegram(apiBase: string) {
  return createTestApp({
    telegramBotToken: TOKEN,
    telegramChatId: CHAT,
    telegramApiBaseUrl: apiBase,
    publicUrl: "https://gazette.example",
  });
}

/** A second process's view: its own client on the same database. */
function secondProcess(ctx: TelegramContext): TelegramContext {
  const client = createTelegramClient({
    telegramBotToken: TOKEN,
    telegramChatId: CHAT,
    telegramApiBaseUrl: fake.url,
  });
  if (!client) throw new Error("client expected");
  return { ...ctx, client };
}

const context = () => {
  if (!t.app.telegram) throw new Error("telegram expected to be configured");
  return t.app.telegram;
};

beforeEach(async () => {
  fake = await startFakeTelegram();
  t = await appWithTelegram(fake.url);
});
afterEach(async () => {
  await t.close();
  await fake.close();
});

describe("Telegram posts", () => {
  it("posts the race opening, the reminder, the winner with its card and the launch once each, across two processes", async () => {
    const now = new Date();
    await t.db.update(settings).set({
      raceCycle: new Date(now.getTime() - 60_000),
      votingEndTime: new Date(now.getTime() + 30 * 60_000),
    });
    const first = await createHeadline(t.db, { title: "Frog wins the <lottery> & more" });
    await createHeadline(t.db, { title: "Cat elected mayor of a small town" });

    // Two processes run the same pass at the same moment: each event is claimed by one of them.
    const a = context();
    const b = secondProcess(a);
    await Promise.all([runTelegramPass(a, now), runTelegramPass(b, now)]);
    expect(fake.requests.map((r) => r.method)).toEqual(["sendMessage", "sendMessage"]);
    const texts = fake.requests.map((r) => String(r.fields.text));
    const open = texts.find((x) => x.includes("race is open"));
    const reminder = texts.find((x) => x.includes("One hour left"));
    expect(open).toContain("Frog wins the &lt;lottery&gt; &amp; more");
    expect(open).toContain(`https://gazette.example/h/${first.id}/`);
    // With its day when the close is on the next Eastern day (a test run half an hour before midnight).
    expect(open).toMatch(/closes at (\w{3}, \w{3} \d{1,2}, )?\d{1,2}:\d{2} [AP]M ET\./);
    expect(reminder).toContain("https://gazette.example/");
    expect(fake.requests.every((r) => r.token === TOKEN && r.fields.chat_id === CHAT)).toBe(true);

    // A restart (a new pass later) posts nothing again.
    await runTelegramPass(b, new Date(now.getTime() + 60_000));
    expect(fake.requests).toHaveLength(2);

    await crownWinner(t.db, first.id, STAFF, new Date());
    await Promise.all([runTelegramPass(a, new Date()), runTelegramPass(b, new Date())]);
    expect(fake.requests).toHaveLength(3);
    const photo = fake.requests[2];
    expect(photo?.method).toBe("sendPhoto");
    expect(photo?.contentType).toMatch(/^multipart\/form-data/);
    expect(photo?.body.includes(PNG_SIGNATURE)).toBe(true);
    expect(String(photo?.fields.caption)).toContain("winner");
    expect(String(photo?.fields.caption)).toContain(`/h/${first.id}/`);

    await setContractAddress(t.db, first.id, MINT, STAFF, new Date());
    await Promise.all([runTelegramPass(a, new Date()), runTelegramPass(b, new Date())]);
    await runTelegramPass(a, new Date());
    expect(fake.requests).toHaveLength(4);
    const launch = String(fake.requests[3]?.fields.text);
    expect(launch).toContain(`<code>${MINT}</code>`);
    expect(launch).toContain(`https://dexscreener.com/solana/${MINT}`);
    expect(launch).toContain(`https://jup.ag/swap/SOL-${MINT}`);

    const rows = await t.db.select().from(telegramPosts).orderBy(telegramPosts.id);
    expect(rows.map((r) => [r.kind, r.status, r.attempts])).toEqual([
      ["race_open", "sent", 1],
      ["reminder", "sent", 1],
      ["winner", "sent", 1],
      ["launch", "sent", 1],
    ]);
    expect(rows.every((r) => r.messageId !== null)).toBe(true);
  });

  it("reminds of the close staff set, in its own words and day, not the schedule's (issue 31)", async () => {
    const now = new Date();
    await t.db.update(settings).set({ raceCycle: new Date(now.getTime() - 3 * HOUR) });
    await createHeadline(t.db, { title: "Owl reads the evening paper" });
    // Staff move the close of the open race to 40 minutes from now: the hour before it has begun.
    const close = new Date(now.getTime() + 40 * 60_000);
    await updateSettings(
      t.db,
      { votingEndTime: close.toISOString(), launchTime: new Date(close.getTime() + HOUR).toISOString() },
      now,
    );
    await runTelegramPass(context(), now);
    const reminder = fake.requests.map((r) => String(r.fields.text)).find((x) => x.includes("One hour left"));
    expect(reminder).toContain(`Voting closes at ${easternTime(close, now)}.`);
    expect(reminder).toContain("Owl reads the evening paper");
    const [row] = await t.db.select().from(settings);
    expect(row?.currentDay).toBe(easternDay(close));
  });

  it("announces the race after a shortened one once, though its name is ahead of the clock, across two processes", async () => {
    // The first start names its race by its close. Staff shorten it with a custom countdown (the race keeps
    // its name), and once it has closed set the next countdown: the new race is named one millisecond
    // after the old name, its own close here, so its name is still ahead of the clock while it is open.
    const now = new Date();
    const [first] = await t.db.select().from(settings);
    if (!first) throw new Error("settings expected");
    const close = first.votingEndTime;
    expect(first.raceCycle).toEqual(close);
    const earlier = new Date(now.getTime() - 30 * 60_000);
    await updateSettings(
      t.db,
      {
        votingEndTime: new Date(now.getTime() - 60_000).toISOString(),
        launchTime: new Date(now.getTime() + 119 * 60_000).toISOString(),
        scheduleMode: "custom",
      },
      earlier,
    );
    await updateSettings(
      t.db,
      { votingEndTime: close.toISOString(), launchTime: new Date(close.getTime() + 2 * HOUR).toISOString() },
      now,
    );
    const [opened] = await t.db.select().from(settings);
    expect(opened?.raceCycle?.getTime()).toBe(close.getTime() + 1);
    await createHeadline(t.db, { title: "Dog appointed harbour master" });

    const a = context();
    const b = secondProcess(a);
    await Promise.all([runTelegramPass(a, new Date()), runTelegramPass(b, new Date())]);
    await runTelegramPass(a, new Date(Date.now() + 60_000));
    expect(fake.requests.map((r) => String(r.fields.text))).toEqual([
      expect.stringContaining("race is open"),
    ]);
    expect(String(fake.requests[0]?.fields.text)).toContain("Dog appointed harbour master");
    const rows = await t.db.select().from(telegramPosts);
    expect(rows.map((r) => [r.kind, r.subject, r.status, r.attempts])).toEqual([
      ["race_open", opened?.raceCycle?.toISOString(), "sent", 1],
    ]);
  });

  it("announces a race opened now once: the recorded opening and the pass's own check name it alike", async () => {
    const now = new Date();
    await t.db.update(settings).set({
      raceCycle: new Date(now.getTime() - 24 * HOUR),
      votingEndTime: new Date(now.getTime() - 60_000),
      launchTime: new Date(now.getTime() + HOUR),
      scheduleMode: "custom",
    });
    await updateSettings(
      t.db,
      {
        votingEndTime: new Date(now.getTime() + 3 * HOUR).toISOString(),
        launchTime: new Date(now.getTime() + 5 * HOUR).toISOString(),
      },
      now,
    );
    const [opened] = await t.db.select().from(settings);
    expect(opened?.raceCycle).toEqual(now);
    const recorded = await t.db.select().from(telegramPosts);
    expect(recorded.map((r) => [r.kind, r.subject, r.status])).toEqual([
      ["race_open", now.toISOString(), "pending"],
    ]);

    const a = context();
    await Promise.all([runTelegramPass(a, new Date()), runTelegramPass(secondProcess(a), new Date())]);
    await runTelegramPass(a, new Date(Date.now() + 60_000));
    expect(fake.requests).toHaveLength(1);
    expect(String(fake.requests[0]?.fields.text)).toContain("race is open");
    const rows = await t.db.select().from(telegramPosts);
    expect(rows.map((r) => [r.kind, r.subject, r.status])).toEqual([
      ["race_open", now.toISOString(), "sent"],
    ]);
  });

  it("announces a token imported with its address once, across two processes", async () => {
    // The admin token import inserts the headline with its address: no update of the address ever happens.
    const imported = await t.db.transaction((tx) =>
      createHeadlineIn(
        tx,
        "importToken",
        {
          title: "Imported Frog Coin",
          description: "Imported by staff",
          contractAddress: MINT,
          symbol: "FROG",
          launchStatus: "launched",
          oldNewsAt: new Date(),
        },
        STAFF,
        new Date(),
      ),
    );
    if (!imported) throw new Error("headline expected");
    const a = context();
    await Promise.all([runTelegramPass(a, new Date()), runTelegramPass(secondProcess(a), new Date())]);
    await runTelegramPass(a, new Date(Date.now() + 60_000));
    expect(fake.requests).toHaveLength(1);
    const launch = String(fake.requests[0]?.fields.text);
    expect(launch).toContain("Launched $FROG!");
    expect(launch).toContain(`<code>${MINT}</code>`);
    expect(launch).toContain(`/h/${imported.id}/`);
    const rows = await t.db.select().from(telegramPosts);
    expect(rows.map((r) => [r.kind, r.subject, r.status, r.attempts])).toEqual([
      ["launch", String(imported.id), "sent", 1],
    ]);
  });

  it("posts nothing from before its window: an old crown and an old launch on an old database", async () => {
    const h = await createHeadline(t.db);
    await crownWinner(t.db, h.id, STAFF, new Date());
    await t.db.execute(sql`UPDATE headline_transitions SET created_at = now() - interval '2 days'`);
    await setContractAddress(t.db, h.id, MINT, STAFF, new Date());
    await t.db.execute(sql`UPDATE telegram_posts SET event_at = now() - interval '2 days'`);
    await t.db.update(settings).set({ raceCycle: new Date(Date.now() - 3 * 86_400_000) });

    const outcome = await runTelegramPass(context(), new Date());
    expect(outcome.skipped).toBe(1);
    expect(fake.requests).toHaveLength(0);
    const [launch] = await t.db.select().from(telegramPosts);
    expect(launch?.status).toBe("skipped");
    expect(
      await t.db.select().from(headlineTransitions).where(eq(headlineTransitions.action, "crown")),
    ).toHaveLength(1);
  });

  it("waits out a 429's retry_after and then posts once", async () => {
    fake.answerNext("sendMessage", {
      status: 429,
      body: {
        ok: false,
        error_code: 429,
        description: "Too Many Requests: retry after 1",
        parameters: { retry_after: 1 },
      },
    });
    const started = Date.now();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/telegram/test",
      cookies: await staff(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ kind: "test", status: "sent", attempts: 1 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(fake.requests).toHaveLength(2);
    const metrics = await t.app.inject({ method: "GET", url: "/metrics" });
    expect(metrics.body).toMatch(/outbound_requests_total\{service="telegram",outcome="http_4xx"\} 1/);
    expect(metrics.body).toMatch(/outbound_requests_total\{service="telegram",outcome="ok"\} 1/);
  });

  it("never logs or stores the token when a call fails, and retries only what Telegram refused", async () => {
    const lines: string[] = [];
    const log = pino(
      { level: "info" },
      new Writable({
        write(chunk, _enc, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    const now = new Date();
    await t.db.update(settings).set({ raceCycle: new Date(now.getTime() - 60_000) });
    fake.answerNext("sendMessage", {
      status: 400,
      body: { ok: false, error_code: 400, description: `Bad Request: chat not found for bot${TOKEN}` },
    });
    const stop = startTelegramJob(context(), log, undefined, 60_000);
    await waitFor(async () => (await t.db.select().from(telegramPosts)).some((r) => r.status === "failed"));
    await stop();
    const [refused] = await t.db.select().from(telegramPosts);
    expect(refused?.error).toContain("chat not found");
    expect(refused?.retryAt).not.toBeNull(); // a refusal posted nothing: tried again later

    // Unreachable (a closed port): grammY's error carries the URL; what is kept and logged does not.
    const closed = await startFakeTelegram();
    await closed.close();
    const away = await appWithTelegram(closed.url);
    try {
      const ctx = away.app.telegram;
      if (!ctx) throw new Error("expected configured");
      await away.db.update(settings).set({ raceCycle: new Date(now.getTime() - 60_000) });
      const stopAway = startTelegramJob(ctx, log, undefined, 60_000);
      await waitFor(async () =>
        (await away.db.select().from(telegramPosts)).some((r) => r.status === "failed"),
      );
      await stopAway();
      const [lost] = await away.db.select().from(telegramPosts);
      expect(lost?.error).toMatch(/could not be reached/);
      expect(lost?.retryAt).toBeNull(); // it may have posted: never sent again
      expect(JSON.stringify(lost)).not.toContain(TOKEN);
    } finally {
      await away.close();
    }
    const logged = lines.join("");
    expect(logged).toContain("telegram post failed");
    expect(logged).not.toContain(TOKEN);
    expect(logged).not.toContain(TOKEN.split(":")[1]);
    expect(JSON.stringify(await t.db.select().from(telegramPosts))).not.toContain(TOKEN.split(":")[1]);
  });

  it("gives up on a send whose outcome is unknown instead of posting it twice", async () => {
    const old = new Date(Date.now() - SENDING_GIVE_UP_MS - 60_000);
    const h = await createHeadline(t.db, { stage: "winner", listedToday: false });
    await t.db.insert(headlineTransitions).values({
      headlineId: h.id,
      fromStage: "today",
      toStage: "winner",
      action: "crown",
      actor: "job:cycle",
      createdAt: new Date(Date.now() - 10 * 60_000),
    });
    await t.db.insert(telegramPosts).values({
      kind: "winner",
      subject: String(h.id),
      status: "sending",
      attempts: 1,
      eventAt: old,
      createdAt: old,
      updatedAt: old,
    });
    await runTelegramPass(context(), new Date());
    await runTelegramPass(context(), new Date());
    expect(fake.requests).toHaveLength(0);
    const [row] = await t.db.select().from(telegramPosts);
    expect(row?.status).toBe("failed");
    expect(row?.error).toMatch(/Outcome unknown/);
  });
});

describe("the dashboard's Telegram tab", () => {
  it("lists the posts and sends a test message, showing the channel but never the token", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/admin/telegram" })).statusCode).toBe(401);
    const cookies = await staff();
    const sent = await t.app.inject({ method: "POST", url: "/api/admin/telegram/test", cookies });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(String(fake.requests[0]?.fields.text)).toContain("test message");
    const res = await t.app.inject({ method: "GET", url: "/api/admin/telegram", cookies });
    const status = res.json() as TelegramStatus;
    expect(status).toMatchObject({ configured: true, chatId: CHAT });
    expect(status.posts).toEqual([expect.objectContaining({ kind: "test", status: "sent", messageId: 101 })]);
    expect(res.body).not.toContain(TOKEN.split(":")[1]);
  });

  it("sends one test message per 30 s for the whole site: 15 at once post once, the rest 429 with Retry-After", async () => {
    const cookies = await staff();
    const answers = await Promise.all(
      Array.from({ length: 15 }, () =>
        t.app.inject({ method: "POST", url: "/api/admin/telegram/test", cookies }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(refused).toHaveLength(14);
    for (const r of refused) {
      expect(r.json()).toEqual({ message: TELEGRAM_TEST_TOO_SOON });
      const wait = Number(r.headers["retry-after"]);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(TELEGRAM_TEST_EVERY_MS / 1000);
    }
    expect(fake.requests.filter((r) => r.method === "sendMessage")).toHaveLength(1);
    expect(await t.db.select().from(telegramPosts)).toHaveLength(1);

    // Once the 30 s have passed (the last test post made older), the next one goes.
    await t.db.update(telegramPosts).set({ createdAt: new Date(Date.now() - TELEGRAM_TEST_EVERY_MS - 1000) });
    const later = await t.app.inject({ method: "POST", url: "/api/admin/telegram/test", cookies });
    expect(later.statusCode, later.body).toBe(200);
    expect(fake.requests.filter((r) => r.method === "sendMessage")).toHaveLength(2);
  });

  it("says it is not configured and refuses the test message", async () => {
    const off = await createTestApp();
    try {
      const { staff: session } = await staffSessions(off.app, off.db);
      const cookies = withSession(session);
      const res = await off.app.inject({ method: "GET", url: "/api/admin/telegram", cookies });
      expect(res.json()).toEqual({ configured: false, chatId: null, posts: [] });
      const test = await off.app.inject({ method: "POST", url: "/api/admin/telegram/test", cookies });
      expect(test.statusCode).toBe(409);
      expect(test.json().message).toContain("TELEGRAM_BOT_TOKEN");
    } finally {
      await off.close();
    }
  });
});

async function staff() {
  const { staff: session } = await staffSessions(t.app, t.db);
  return withSession(session);
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error("condition not reached in time");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
