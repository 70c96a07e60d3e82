import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { headlines, settings, voteQuota, votes } from "../../db/schema";
import { createHeadline } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
  // Voting open for another day.
  await t.db
    .update(settings)
    .set({ votingEndTime: new Date(Date.now() + 86_400_000), launchTime: new Date(Date.now() + 90_000_000) });
});
afterEach(() => t.close());

let ipCounter = 0;
function visitor(ip?: string) {
  ipCounter += 1;
  return {
    cookie: `visitor${String(ipCounter).padStart(15, "0")}`,
    ip: ip ?? `198.51.100.${ipCounter % 250}`,
  };
}

function vote(v: { cookie: string; ip: string }, headlineId: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: "POST",
    url: "/api/vote",
    payload: { headlineId },
    cookies: { mg_visitor: v.cookie },
    remoteAddress: v.ip,
    headers,
  });
}

function communityVote(v: { cookie: string; ip: string }, id: unknown, voteType: unknown) {
  return t.app.inject({
    method: "POST",
    url: `/api/community-vote/${id}`,
    payload: { voteType },
    cookies: { mg_visitor: v.cookie },
    remoteAddress: v.ip,
  });
}

const countRows = async () => (await t.db.select().from(votes)).length;
const votesOf = async (id: number) =>
  (await t.db.select().from(headlines).where(eq(headlines.id, id)))[0]?.votes;
const tomorrowVotesOf = async (id: number) =>
  (await t.db.select().from(headlines).where(eq(headlines.id, id)))[0]?.tomorrowVotes;

