import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { VoteEvidence } from "@/common/vote-evidence";
import { auditLog, headlines, settings, votes } from "../../db/schema";
import { startVoteEvidenceCleanupJob } from "../../jobs/vote-evidence";
import { createHeadline } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { staffSessions, withSession } from "../accounts/test-accounts";
import { runCycle } from "./cycle.service";
import { EVIDENCE_RETENTION_MS } from "./vote-evidence";
import { NOTHING_TO_VOID, WINNER_CHOSEN } from "./vote-evidence.service";

let t: TestApp;
let staff: string;
beforeEach(async () => {
  t = await createTestApp();
  ({ staff } = await staffSessions(t.app, t.db));
  await t.db
    .update(settings)
    .set({ votingEndTime: new Date(Date.now() + 86_400_000), launchTime: new Date(Date.now() + 90_000_000) });
});
afterEach(() => t.close());

let visitors = 0;
/** A headline vote from a new visitor (a new cookie) at `ip` with `userAgent`. */
async function vote(headlineId: number, ip: string, userAgent = "Mozilla/5.0 Test") {
  visitors += 1;
  const res = await t.app.inject({
    method: "POST",
    url: "/api/vote",
    payload: { headlineId },
    cookies: { mg_visitor: `visitor${String(visitors).padStart(15, "0")}` },
    remoteAddress: ip,
    headers: { "user-agent": userAgent },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const evidence = async (session = staff) => {
  const res = await t.app.inject({
    method: "GET",
    url: "/api/admin/vote-evidence",
    cookies: withSession(session),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as VoteEvidence;
};
const voidVotes = (id: number, payload: object, session = staff) =>
  t.app.inject({
    method: "POST",
    url: `/api/admin/headlines/${id}/void-votes`,
    payload,
    cookies: withSession(session),
  });
const votesOf = async (id: number) =>
  (await t.db.select({ votes: headlines.votes }).from(headlines).where(eq(headlines.id, id)))[0]?.votes;

/** Five votes from five addresses of one /24 within a minute: a ring. */
async function ring(headlineId: number, prefix = "203.0.113", count = 5) {
  for (let i = 1; i <= count; i += 1) await vote(headlineId, `${prefix}.${i}`, "RingBot/1");
}

describe("GET /api/admin/vote-evidence", () => {
  it("groups the cycle's votes by network and user agent, flags a burst from one network, and shows no IP", async () => {
    const target = await createHeadline(t.db, { title: "Ring target" });
    const quiet = await createHeadline(t.db, { title: "Quiet one" });
    await ring(target.id);
    await vote(target.id, "198.51.100.20", "Mozilla/5.0 Test");
    await vote(target.id, "2001:db8:1:2::10", "Mozilla/5.0 Test");
    await vote(target.id, "2001:db8:1:2::11", "Mozilla/5.0 Test"); // the same /64
    await vote(quiet.id, "192.0.2.1");

    const body = await evidence();
    expect(body.winnerChosen).toBe(false);
    expect(body.headlines.map((h) => h.id)).toEqual([target.id, quiet.id]); // most votes first
    const [first] = body.headlines;
    expect(first).toMatchObject({ title: "Ring target", votes: 8, voided: 0, withoutEvidence: 0 });
    expect(first?.networks.map((c) => [c.votes, c.addresses, c.flagged])).toEqual([
      [5, 5, true],
      [2, 2, false],
      [1, 1, false],
    ]);
    expect(first?.networks[0]).toMatchObject({ peak: 5, userAgents: 1 });
    expect(first?.userAgents.map((c) => [c.votes, c.networks, c.flagged])).toEqual([
      [5, 1, false],
      [3, 2, false],
    ]);
    expect(body.headlines[1]?.networks).toHaveLength(1);
    const text = JSON.stringify(body);
    for (const address of ["203.0.113", "198.51.100", "2001:db8", "192.0.2"])
      expect(text).not.toContain(address);
  });

  it("does not flag the same votes spread over more than ten minutes", async () => {
    const h = await createHeadline(t.db);
    await ring(h.id);
    // Twelve minutes apart each: never five within ten minutes.
    await t.db.execute(
      sql`UPDATE votes SET created_at = now() - (id * interval '12 minutes') WHERE headline_id = ${h.id}`,
    );
    const [cluster] = (await evidence()).headlines[0]?.networks ?? [];
    expect(cluster).toMatchObject({ votes: 5, peak: 1, flagged: false });
  });

  it("is for staff only", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/admin/vote-evidence" })).statusCode).toBe(401);
    const h = await createHeadline(t.db);
    const res = await t.app.inject({
      method: "POST",
      url: `/api/admin/headlines/${h.id}/void-votes`,
      payload: { by: "network", hash: "0".repeat(32) },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe("POST /api/admin/headlines/:id/void-votes", () => {
  it("removes exactly the cluster's votes from the count, audited, and those visitors cannot vote again", async () => {
    const h = await createHeadline(t.db);
    await ring(h.id);
    await vote(h.id, "198.51.100.20");
    const [ringCluster] = (await evidence()).headlines[0]?.networks ?? [];
    expect(await votesOf(h.id)).toBe(6);

    const res = await voidVotes(h.id, { by: "network", hash: ringCluster?.hash });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      headlineId: h.id,
      voided: 5,
      votes: 1,
      reason: "Suspicious cluster of votes",
    });
    expect(await votesOf(h.id)).toBe(1);
    const rows = await t.db.select().from(votes).where(eq(votes.headlineId, h.id));
    expect(rows.filter((r) => r.voidedAt !== null)).toHaveLength(5);

    const after = (await evidence()).headlines[0];
    expect(after).toMatchObject({ votes: 1, voided: 5 });
    expect(after?.networks.map((c) => c.votes)).toEqual([1]);

    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "POST /api/admin/headlines/:id/void-votes"));
    expect(audit).toMatchObject({
      username: "staff",
      target: String(h.id),
      details: {
        headlineId: h.id,
        cluster: { by: "network", hash: ringCluster?.hash.slice(0, 8) },
        voided: 5,
        votesAfter: 1,
      },
    });

    // The voided visitors keep their row: a second vote this cycle is still refused.
    const again = await t.app.inject({
      method: "POST",
      url: "/api/vote",
      payload: { headlineId: h.id },
      cookies: { mg_visitor: `visitor${String(visitors - 5).padStart(15, "0")}` },
      remoteAddress: "203.0.113.1",
    });
    expect(again.statusCode).toBe(409);
    expect(await votesOf(h.id)).toBe(1);

    // Voiding the same cluster again finds nothing left to void.
    const twice = await voidVotes(h.id, { by: "network", hash: ringCluster?.hash });
    expect(twice.statusCode).toBe(404);
    expect(twice.json()).toEqual({ message: NOTHING_TO_VOID });
    expect(await votesOf(h.id)).toBe(1);
  });

  it("voids by user agent too, only on the headline named", async () => {
    const a = await createHeadline(t.db);
    const b = await createHeadline(t.db);
    await vote(a.id, "192.0.2.1", "Scripted/9");
    await vote(a.id, "198.51.100.1", "Scripted/9");
    await vote(a.id, "203.0.113.1", "Mozilla/5.0 Test");
    await vote(b.id, "192.0.2.2", "Scripted/9");
    const cluster = (await evidence()).headlines
      .find((h) => h.id === a.id)
      ?.userAgents.find((c) => c.votes === 2);
    const res = await voidVotes(a.id, { by: "userAgent", hash: cluster?.hash });
    expect(res.json()).toEqual({
      headlineId: a.id,
      voided: 2,
      votes: 1,
      reason: "Suspicious cluster of votes",
    });
    expect(await votesOf(b.id)).toBe(1);
  });

  it("a ring voided before the automatic selection changes who wins", async () => {
    const ringed = await createHeadline(t.db, { title: "Ringed" });
    const honest = await createHeadline(t.db, { title: "Honest" });
    await ring(ringed.id, "203.0.113", 6);
    for (let i = 1; i <= 4; i += 1) await vote(honest.id, `198.51.${i}.7`);
    const [cluster] = (await evidence()).headlines.find((h) => h.id === ringed.id)?.networks ?? [];
    expect((await voidVotes(ringed.id, { by: "network", hash: cluster?.hash })).statusCode).toBe(200);

    // Voting closes; the cycle job picks the winner.
    const [cycle] = await t.db.select().from(settings);
    const { crowned } = await runCycle(t.db, new Date((cycle?.votingEndTime.getTime() ?? 0) + 1000));
    expect(crowned).toMatchObject({ id: honest.id, votes: 4 });

    // Once the winner is chosen, this cycle's votes can no longer be voided.
    const late = await voidVotes(honest.id, {
      by: "network",
      hash: (await evidence()).headlines[0]?.networks[0]?.hash,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: WINNER_CHOSEN });
    expect(await votesOf(honest.id)).toBe(4);
    expect((await evidence()).winnerChosen).toBe(true);
  });

  it("keeps the count equal to the counted rows while votes arrive during the void", async () => {
    const h = await createHeadline(t.db);
    await ring(h.id, "203.0.113", 8);
    const [cluster] = (await evidence()).headlines[0]?.networks ?? [];
    const arrivals = Array.from({ length: 30 }, (_, i) =>
      t.app.inject({
        method: "POST",
        url: "/api/vote",
        payload: { headlineId: h.id },
        cookies: { mg_visitor: `concurrent${String(i).padStart(12, "0")}` },
        // Half of them from the ring's network.
        remoteAddress: i % 2 === 0 ? `203.0.113.${100 + i}` : `198.51.100.${i}`,
      }),
    );
    const [first, second, ...cast] = await Promise.all([
      voidVotes(h.id, { by: "network", hash: cluster?.hash }),
      voidVotes(h.id, { by: "network", hash: cluster?.hash }),
      ...arrivals,
    ]);
    // Two staff members void the same cluster at once: one voids it, the other finds nothing left (or the
    // ring votes that arrived in between).
    expect([first?.statusCode, second?.statusCode].sort()).toEqual(expect.arrayContaining([200]));
    expect([first?.statusCode, second?.statusCode].every((s) => s === 200 || s === 404)).toBe(true);
    expect(cast.map((r) => r.statusCode)).toEqual(cast.map(() => 200));
    const [counted] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(votes)
      .where(sql`${votes.headlineId} = ${h.id} AND ${votes.voidedAt} IS NULL`);
    expect(await votesOf(h.id)).toBe(counted?.n);
    const [voidedRows] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(votes)
      .where(sql`${votes.voidedAt} IS NOT NULL`);
    expect(voidedRows?.n).toBeGreaterThanOrEqual(8);
  });

  it("refuses a bad cluster or id with 400 and changes nothing", async () => {
    const h = await createHeadline(t.db);
    await vote(h.id, "192.0.2.1");
    for (const payload of [{}, { by: "ip", hash: "0".repeat(32) }, { by: "network", hash: "203.0.113.0" }]) {
      const res = await voidVotes(h.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toHaveProperty("message");
    }
    expect((await voidVotes(424242, { by: "network", hash: "0".repeat(32) })).statusCode).toBe(404);
    expect(await votesOf(h.id)).toBe(1);
    expect(await t.db.select().from(auditLog).where(sql`${auditLog.action} LIKE '%void-votes'`)).toEqual([]);
  });
});

describe("the evidence clean-up job", () => {
  it("forgets the hashes of votes older than 30 days and keeps the votes", async () => {
    const h = await createHeadline(t.db);
    await vote(h.id, "192.0.2.1");
    await vote(h.id, "192.0.2.2");
    const [old] = await t.db.select().from(votes).orderBy(votes.id).limit(1);
    await t.db
      .update(votes)
      .set({ createdAt: new Date(Date.now() - EVIDENCE_RETENTION_MS - 60_000) })
      .where(eq(votes.id, old?.id ?? 0));

    const log = { error: () => {}, info: () => {}, warn: () => {} } as unknown as Parameters<
      typeof startVoteEvidenceCleanupJob
    >[1];
    const stop = startVoteEvidenceCleanupJob(t.db, log);
    await stop(); // runs its first pass at start; stop waits for it

    const rows = await t.db.select().from(votes).orderBy(votes.id);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ ipHash: null, networkHash: null, userAgentHash: null });
    expect(rows[1]?.ipHash).toMatch(/^[0-9a-f]{32}$/);
    expect(await votesOf(h.id)).toBe(2);
    expect((await evidence()).headlines[0]).toMatchObject({ votes: 2, withoutEvidence: 1 });
    // The pass is claimed in job_runs: one process per hour runs it.
    const claimed = await t.db.execute(sql`SELECT name FROM job_runs`);
    expect(JSON.stringify(claimed)).toContain("vote evidence cleanup");
  });
});
