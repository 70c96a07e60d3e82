import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { easternDay } from "@/common/time";
import { archiveEntries, auditLog, editions, headlines, settings } from "../../db/schema";
import { createHeadline } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { staffSessions, withSession } from "../accounts/test-accounts";

let t: TestApp;
let session: string;
beforeEach(async () => {
  t = await createTestApp();
  session = (await staffSessions(t.app, t.db)).admin;
});
afterEach(() => t.close());

const call = (method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
  t.app.inject({ method, url, payload, cookies: withSession(session) });
const publicList = async (url: string) =>
  (await t.app.inject({ method: "GET", url })).json() as Array<{
    id: number;
    isWinner: boolean;
    votes: number;
  }>;
const ids = (list: Array<{ id: number }>) => list.map((h) => h.id);
const settingsRow = async () => (await t.db.select().from(settings))[0];
const winnerIds = async () =>
  (await t.db.select({ id: headlines.id }).from(headlines).where(eq(headlines.stage, "winner"))).map(
    (h) => h.id,
  );

describe("crowning a winner", () => {
  it("announce-winner crowns the chosen headline: it heads the home page as the winner", async () => {
    await createHeadline(t.db, { votes: 9 });
    const chosen = await createHeadline(t.db, { votes: 2 });
    const res = await call("POST", `/api/admin/headlines/${chosen.id}/announce-winner`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: chosen.id, isWinner: true });
    const home = await publicList("/api/headlines");
    expect(home[0]).toMatchObject({ id: chosen.id, isWinner: true });
    expect(ids(home.slice(1))).not.toContain(chosen.id);
    expect(await winnerIds()).toEqual([chosen.id]);
    expect((await call("POST", "/api/admin/headlines/424242/announce-winner")).statusCode).toBe(404);
  });

  it("select-winner crowns the most-voted headline in today's voting", async () => {
    await createHeadline(t.db, { votes: 3 });
    const top = await createHeadline(t.db, { votes: 7 });
    await createHeadline(t.db, { votes: 50, stage: "tomorrow" }); // not in voting
    const res = await call("POST", "/api/admin/select-winner");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: top.id, isWinner: true });
    expect(await winnerIds()).toEqual([top.id]);
  });

  it("refuses to crown over today's winner whose coin is launched, in words, changing nothing", async () => {
    const launched = await createHeadline(t.db, {
      title: "Launched today",
      stage: "winner",
      contractAddress: "So11111111111111111111111111111111111111112",
    });
    await t.db.update(settings).set({ winnerSelectedFor: (await settingsRow())?.votingEndTime });
    const other = await createHeadline(t.db, { votes: 3 });
    const res = await call("POST", `/api/admin/headlines/${other.id}/announce-winner`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message:
        "Today's winner's coin is launched: move it to Yesterday's News before crowning another headline.",
    });
    expect(await winnerIds()).toEqual([launched.id]);
  });

  it("select-winner answers 409 when nothing is in voting", async () => {
    const res = await call("POST", "/api/admin/select-winner");
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: "No headlines are in voting." });
  });
});

