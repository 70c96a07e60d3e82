import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { dailyCycle } from "@/common/schedule";
import { openPostgres } from "../../db/connect";
import {
  accounts,
  archiveEntries,
  editions,
  headlines,
  headlineTransitions,
  settings,
  votes,
} from "../../db/schema";
import { createHeadline } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { type Actor, crownWinner, selectWinnerNow } from "../headlines/headline-stage";
import { updateSettings } from "../settings/settings.service";
import { runCycle } from "./cycle.service";
import { ledgerMismatches } from "./ledger";

let STAFF: Actor;

let t: TestApp;
const END = new Date("2026-11-23T01:00:00Z"); // Nov 22, 8 PM Eastern
const LAUNCH = new Date("2026-11-23T03:00:00Z"); // Nov 22, 10 PM Eastern
const plus = (d: Date, ms: number) => new Date(d.getTime() + ms);

beforeEach(async () => {
  t = await createTestApp();
  const [account] = await t.db.insert(accounts).values({ username: "admin", passwordHash: "-" }).returning();
  STAFF = { kind: "staff", account: { id: account?.id ?? 0, username: "admin" } };
  await t.db.update(settings).set({
    votingEndTime: END,
    launchTime: LAUNCH,
    scheduleMode: "daily",
    winnerSelectedFor: null,
  });
  // The open race's edition is the day its voting closes (the settings above moved that close).
  await t.db.update(editions).set({ day: "2026-11-22", closesAt: END });
});
afterEach(() => t.close());

const currentSettings = async () => (await t.db.select().from(settings))[0];
const headline = async (id: number) => (await t.db.select().from(headlines).where(eq(headlines.id, id)))[0];
const winnerIds = async () =>
  (await t.db.select({ id: headlines.id }).from(headlines).where(eq(headlines.stage, "winner"))).map(
    (h) => h.id,
  );

describe("automatic winner selection", () => {
  it("does nothing before votingEndTime", async () => {
    await createHeadline(t.db, { votes: 5 });
    expect((await runCycle(t.db, plus(END, -1000))).crowned).toBeNull();
    expect(await winnerIds()).toEqual([]);
  });

  it("crowns the most-voted headline at the deadline, once, and it leaves voting", async () => {
    await createHeadline(t.db, { votes: 3 });
    const top = await createHeadline(t.db, { votes: 7 });
    const first = await runCycle(t.db, END);
    expect(first.crowned?.id).toBe(top.id);
    expect(await winnerIds()).toEqual([top.id]);
    expect((await runCycle(t.db, plus(END, 5000))).crowned).toBeNull();
    const home = (await t.app.inject({ method: "GET", url: "/api/headlines" })).json() as Array<{
      id: number;
      isWinner: boolean;
      votes: number;
    }>;
    expect(home[0]).toMatchObject({ id: top.id, isWinner: true });
    expect(home.filter((h) => h.id === top.id)).toHaveLength(1);
    expect(home[1]?.votes).toBe(3);
  });

  it("breaks a tie for the headline that reached the count first, then the older one", async () => {
    const later = await createHeadline(t.db, {
      votes: 4,
      lastVotedAt: new Date("2026-11-22T20:00:00Z"),
      createdAt: new Date("2026-11-20T00:00:00Z"),
    });
    const first = await createHeadline(t.db, {
      votes: 4,
      lastVotedAt: new Date("2026-11-22T19:00:00Z"),
      createdAt: new Date("2026-11-21T00:00:00Z"),
    });
    expect((await runCycle(t.db, END)).crowned?.id).toBe(first.id);
    expect(later.id).not.toBe(first.id);

    await t.db.update(settings).set({ winnerSelectedFor: null });
    await t.db.update(headlines).set({ stage: "today" });
    const same = new Date("2026-11-22T19:00:00Z");
    await t.db.update(headlines).set({ lastVotedAt: same });
    expect((await runCycle(t.db, END)).crowned?.id).toBe(later.id); // older createdAt
  });

  it("crowns nobody when no headline has a vote", async () => {
    await createHeadline(t.db, { votes: 0 });
    expect((await runCycle(t.db, END)).crowned).toBeNull();
    expect((await currentSettings())?.winnerSelectedFor?.getTime()).toBe(END.getTime());
  });

  it("does not override a winner staff crowned in this cycle", async () => {
    const chosen = await createHeadline(t.db, { votes: 1 });
    await createHeadline(t.db, { votes: 9 });
    await crownWinner(t.db, chosen.id, STAFF, plus(END, -60_000));
    expect((await runCycle(t.db, END)).crowned).toBeNull();
    expect(await winnerIds()).toEqual([chosen.id]);
  });

  it("selects now on request, whatever the clock", async () => {
    const top = await createHeadline(t.db, { votes: 2 });
    expect((await selectWinnerNow(t.db, STAFF, plus(END, -3_600_000)))?.id).toBe(top.id);
    expect((await headline(top.id))?.stage).toBe("winner");
  });

  it("chooses the winner once when two server instances race for it", async () => {
    await createHeadline(t.db, { votes: 2 });
    await createHeadline(t.db, { votes: 6 });
    // On PostgreSQL the second server instance is a second connection pool on the same database; PGlite
    // serves one process, so there the race runs through concurrent calls on its one connection.
    const second = t.database.url ? openPostgres(t.database.url, 5) : undefined;
    try {
      const db2 = second?.db ?? t.db;
      const results = await Promise.all([
        runCycle(t.db, END),
        runCycle(db2, END),
        runCycle(t.db, END),
        runCycle(db2, END),
      ]);
      expect(results.filter((r) => r.crowned !== null)).toHaveLength(1);
      const winners = await t.db.select().from(headlines).where(eq(headlines.stage, "winner"));
      expect(winners).toHaveLength(1);
    } finally {
      await second?.close();
    }
  });
});

