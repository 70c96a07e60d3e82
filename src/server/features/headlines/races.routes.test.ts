import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { headlines, headlineTransitions, settings, votes } from "../../db/schema";
import { createHeadline } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { staffSessions, withSession } from "../accounts/test-accounts";
import { ledgerMismatches } from "../votes/ledger";

/**
 * Issue 20: the two news lists are independent toggles with a race each; no switch, Move Top 4 or delete
 * moves, copies, zeroes or deletes a vote; a promoted submission counts only once paid. Every scenario ends
 * with the ledger check: each count shown equals the counted vote rows of its race.
 */

let t: TestApp;
let session: string;
beforeEach(async () => {
  t = await createTestApp();
  session = (await staffSessions(t.app, t.db)).staff;
  await t.db
    .update(settings)
    .set({ votingEndTime: new Date(Date.now() + 86_400_000), launchTime: new Date(Date.now() + 90_000_000) });
});
afterEach(async () => {
  expect(await ledgerMismatches(t.db)).toEqual([]);
  await t.close();
});

const staff = (method: "GET" | "POST" | "DELETE", url: string, payload?: object) =>
  t.app.inject({ method, url, payload, cookies: withSession(session) });

let visitors = 0;
function visitor() {
  visitors += 1;
  return { cookie: `racevisitor${String(visitors).padStart(11, "0")}`, ip: `203.0.113.${visitors % 250}` };
}
const vote = (v: { cookie: string; ip: string }, headlineId: number) =>
  t.app.inject({
    method: "POST",
    url: "/api/vote",
    payload: { headlineId },
    cookies: { mg_visitor: v.cookie },
    remoteAddress: v.ip,
  });
const candidateVote = (v: { cookie: string; ip: string }, id: number) =>
  t.app.inject({
    method: "POST",
    url: `/api/community-vote/${id}`,
    payload: { voteType: "buy" },
    cookies: { mg_visitor: v.cookie },
    remoteAddress: v.ip,
  });
const list = async (url: string) =>
  (await t.app.inject({ method: "GET", url })).json() as Array<{
    id: number;
    votes: number;
    tomorrowVotes: number;
    isTodaysNews: boolean;
    isTomorrowsNews: boolean;
    isPaid: boolean;
  }>;
const inList = async (url: string, id: number) => (await list(url)).find((h) => h.id === id);

async function votesFor(id: number, n: number, cast = vote) {
  for (let i = 0; i < n; i += 1) expect((await cast(visitor(), id)).statusCode).toBe(200);
}

describe("Today's News and Tomorrow's News are independent toggles, each with its own race", () => {
  it("keeps a headline's 9 visitor votes in today's race through both switches and Move Top 4", async () => {
    const h = await createHeadline(t.db);
    await votesFor(h.id, 9);

    // Turning on Tomorrow's News leaves it in today's voting with its 9 votes.
    const on = await staff("POST", `/api/admin/headlines/${h.id}/toggle-tomorrows`);
    expect(on.json()).toEqual({ id: h.id, isTomorrowsNews: true });
    expect(await inList("/api/headlines", h.id)).toMatchObject({
      votes: 9,
      isTodaysNews: true,
      isTomorrowsNews: true,
    });
    expect(await inList("/api/tomorrows-news", h.id)).toMatchObject({ votes: 0, tomorrowVotes: 0 });
    const admin = (await staff("GET", "/api/admin/headlines")).json() as Array<Record<string, unknown>>;
    expect(admin.find((x) => x.id === h.id)).toMatchObject({ isTodaysNews: true, isTomorrowsNews: true });

    // Each race takes its own vote, from the same visitor too.
    const v = visitor();
    await votesFor(h.id, 2, candidateVote);
    expect((await candidateVote(v, h.id)).json()).toMatchObject({ kind: "tomorrow", votes: 3 });
    expect(await inList("/api/headlines", h.id)).toMatchObject({ votes: 9, tomorrowVotes: 3 });
    expect(await inList("/api/tomorrows-news", h.id)).toMatchObject({ votes: 3 });

    // Move Top 4: it leaves Tomorrow's News for today's voting; no count changes.
    const moved = await staff("POST", "/api/admin/move-top-headlines-to-today");
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await inList("/api/headlines", h.id)).toMatchObject({
      votes: 9,
      tomorrowVotes: 3,
      isTomorrowsNews: false,
    });
    expect(await inList("/api/tomorrows-news", h.id)).toBeUndefined();
    // Its page keeps the qualifying count.
    const page = (await t.app.inject({ method: "GET", url: `/api/headlines/${h.id}` })).json();
    expect(page).toMatchObject({ votes: 9, tomorrowVotes: 3, isTodaysNews: true });

    // Off Today's News: out of the home list, its votes kept, back with them when switched on again.
    await staff("POST", `/api/admin/headlines/${h.id}/toggle-todays`);
    expect(await inList("/api/headlines", h.id)).toBeUndefined();
    await staff("POST", `/api/admin/headlines/${h.id}/toggle-todays`);
    expect(await inList("/api/headlines", h.id)).toMatchObject({ votes: 9 });
    expect((await t.db.select().from(votes).where(eq(votes.headlineId, h.id))).length).toBe(12);

    // Every switch is an audited transition.
    const actions = (
      await t.db.select().from(headlineTransitions).where(eq(headlineTransitions.headlineId, h.id))
    ).map((r) => r.action);
    expect(actions).toEqual(["addToTomorrow", "promote", "removeFromToday", "addToToday"]);
  });

  it("ranks Move Top 4 by the Tomorrow's News race only, whatever today's counts are", async () => {
    const todayStar = await createHeadline(t.db, { listedTomorrow: true });
    await votesFor(todayStar.id, 5); // today's race
    const candidates = [];
    for (let i = 0; i < 4; i += 1) {
      const c = await createHeadline(t.db, { stage: "tomorrow" });
      await votesFor(c.id, 1 + i, candidateVote);
      candidates.push(c.id);
    }
    const moved = (await staff("POST", "/api/admin/move-top-headlines-to-today")).json();
    expect(moved.map((h: { id: number }) => h.id).sort()).toEqual([...candidates].sort());
    expect(await inList("/api/tomorrows-news", todayStar.id)).toBeDefined();
    for (const id of candidates) expect(await inList("/api/headlines", id)).toMatchObject({ votes: 0 });
  });
});