describe("POST /api/admin/move-winner-to-yesterday", () => {
  it("moves the winner to Yesterday's News, writes its archive entry and leaves home without a winner", async () => {
    const winner = await createHeadline(t.db, {
      title: "Frog Mayor Wins",
      symbol: "FROG",
      votes: 12,
      stage: "winner",
    });
    const launchTime = (await settingsRow())?.launchTime as Date;

    const res = await call("POST", "/api/admin/move-winner-to-yesterday");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ headline: { id: winner.id, isOldNews: true, isTodaysNews: false } });

    const [entry] = await t.db.select().from(archiveEntries);
    expect(entry).toMatchObject({
      headlineId: winner.id,
      title: "Frog Mayor Wins",
      memeCoin: "FROG",
      votes: 12,
      launchDate: easternDay(launchTime),
    });
    expect(await winnerIds()).toEqual([]);
    const home = await publicList("/api/headlines");
    expect(home.some((h) => h.isWinner)).toBe(false);
    expect(ids(home)).not.toContain(winner.id);
    expect(ids(await publicList("/api/yesterdays-news"))).toContain(winner.id);
    expect((await publicList("/api/archive")).map((e) => e.id)).toEqual([entry?.id]);
  });

  it("dates the archive entry by the edition that crowned it, not the day it moved on (issue 31)", async () => {
    const [crownedIn] = await t.db.select({ day: editions.day }).from(editions);
    const chosen = await createHeadline(t.db, { title: "Crowned without a vote", votes: 0 });
    expect((await call("POST", `/api/admin/headlines/${chosen.id}/announce-winner`)).statusCode).toBe(200);
    // Two days later a new race runs (its edition dated then) when staff move the winner on.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const later = new Date(Date.now() + 2 * 86_400_000);
    await t.db.update(settings).set({
      raceCycle: new Date(),
      votingEndTime: later,
      launchTime: new Date(later.getTime() + 7_200_000),
      currentDay: easternDay(later),
    });
    expect((await call("POST", "/api/admin/move-winner-to-yesterday")).statusCode).toBe(200);
    const [entry] = await t.db.select().from(archiveEntries);
    expect(entry?.launchDate).toBe(crownedIn?.day);
    const listed = (await t.app.inject({ url: "/api/archive" })).json() as Array<{
      editionDate: string | null;
    }>;
    expect(listed[0]?.editionDate).toBe(crownedIn?.day);
    expect(crownedIn?.day).not.toBe(easternDay(later));
  });

  it("uses the title as the meme coin without a symbol, and answers 409 when there is no current winner", async () => {
    expect((await call("POST", "/api/admin/move-winner-to-yesterday")).statusCode).toBe(409);
    await createHeadline(t.db, { title: "No Symbol Here", stage: "winner" });
    await call("POST", "/api/admin/move-winner-to-yesterday");
    // A second click finds nothing to move and writes no second entry.
    const again = await call("POST", "/api/admin/move-winner-to-yesterday");
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: "There is no current winner to move." });
    const entries = await t.db.select().from(archiveEntries);
    expect(entries.map((e) => e.memeCoin)).toEqual(["No Symbol Here"]);
  });
});

describe("POST /api/admin/move-top-headlines-to-today", () => {
  it("moves the four most-voted candidates into today's voting with their votes reset, keeping the counts in the audit log", async () => {
    const base = Date.now() - 60_000;
    const at = (s: number) => new Date(base + s * 1000);
    const tomorrow = { stage: "tomorrow" as const };
    const a = await createHeadline(t.db, { ...tomorrow, votes: 9, createdAt: at(1) });
    const b = await createHeadline(t.db, { ...tomorrow, votes: 5, createdAt: at(2) });
    const c = await createHeadline(t.db, { ...tomorrow, votes: 5, createdAt: at(3) }); // tie with b, later
    const d = await createHeadline(t.db, { ...tomorrow, votes: 7, createdAt: at(4) });
    const e = await createHeadline(t.db, { ...tomorrow, votes: 2, createdAt: at(5) });
    await createHeadline(t.db, { votes: 99, stage: "pending" }); // not a candidate

    const res = await call("POST", "/api/admin/move-top-headlines-to-today");
    expect(res.statusCode).toBe(200);
    const moved = res.json() as Array<{
      id: number;
      votes: number;
      isTodaysNews: boolean;
      isTomorrowsNews: boolean;
    }>;
    expect(ids(moved)).toEqual([a.id, d.id, b.id, c.id]);
    for (const h of moved) expect(h).toMatchObject({ votes: 0, isTodaysNews: true, isTomorrowsNews: false });

    const home = await publicList("/api/headlines");
    expect(ids(home)).toEqual(expect.arrayContaining([a.id, b.id, c.id, d.id]));
    expect(home.filter((h) => [a.id, b.id, c.id, d.id].includes(h.id)).every((h) => h.votes === 0)).toBe(
      true,
    );
    expect(ids(await publicList("/api/tomorrows-news"))).toEqual([e.id]);

    await vi.waitFor(async () => {
      const [row] = await t.db.select().from(auditLog);
      expect(row?.action).toBe("POST /api/admin/move-top-headlines-to-today");
      const details = row?.details as { qualifying: Array<{ id: number; votes: number }> };
      expect(details.qualifying.map((q) => [q.id, q.votes])).toEqual([
        [a.id, 9],
        [d.id, 7],
        [b.id, 5],
        [c.id, 5],
      ]);
    });
  });

  it("says which of the four joined today's voting: one already in it did not join", async () => {
    const already = await createHeadline(t.db, { stage: "tomorrow", listedToday: true, tomorrowVotes: 8 });
    const fresh = await createHeadline(t.db, { stage: "tomorrow", tomorrowVotes: 3 });
    const res = await call("POST", "/api/admin/move-top-headlines-to-today");
    expect(res.statusCode).toBe(200);
    const moved = res.json() as Array<{ id: number; joinedToday: boolean }>;
    expect(moved.map((h) => [h.id, h.joinedToday])).toEqual([
      [already.id, false],
      [fresh.id, true],
    ]);
  });

  it("answers 409 when Tomorrow's News is empty", async () => {
    const res = await call("POST", "/api/admin/move-top-headlines-to-today");
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: "No headlines are in Tomorrow's News." });
  });
});