describe("POST /api/vote", () => {
  it("counts a vote and answers the new count and the votes left today", async () => {
    const h = await createHeadline(t.db);
    const res = await vote(visitor(), h.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: h.id, kind: "headline", votes: 1, votesLeft: 9 });
  });

  it("refuses a second vote from the same visitor in one cycle, on any headline", async () => {
    const a = await createHeadline(t.db);
    const b = await createHeadline(t.db);
    const v = visitor();
    expect((await vote(v, a.id)).statusCode).toBe(200);
    const again = await vote(v, b.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already voted/);
    expect(await votesOf(b.id)).toBe(0);
    expect(await countRows()).toBe(1);
  });

  it("counts 200 concurrent votes by one visitor on one headline exactly once", async () => {
    const h = await createHeadline(t.db);
    const v = visitor();
    const results = await Promise.all(Array.from({ length: 200 }, () => vote(v, h.id)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(199);
    expect(await votesOf(h.id)).toBe(1);
    expect(await countRows()).toBe(1);
  });

  it("accepts exactly 10 of 50 parallel votes from one IP on 50 headlines", async () => {
    const list = await Promise.all(Array.from({ length: 50 }, () => createHeadline(t.db)));
    const ip = "203.0.113.99";
    const results = await Promise.all(list.map((h) => vote(visitor(ip), h.id)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(10);
    const refused = results.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(40);
    expect(refused[0]?.json().message).toMatch(/limit of 10 votes/);
    const total = await t.db.select({ n: sql<number>`sum(${headlines.votes})::int` }).from(headlines);
    expect(total[0]?.n).toBe(10);
    expect(await countRows()).toBe(10);
    expect((await t.db.select().from(voteQuota))[0]?.used).toBe(10);
  });

  it("does not let a forged X-Forwarded-For lift the IP limit when TRUST_PROXY is unset", async () => {
    const list = await Promise.all(Array.from({ length: 11 }, () => createHeadline(t.db)));
    const results = [];
    for (const [i, h] of list.entries()) {
      results.push(await vote(visitor("203.0.113.5"), h.id, { "x-forwarded-for": `10.0.0.${i}` }));
    }
    expect(results.slice(0, 10).every((r) => r.statusCode === 200)).toBe(true);
    expect(results[10]?.statusCode).toBe(429);
  });

  it("honours X-Forwarded-For from a trusted proxy", async () => {
    await t.close();
    t = await createTestApp({ trustProxy: ["127.0.0.1"] });
    await t.db.update(settings).set({ votingEndTime: new Date(Date.now() + 86_400_000) });
    const list = await Promise.all(Array.from({ length: 11 }, () => createHeadline(t.db)));
    for (const [i, h] of list.entries()) {
      const res = await vote(visitor("127.0.0.1"), h.id, { "x-forwarded-for": `192.0.2.${i}` });
      expect(res.statusCode).toBe(200);
    }
  });

  it("honours X-Forwarded-For from one proxy when TRUST_PROXY is a hop count, and only its last entry", async () => {
    await t.close();
    t = await createTestApp({ trustProxy: 1 });
    await t.db.update(settings).set({ votingEndTime: new Date(Date.now() + 86_400_000) });
    const list = await Promise.all(Array.from({ length: 22 }, () => createHeadline(t.db)));
    // The one proxy appends the address it saw: eleven networks are eleven, not the proxy's one.
    for (const [i, h] of list.slice(0, 11).entries()) {
      const res = await vote(visitor("127.0.0.1"), h.id, { "x-forwarded-for": `203.0.113.7, 192.0.2.${i}` });
      expect(res.statusCode).toBe(200);
    }
    // A forged first entry is not believed: one network behind varied forgeries is refused at its 11th vote.
    const forged = [];
    for (const [i, h] of list.slice(11).entries()) {
      forged.push(
        (await vote(visitor("127.0.0.1"), h.id, { "x-forwarded-for": `10.1.1.${i}, 198.51.100.9` }))
          .statusCode,
      );
    }
    expect(forged.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(forged[10]).toBe(429);
  });

  it("refuses a vote one second after votingEndTime and counts nothing", async () => {
    const h = await createHeadline(t.db);
    await t.db.update(settings).set({ votingEndTime: new Date(Date.now() - 1000) });
    const res = await vote(visitor(), h.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/Voting period has ended/);
    expect(await votesOf(h.id)).toBe(0);
    expect(await countRows()).toBe(0);
    expect(await t.db.select().from(voteQuota)).toHaveLength(0);
  });

  it("answers 404 for an unknown headline, a pending one, a tomorrow-only one and the winner", async () => {
    const pending = await createHeadline(t.db, { stage: "pending" });
    const tomorrow = await createHeadline(t.db, { stage: "tomorrow" });
    const winner = await createHeadline(t.db, { stage: "winner" });
    for (const id of [999_999, pending.id, tomorrow.id, winner.id]) {
      const res = await vote(visitor(), id);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toMatch(/not found/);
    }
    expect(await countRows()).toBe(0);
  });

  it.each([["abc"], [-1], [0], [1.5], [99_999_999_999], [null], [{}]])(
    "answers 400 for a malformed id %j",
    async (id) => {
      const res = await vote(visitor(), id);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toHaveProperty("message");
    },
  );

  it("answers 400 for a missing or non-JSON body", async () => {
    const v = visitor();
    const empty = await t.app.inject({ method: "POST", url: "/api/vote", remoteAddress: v.ip });
    expect(empty.statusCode).toBe(400);
    const garbage = await t.app.inject({
      method: "POST",
      url: "/api/vote",
      headers: { "content-type": "application/json" },
      payload: "{oops",
      remoteAddress: v.ip,
    });
    expect(garbage.statusCode).toBe(400);
  });
});

describe("POST /api/community-vote/:id", () => {
  async function crown() {
    const w = await createHeadline(t.db, { stage: "winner" });
    return w;
  }

  it("counts a sentiment vote on the current winner and answers the four counts", async () => {
    const w = await crown();
    const res = await communityVote(visitor(), w.id, "cto");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: w.id,
      kind: "sentiment",
      holdVotes: 0,
      buyVotes: 0,
      sellVotes: 0,
      ctoVotes: 1,
    });
  });

  it("allows one sentiment vote per visitor per winner", async () => {
    const w = await crown();
    const v = visitor();
    expect((await communityVote(v, w.id, "hold")).statusCode).toBe(200);
    const again = await communityVote(v, w.id, "sell");
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("You've already given your sentiment for this project.");
  });

  it("keeps sentiment votes open after voting has ended", async () => {
    const w = await crown();
    await t.db.update(settings).set({ votingEndTime: new Date(Date.now() - 1000) });
    expect((await communityVote(visitor(), w.id, "buy")).statusCode).toBe(200);
  });

  it("counts a Tomorrow's News vote once per visitor per candidate", async () => {
    const c = await createHeadline(t.db, { stage: "tomorrow" });
    const v = visitor();
    const res = await communityVote(v, c.id, "buy");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ kind: "tomorrow", votes: 1 });
    const again = await communityVote(v, c.id, "buy");
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("You've already voted for this headline");
    expect(await tomorrowVotesOf(c.id)).toBe(1);
  });

  it("refuses Tomorrow's News votes after voting has ended", async () => {
    const c = await createHeadline(t.db, { stage: "tomorrow" });
    await t.db.update(settings).set({ votingEndTime: new Date(Date.now() - 1000) });
    const res = await communityVote(visitor(), c.id, "buy");
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      "Voting period has ended for today. Please come back after the winner announcement.",
    );
  });

  it("answers 404 for a headline that is neither the winner nor a candidate, 400 for a bad vote type", async () => {
    const plain = await createHeadline(t.db);
    expect((await communityVote(visitor(), plain.id, "buy")).statusCode).toBe(404);
    const w = await crown();
    expect((await communityVote(visitor(), w.id, "moon")).statusCode).toBe(400);
    expect((await communityVote(visitor(), "x1", "buy")).statusCode).toBe(400);
    const c = await createHeadline(t.db, { stage: "tomorrow" });
    expect((await communityVote(visitor(), c.id, "sell")).statusCode).toBe(400);
    expect(await countRows()).toBe(0);
  });

  it("shares the 10-a-day limit with headline votes", async () => {
    const ip = "203.0.113.77";
    const list = await Promise.all(
      Array.from({ length: 9 }, () => createHeadline(t.db, { stage: "tomorrow" })),
    );
    const home = await createHeadline(t.db);
    expect((await vote(visitor(ip), home.id)).statusCode).toBe(200);
    for (const c of list) expect((await communityVote(visitor(ip), c.id, "buy")).statusCode).toBe(200);
    const w = await crown();
    expect((await communityVote(visitor(ip), w.id, "hold")).statusCode).toBe(429);
  });
});

describe("GET /api/me/votes", () => {
  it("tells a returning visitor what they already did and how many votes are left", async () => {
    const h = await createHeadline(t.db);
    const c = await createHeadline(t.db, { stage: "tomorrow" });
    const w = await createHeadline(t.db, { stage: "winner" });
    const v = visitor();
    await vote(v, h.id);
    await communityVote(v, c.id, "buy");
    await communityVote(v, w.id, "hold");
    const res = await t.app.inject({
      method: "GET",
      url: "/api/me/votes",
      cookies: { mg_visitor: v.cookie },
      remoteAddress: v.ip,
    });
    expect(res.json()).toEqual({
      headlineVote: h.id,
      sentimentVotes: [{ headlineId: w.id, voteType: "hold" }],
      tomorrowVotes: [c.id],
      votesLeft: 7,
    });
    const stranger = await t.app.inject({
      method: "GET",
      url: "/api/me/votes",
      remoteAddress: "192.0.2.200",
    });
    expect(stranger.json()).toEqual({
      headlineVote: null,
      sentimentVotes: [],
      tomorrowVotes: [],
      votesLeft: 10,
    });
  });
});
