import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openPostgres } from "../../db/connect";
import { headlines, settings } from "../../db/schema";
import { createHeadline } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { crownWinner, runCycle, selectWinnerNow } from "./cycle.service";

let t: TestApp;
const END = new Date("2026-11-23T01:00:00Z"); // Nov 22, 8 PM Eastern
const LAUNCH = new Date("2026-11-23T03:00:00Z"); // Nov 22, 10 PM Eastern
const plus = (d: Date, ms: number) => new Date(d.getTime() + ms);

beforeEach(async () => {
  t = await createTestApp();
  await t.db.update(settings).set({
    votingEndTime: END,
    launchTime: LAUNCH,
    scheduleMode: "daily",
    currentWinnerId: null,
    winnerSelectedFor: null,
  });
});
afterEach(() => t.close());

const currentSettings = async () => (await t.db.select().from(settings))[0];
const headline = async (id: number) => (await t.db.select().from(headlines).where(eq(headlines.id, id)))[0];

describe("automatic winner selection", () => {
  it("does nothing before votingEndTime", async () => {
    await createHeadline(t.db, { votes: 5 });
    expect((await runCycle(t.db, plus(END, -1000))).crowned).toBeNull();
    expect((await currentSettings())?.currentWinnerId).toBeNull();
  });

  it("crowns the most-voted headline at the deadline, once, and it leaves voting", async () => {
    await createHeadline(t.db, { votes: 3 });
    const top = await createHeadline(t.db, { votes: 7 });
    const first = await runCycle(t.db, END);
    expect(first.crowned?.id).toBe(top.id);
    expect((await currentSettings())?.currentWinnerId).toBe(top.id);
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

    await t.db.update(settings).set({ winnerSelectedFor: null, currentWinnerId: null });
    await t.db.update(headlines).set({ isWinner: false });
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
    await crownWinner(t.db, chosen.id, plus(END, -60_000));
    expect((await runCycle(t.db, END)).crowned).toBeNull();
    expect((await currentSettings())?.currentWinnerId).toBe(chosen.id);
  });

  it("selects now on request, whatever the clock", async () => {
    const top = await createHeadline(t.db, { votes: 2 });
    expect((await selectWinnerNow(t.db, plus(END, -3_600_000)))?.id).toBe(top.id);
    expect((await headline(top.id))?.isWinner).toBe(true);
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
      const winners = await t.db.select().from(headlines).where(eq(headlines.isWinner, true));
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
    expect(s?.currentDay).toBe("2026-11-22");
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

  it("keeps the other headlines' counts and lets the visitor vote again in the new cycle", async () => {
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
    expect((await headline(a.id))?.isWinner).toBe(true);
    expect((await headline(a.id))?.votes).toBe(1);
  });
});