describe("a promoted submission counts only once paid", () => {
  async function approvedUnpaid() {
    const h = await createHeadline(t.db, {
      stage: "pending",
      paymentReference: "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin",
      receipt: "r".repeat(22),
    });
    const res = await staff("POST", `/api/admin/headlines/${h.id}/approve`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ isTodaysNews: true, awaitingPayment: true, isPaid: false });
    return h;
  }

  it("takes no vote, joins no list and cannot be crowned until its payment is confirmed", async () => {
    const h = await approvedUnpaid();
    expect((await vote(visitor(), h.id)).statusCode).toBe(404);
    expect(await inList("/api/headlines", h.id)).toBeUndefined();
    expect((await t.app.inject({ method: "GET", url: `/api/headlines/${h.id}` })).statusCode).toBe(404);
    const crown = await staff("POST", `/api/admin/headlines/${h.id}/announce-winner`);
    expect(crown.statusCode).toBe(409);
    expect(crown.json().message).toContain("payment is not confirmed");
    // Select Today's Winner passes it by.
    const other = await createHeadline(t.db);
    const selected = await staff("POST", "/api/admin/select-winner");
    expect(selected.json()).toMatchObject({ id: other.id, isPaid: false });

    // Paid: it joins today's voting (promoted) and takes votes.
    await t.db
      .update(headlines)
      .set({ isPaid: true, transactionId: "5".repeat(88) })
      .where(eq(headlines.id, h.id));
    expect(await inList("/api/headlines", h.id)).toMatchObject({ isPaid: true });
    expect((await vote(visitor(), h.id)).statusCode).toBe(200);
  });
});

describe("no vote is ever lost", () => {
  it("keeps a deleted headline's votes: the ledger still balances, the votes are in their rows", async () => {
    const h = await createHeadline(t.db);
    await votesFor(h.id, 3);
    expect((await staff("DELETE", `/api/admin/headlines/${h.id}`)).statusCode).toBe(204);
    expect(await t.db.select().from(votes).where(eq(votes.headlineId, h.id))).toHaveLength(3);
    expect((await vote(visitor(), h.id)).statusCode).toBe(404);
  });

  it("records who voided a vote and why, and every count leaves it out", async () => {
    const h = await createHeadline(t.db);
    await votesFor(h.id, 2);
    const evidence = (await staff("GET", "/api/admin/vote-evidence")).json();
    const cluster = evidence.headlines[0].userAgents[0];
    const res = await staff("POST", `/api/admin/headlines/${h.id}/void-votes`, {
      by: "userAgent",
      hash: cluster.hash,
      reason: "Bot burst from one script",
    });
    expect(res.json()).toMatchObject({ voided: 2, votes: 0, reason: "Bot burst from one script" });
    const rows = await t.db.select().from(votes).where(eq(votes.headlineId, h.id));
    expect(rows.map((r) => [r.voidedBy, r.voidReason])).toEqual([
      ["staff", "Bot burst from one script"],
      ["staff", "Bot burst from one script"],
    ]);
  });
});

describe("the ledger check", () => {
  it("finds a count that disagrees with its vote rows, and /metrics reports how many", async () => {
    const h = await createHeadline(t.db);
    await votesFor(h.id, 2);
    const gauge = async () =>
      /ledger_mismatched_headlines (\d+)/.exec(
        (await t.app.inject({ method: "GET", url: "/metrics" })).body,
      )?.[1];
    expect(await gauge()).toBe("0");
    await t.db.execute(sql`UPDATE headlines SET votes = votes + 1 WHERE id = ${h.id}`);
    expect(await ledgerMismatches(t.db)).toMatchObject([{ id: h.id, votes: 3, counted: 2 }]);
    expect(await gauge()).toBe("1");
    await t.db.execute(sql`UPDATE headlines SET votes = votes - 1 WHERE id = ${h.id}`);
  });
});