/**
 * The cases below send fixed times, and a close already past moves to the next day with a notice: they
 * run at 10 AM Eastern on Monday, December 7, 2026, whatever the machine's clock says (only Date is
 * frozen; timers stay real for the database).
 */
function atTenAmEasternDecember7() {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date("2026-12-07T15:00:00Z"), toFake: ["Date"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

describe("PUT /api/admin/settings", () => {
  atTenAmEasternDecember7();

  it("sets the cycle's times, the edition day and the schedule mode", async () => {
    const payload = {
      votingEndTime: "2026-12-07T23:00:00.000Z",
      launchTime: "2026-12-08T01:00:00.000Z",
      currentDay: "2026-12-07",
      scheduleMode: "weekly",
    };
    const res = await call("PUT", "/api/admin/settings", payload);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...payload, launchDelayedFor: null, notice: null });
    expect((await t.app.inject({ method: "GET", url: "/api/settings" })).json()).toEqual({
      ...payload,
      launchDelayedFor: null,
    });
  });

  it("moves the edition's day and its record with the close staff set, keeping the mode (issue 31)", async () => {
    const before = await settingsRow();
    // 11 PM Eastern on December 7: the edition of December 7, whatever day the race was going to close.
    const res = await call("PUT", "/api/admin/settings", {
      votingEndTime: "2026-12-07T23:00:00-05:00",
      launchTime: "2026-12-08T01:00:00-05:00",
    });
    expect(res.json()).toMatchObject({
      votingEndTime: "2026-12-08T04:00:00.000Z",
      launchTime: "2026-12-08T06:00:00.000Z",
      currentDay: "2026-12-07",
      scheduleMode: before?.scheduleMode,
    });
    expect((await t.app.inject({ method: "GET", url: "/api/settings" })).json()).toMatchObject({
      currentDay: "2026-12-07",
    });
    // The open race keeps its name (its votes stay in it); its edition moves to the new day and close.
    const after = await settingsRow();
    expect(after?.raceCycle?.getTime()).toBe(before?.raceCycle?.getTime());
    const race = after?.raceCycle ?? after?.votingEndTime;
    if (!race) throw new Error("the settings row names the race");
    const [edition] = await t.db.select().from(editions).where(eq(editions.race, race));
    expect(edition).toMatchObject({ day: "2026-12-07", closesAt: new Date("2026-12-08T04:00:00.000Z") });
  });

  it('refuses invalid times with "Invalid Date/Time" and other invalid fields, changing nothing', async () => {
    const before = await settingsRow();
    const cases: Array<[object, string]> = [
      [{ votingEndTime: "2026-12-08T02:00:00Z", launchTime: "2026-12-08T01:00:00Z" }, "Invalid Date/Time"],
      [{ votingEndTime: "2026-12-08T01:00:00Z", launchTime: "2026-12-08T01:00:00Z" }, "Invalid Date/Time"],
      [{ votingEndTime: "tomorrow", launchTime: "2026-12-08T01:00:00Z" }, "Invalid Date/Time"],
      [{ votingEndTime: "2026-02-30T01:00:00Z", launchTime: "2026-03-08T01:00:00Z" }, "Invalid Date/Time"],
      [{ launchTime: "2026-12-08T01:00:00Z" }, "Invalid Date/Time"],
      [
        {
          votingEndTime: "2026-12-07T01:00:00Z",
          launchTime: "2026-12-08T01:00:00Z",
          currentDay: "07/12/2026",
        },
        "currentDay must be a date in YYYY-MM-DD format",
      ],
      [
        {
          votingEndTime: "2026-12-07T01:00:00Z",
          launchTime: "2026-12-08T01:00:00Z",
          scheduleMode: "monthly",
        },
        "scheduleMode must be daily, weekly or custom",
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await call("PUT", "/api/admin/settings", payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ message });
    }
    expect(await settingsRow()).toEqual(before);
  });
});

describe("settings row", () => {
  atTenAmEasternDecember7();

  it("stays a single row", async () => {
    await call("PUT", "/api/admin/settings", {
      votingEndTime: "2026-12-07T23:00:00Z",
      launchTime: "2026-12-08T01:00:00Z",
    });
    expect(await t.db.select().from(settings).where(eq(settings.id, 1))).toHaveLength(1);
    expect(await t.db.select().from(headlines)).toHaveLength(0);
  });
});