describe("the next cycle", () => {
  it("starts at launch time in daily mode: the next day's 8 PM / 10 PM Eastern", async () => {
    expect((await runCycle(t.db, plus(LAUNCH, -1000))).rolled).toBe(false);
    expect((await runCycle(t.db, LAUNCH)).rolled).toBe(true);
    const s = await currentSettings();
    expect(s?.votingEndTime.toISOString()).toBe("2026-11-24T01:00:00.000Z");
    expect(s?.launchTime.toISOString()).toBe("2026-11-24T03:00:00.000Z");
    // The edition of the day whose evening the new race closes.
    expect(s?.currentDay).toBe("2026-11-23");
  });

  it("catches up after downtime: the winner is selected and the cycle moves past now", async () => {
    const top = await createHeadline(t.db, { votes: 1 });
    const now = new Date("2026-11-25T15:00:00Z");
    const outcome = await runCycle(t.db, now);
    expect(outcome.crowned?.id).toBe(top.id);
    expect(outcome.rolled).toBe(true);
    expect((await currentSettings())?.votingEndTime.toISOString()).toBe("2026-11-26T01:00:00.000Z");
  });

  it("rolls to the next Monday in weekly mode and not at all in custom mode", async () => {
    await t.db.update(settings).set({ scheduleMode: "weekly" });
    await runCycle(t.db, LAUNCH);
    expect((await currentSettings())?.launchTime.toISOString()).toBe("2026-11-24T01:00:00.000Z"); // Mon Nov 23, 7 PM CST

    await t.db.update(settings).set({ scheduleMode: "custom", votingEndTime: END, launchTime: LAUNCH });
    expect((await runCycle(t.db, plus(LAUNCH, 60_000))).rolled).toBe(false);
    expect((await currentSettings())?.launchTime.getTime()).toBe(LAUNCH.getTime());
  });

  it("starts the next race even: the winner keeps its count, the others start at 0 with their votes kept, and the visitor votes again", async () => {
    const a = await createHeadline(t.db);
    const b = await createHeadline(t.db);
    const cookies = { mg_visitor: "returningvisitor000001" };
    await t.db
      .update(settings)
      .set({ votingEndTime: new Date(Date.now() + 60_000), launchTime: new Date(Date.now() + 120_000) });
    expect(
      (await t.app.inject({ method: "POST", url: "/api/vote", payload: { headlineId: a.id }, cookies }))
        .statusCode,
    ).toBe(200);
    for (const visitorId of ["othervisitor0000000001", "othervisitor0000000002"]) {
      const vote = {
        method: "POST" as const,
        url: "/api/vote",
        payload: { headlineId: visitorId.endsWith("1") ? a.id : b.id },
      };
      expect((await t.app.inject({ ...vote, cookies: { mg_visitor: visitorId } })).statusCode).toBe(200);
    }
    expect((await headline(b.id))?.votes).toBe(1);
    // The cycle closes (a wins) and the next one starts.
    await runCycle(t.db, new Date(Date.now() + 60_000));
    await runCycle(t.db, new Date(Date.now() + 120_000));
    await t.db.update(settings).set({ votingEndTime: new Date(Date.now() + 86_400_000) });
    const again = await t.app.inject({
      method: "POST",
      url: "/api/vote",
      payload: { headlineId: b.id },
      cookies,
    });
    expect(again.statusCode).toBe(200);
    expect((await headline(a.id))?.stage).toBe("winner");
    expect((await headline(a.id))?.votes).toBe(2);
    // b's vote of the closed race stays in its row; the new race counts only the vote just cast.
    expect((await headline(b.id))?.votes).toBe(1);
    expect(await t.db.select().from(votes).where(eq(votes.headlineId, b.id))).toHaveLength(2);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });
});

describe("winner history (decisions page, Second wave)", () => {
  const archive = async () => t.db.select().from(archiveEntries);
  const transitions = async (id: number) =>
    (await t.db.select().from(headlineTransitions).where(eq(headlineTransitions.headlineId, id))).map((r) => [
      r.action,
      r.fromStage,
      r.toStage,
      r.actor,
    ]);

  it("a correction within the cycle sends the replaced winner back to voting with its votes", async () => {
    const first = await createHeadline(t.db, { votes: 8 });
    const second = await createHeadline(t.db, { votes: 3 });
    await crownWinner(t.db, first.id, STAFF, plus(END, -60_000));
    await crownWinner(t.db, second.id, STAFF, plus(END, -30_000)); // Make Winner again: a correction
    expect(await winnerIds()).toEqual([second.id]);
    expect(await headline(first.id)).toMatchObject({ stage: "today", votes: 8 });
    expect(await archive()).toEqual([]);
    const home = (await t.app.inject({ method: "GET", url: "/api/headlines" })).json() as Array<{
      id: number;
    }>;
    expect(home.map((h) => h.id)).toEqual([second.id, first.id]);
    expect(await transitions(first.id)).toEqual([
      ["crown", "today", "winner", "admin"],
      ["uncrown", "winner", "today", "admin"],
    ]);
  });

  it("a correction by Select Winner after the automatic selection keeps the auto winner in voting", async () => {
    const auto = await createHeadline(t.db, { votes: 5 });
    const other = await createHeadline(t.db, { votes: 4 });
    expect((await runCycle(t.db, END)).crowned?.id).toBe(auto.id);
    // Staff disagree before the launch: Make Winner on the other one, same cycle.
    await crownWinner(t.db, other.id, STAFF, plus(END, 60_000));
    expect(await headline(auto.id)).toMatchObject({ stage: "today", votes: 5 });
    expect(await archive()).toEqual([]);
  });

  it("a winner of a closed cycle goes to the Archive exactly once when the next winner is crowned", async () => {
    const first = await createHeadline(t.db, { votes: 6, symbol: "ONE" });
    expect((await runCycle(t.db, END)).crowned?.id).toBe(first.id);
    expect((await runCycle(t.db, LAUNCH)).rolled).toBe(true); // the next cycle: Nov 23, 8 PM Eastern
    const next = await createHeadline(t.db, { votes: 2 });
    const nextEnd = new Date("2026-11-24T01:00:00Z");
    expect((await runCycle(t.db, nextEnd)).crowned?.id).toBe(next.id); // automatic selection
    expect(await headline(first.id)).toMatchObject({ stage: "past_winner", votes: 6 });
    const entries = await archive();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ headlineId: first.id, memeCoin: "ONE", launchDate: "2026-11-22" });
    // Not on Yesterday's News without a contract address; it gets there with one.
    const yesterday = async () =>
      (
        (await t.app.inject({ method: "GET", url: "/api/yesterdays-news" })).json() as Array<{ id: number }>
      ).map((h) => h.id);
    expect(await yesterday()).not.toContain(first.id);
    await t.db
      .update(headlines)
      .set({ contractAddress: "So11111111111111111111111111111111111111112", oldNewsAt: nextEnd })
      .where(eq(headlines.id, first.id));
    expect(await yesterday()).toContain(first.id);
    // Crowning again after another roll archives `next`; `first` keeps its single entry.
    await runCycle(t.db, new Date("2026-11-24T03:00:00Z"));
    const third = await createHeadline(t.db, { votes: 1 });
    await crownWinner(t.db, third.id, STAFF, new Date("2026-11-24T12:00:00Z")); // a manual one
    expect((await archive()).map((e) => e.headlineId).sort()).toEqual([first.id, next.id].sort());
    expect(await transitions(next.id)).toContainEqual(["retire", "winner", "past_winner", "admin"]);
    expect(await transitions(first.id)).toContainEqual(["retire", "winner", "past_winner", "job:cycle"]);
  });

  it("a reset after 8 PM Eastern moves to the next day and keeps the winner staff just crowned", async () => {
    // A weekly close two days ahead; at 8:30 PM Eastern staff crown a winner, then press "Reset to 8 PM
    // Vote / 10 PM Launch Today", whose 8 PM is already past.
    const weeklyEnd = plus(END, 2 * 86_400_000);
    await t.db.update(settings).set({ votingEndTime: weeklyEnd, launchTime: plus(weeklyEnd, 7_200_000) });
    const chosen = await createHeadline(t.db, { votes: 1 });
    await createHeadline(t.db, { votes: 9 });
    const now = plus(END, 30 * 60_000);
    await crownWinner(t.db, chosen.id, STAFF, now);
    const cycle = dailyCycle(now);
    expect(cycle.votingEndTime.getTime()).toBe(END.getTime()); // today's 8 PM: past
    const answer = await updateSettings(
      t.db,
      {
        votingEndTime: cycle.votingEndTime.toISOString(),
        launchTime: cycle.launchTime.toISOString(),
        scheduleMode: "daily",
      },
      now,
    );
    expect(answer.votingEndTime).toBe("2026-11-24T01:00:00.000Z"); // Nov 23, 8 PM Eastern
    expect(answer.launchTime).toBe("2026-11-24T03:00:00.000Z");
    expect(answer.notice).toMatch(/moved to the next day/);
    // Voting did not close at once, and at the new close the staff's winner stays.
    expect((await runCycle(t.db, plus(now, 5_000))).crowned).toBeNull();
    expect((await runCycle(t.db, new Date("2026-11-24T01:00:00Z"))).crowned).toBeNull();
    expect(await winnerIds()).toEqual([chosen.id]);
  });

  it("a schedule change whose close is still ahead is stored as given, with no notice", async () => {
    const now = plus(END, -3_600_000);
    const answer = await updateSettings(
      t.db,
      { votingEndTime: plus(END, 60_000).toISOString(), launchTime: LAUNCH.toISOString() },
      now,
    );
    expect(answer.votingEndTime).toBe(plus(END, 60_000).toISOString());
    expect(answer.notice).toBeNull();
  });
});
