import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { EditionRecord } from "@/common/edition-record";
import { editions, headlines, settings, votes } from "../../db/schema";
import { createHeadline } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { staffSessions, withSession } from "../accounts/test-accounts";
import { freezeClosedEditions } from "../headlines/editions.service";
import { runCycle } from "../votes/cycle.service";
import { ledgerMismatches } from "../votes/ledger";

/**
 * Issue 22: an edition per day, `/api/editions/{date}` as JSON and CSV: every headline of the day's race
 * with its final count and rank, the winner marked, voided votes counted with their reason, the Tomorrow's
 * race that qualified headlines; live until the close, and never changing after it.
 */

let t: TestApp;
let session: string;
beforeEach(async () => {
  t = await createTestApp();
  session = (await staffSessions(t.app, t.db)).staff;
  await t.db
    .update(settings)
    .set({ votingEndTime: new Date(Date.now() + 3_600_000), launchTime: new Date(Date.now() + 10_800_000) });
});
afterEach(async () => {
  expect(await ledgerMismatches(t.db)).toEqual([]);
  await t.close();
});

let visitors = 0;
function visitor() {
  visitors += 1;
  return { cookie: `editionvisitor${String(visitors).padStart(10, "0")}`, ip: `198.${visitors % 250}.100.7` };
}
async function votesFor(id: number, n: number, kind: "today" | "tomorrow" = "today") {
  for (let i = 0; i < n; i += 1) {
    const v = visitor();
    const res = await t.app.inject({
      method: "POST",
      url: kind === "today" ? "/api/vote" : `/api/community-vote/${id}`,
      payload: kind === "today" ? { headlineId: id } : { voteType: "buy" },
      cookies: { mg_visitor: v.cookie },
      remoteAddress: v.ip,
    });
    expect(res.statusCode).toBe(200);
  }
}
const staff = (method: "GET" | "POST" | "DELETE", url: string, payload?: object) =>
  t.app.inject({ method, url, payload, cookies: withSession(session) });
const today = async () => (await t.db.select().from(settings))[0]?.currentDay as string;
const edition = async (day: string) => {
  const res = await t.app.inject({ url: `/api/editions/${day}` });
  expect(res.statusCode).toBe(200);
  return res.json() as EditionRecord;
};

/** Closes the race now: the close moves to a moment ago, the cycle job selects the winner and freezes. */
async function closeTheDay() {
  const now = new Date();
  await t.db.update(settings).set({ votingEndTime: new Date(now.getTime() - 1000) });
  const { crowned } = await runCycle(t.db, now);
  await freezeClosedEditions(t.db, now);
  return crowned;
}

describe("an edition's record", () => {
  it("shows today's race live, every headline ranked (a headline with no vote too), and a CSV of the same", async () => {
    const [a, b, c] = [
      await createHeadline(t.db, { title: "Frog buys the moon" }),
      await createHeadline(t.db, { title: '=HYPERLINK("http://evil"), cats' }),
      await createHeadline(t.db, { title: "Nobody voted for me" }),
    ];
    await votesFor(b?.id ?? 0, 3);
    await votesFor(a?.id ?? 0, 2);
    const day = await today();
    const live = await edition(day);
    expect(live.date).toBe(day);
    expect(live.races).toHaveLength(1);
    const [race] = live.races;
    expect(race?.final).toBe(false);
    expect(race?.headlines.map((h) => [h.id, h.votes, h.rank])).toEqual([
      [b?.id, 3, 1],
      [a?.id, 2, 2],
      [c?.id, 0, 3],
    ]);
    expect(race?.headlines[1]?.path).toMatch(new RegExp(`^/h/${a?.id}/frog-buys-the-moon$`));

    const csv = await t.app.inject({ url: `/api/editions/${day}.csv` });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toBe(`attachment; filename="edition-${day}.csv"`);
    const r = `${race?.race},${race?.closesAt}`;
    expect(csv.body.split("\r\n")).toEqual([
      "id,title,race,votes,voided,rank,raceOpened,closesAt,isWinner,removed",
      `${b?.id},"'=HYPERLINK(""http://evil""), cats",today,3,0,1,${r},false,false`,
      `${a?.id},Frog buys the moon,today,2,0,2,${r},false,false`,
      `${c?.id},Nobody voted for me,today,0,0,3,${r},false,false`,
      "",
    ]);
  });

  it("keeps a headline staff removed from the open race on the record with its votes, like a void (issue 31)", async () => {
    const a = await createHeadline(t.db, { title: "Frog buys the moon" });
    const b = await createHeadline(t.db, { title: "Spam about a rug" });
    await votesFor(a.id, 2);
    await votesFor(b.id, 3);
    expect((await staff("DELETE", `/api/admin/headlines/${b.id}`)).statusCode).toBe(204);
    const day = await today();
    const [race] = (await edition(day)).races;
    expect(race?.headlines.map((h) => [h.id, h.votes, h.rank, h.removed])).toEqual([
      [a.id, 2, 1, false],
      [b.id, 3, 2, true],
    ]);
    const csv = (await t.app.inject({ url: `/api/editions/${day}.csv` })).body.trim().split("\r\n");
    expect(csv[2]?.split(",").slice(-1)).toEqual(["true"]);
  });

  it("freezes at the close with the winner marked and voids counted with their reason, and never changes after", async () => {
    const a = await createHeadline(t.db, { title: "Frog buys the moon" });
    const b = await createHeadline(t.db, { title: "Cat elected mayor" });
    const candidate = await createHeadline(t.db, {
      title: "Tomorrow's hopeful",
      listedToday: false,
      listedTomorrow: true,
      stage: "tomorrow",
    });
    await votesFor(a.id, 4);
    await votesFor(b.id, 3);
    await votesFor(candidate.id, 2, "tomorrow");
    // Staff void one of a's votes, with a reason, while the race runs.
    const [row] = await t.db.select().from(votes).where(eq(votes.headlineId, a.id)).limit(1);
    const voided = await staff("POST", `/api/admin/headlines/${a.id}/void-votes`, {
      by: "network",
      hash: row?.networkHash,
      reason: "One network, many cookies",
    });
    expect(voided.statusCode).toBe(200);
    expect((await staff("POST", "/api/admin/move-top-headlines-to-today")).statusCode).toBe(200);

    const day = await today();
    const crowned = await closeTheDay();
    expect(crowned?.id).toBe(a.id);
    const closed = await edition(day);
    const [race] = closed.races;
    expect(race?.final).toBe(true);
    expect(race?.headlines.find((h) => h.id === a.id)).toMatchObject({
      votes: 3,
      voided: 1,
      voidReasons: ["One network, many cookies"],
      rank: 1,
      isWinner: true,
    });
    expect(race?.headlines.find((h) => h.id === b.id)).toMatchObject({ votes: 3, rank: 2, isWinner: false });
    expect(race?.qualifiers).toEqual([
      expect.objectContaining({ id: candidate.id, votes: 2, rank: 1, title: "Tomorrow's hopeful" }),
    ]);
    const csv = (await t.app.inject({ url: `/api/editions/${day}.csv` })).body;
    expect(csv).toContain(
      `${candidate.id},Tomorrow's hopeful,tomorrow,2,0,1,${race?.race},${race?.closesAt},false`,
    );
    expect(csv).toContain(`${a.id},Frog buys the moon,today,3,1,1,${race?.race},${race?.closesAt},true`);
    const res = await t.app.inject({ url: `/api/editions/${day}` });
    expect(res.headers["cache-control"]).toBe("public, max-age=86400");

    // After the close: voids are refused, the cycle rolls, a new race takes votes, staff delete a headline
    // and retitle another. The closed edition's numbers do not move.
    const late = await staff("POST", `/api/admin/headlines/${b.id}/void-votes`, {
      by: "network",
      hash: row?.networkHash,
    });
    expect(late.statusCode).toBe(409);
    const launch = (await t.db.select().from(settings))[0]?.launchTime as Date;
    expect((await runCycle(t.db, new Date(launch.getTime() + 1000))).rolled).toBe(true);
    // A second race on the same edition date, as a staff reset makes one (the roll names the day of the
    // next evening's close: near midnight Eastern that was the next day, and the test failed then).
    await t.db.update(settings).set({ votingEndTime: new Date(Date.now() + 3_600_000), currentDay: day });
    await votesFor(b.id, 2);
    await t.db
      .update(headlines)
      .set({ title: "Cat elected mayor (corrected)" })
      .where(eq(headlines.id, b.id));
    expect((await staff("DELETE", `/api/admin/headlines/${candidate.id}`)).statusCode).toBe(204);
    await freezeClosedEditions(t.db, new Date());
    const later = await edition(day);
    expect(later.races[0]).toEqual(closed.races[0]);
    expect(later.races.slice(1).map((r) => r.final)).toEqual([false]);
    // The CSV tells the two races apart (issue 28): each row names its race, and the winner is marked.
    const rows = (await t.app.inject({ url: `/api/editions/${day}.csv` })).body
      .trim()
      .split("\r\n")
      .slice(1)
      .map((line) => line.split(","));
    const [first, second] = later.races;
    const firsts = rows.filter((cells) => cells[2] === "today" && cells[5] === "1");
    expect(firsts.map((cells) => [cells[0], cells[6], cells[7], cells[8]])).toEqual([
      [String(a.id), first?.race, first?.closesAt, "true"],
      [String(b.id), second?.race, second?.closesAt, "false"],
    ]);
    expect(first?.race).not.toBe(second?.race);
    expect((await t.db.select().from(editions)).filter((e) => e.frozenAt !== null)).toHaveLength(1);
  });

  it("serves the open edition from the list cache: repeated reads ask the database nothing, and a vote is in the next one", async () => {
    await t.close();
    t = await createTestApp({ listCacheMs: 60_000 });
    await t.db.update(settings).set({ votingEndTime: new Date(Date.now() + 3_600_000) });
    const a = await createHeadline(t.db, { title: "Frog buys the moon" });
    await votesFor(a.id, 1);
    const day = await today();
    const statements = async () =>
      (await t.app.metrics.queryDuration.get()).values.find(
        (v) => v.metricName === "db_query_duration_seconds_count",
      )?.value ?? 0;

    const first = await t.app.inject({ url: `/api/editions/${day}` });
    expect(first.statusCode).toBe(200);
    expect(first.headers["cache-control"]).toMatch(/no-cache/);
    const before = await statements();
    const reads = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.app.inject({ url: `/api/editions/${day}${i % 5 === 0 ? ".csv" : ""}` }),
      ),
    );
    expect(reads.map((r) => r.statusCode)).toEqual(reads.map(() => 200));
    expect(reads[1]?.body).toBe(first.body);
    expect(reads[0]?.body).toContain(`${a.id},Frog buys the moon,today,1,0,1`);
    expect(await statements()).toBe(before);
    // An ETag revalidates from memory too.
    const again = await t.app.inject({
      url: `/api/editions/${day}`,
      headers: { "if-none-match": String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);

    // A vote is announced (the vote answers once its change is heard): the next read is fresh.
    await votesFor(a.id, 1);
    const after = (await edition(day)).races[0]?.headlines[0];
    expect(after).toMatchObject({ id: a.id, votes: 2 });
    const metrics = (await t.app.inject({ url: "/metrics" })).body;
    expect(metrics).toMatch(/list_cache_lookups_total\{list="\/api\/editions\/:date",result="hit"\} \d+/);
    expect(metrics).not.toMatch(/list="[^"]*\d{4}-\d{2}-\d{2}/);
  });

  it("refuses a date that is not one (400) and a day without an edition (404), in the API's words", async () => {
    const bad = [
      "2026-13-01",
      "2026-02-30",
      "yesterday",
      "2026-1-5",
      "2026-11-26.json",
      "0000-01-01",
      "9999-99-99",
    ];
    for (const url of bad.flatMap((d) => [`/api/editions/${d}`, `/api/editions/${d}.csv`])) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ message: "The edition date must be a date in YYYY-MM-DD format." });
    }
    for (const url of [
      "/api/editions/1999-01-01",
      "/api/editions/0001-01-01.csv",
      "/api/editions/9999-12-31",
    ]) {
      const none = await t.app.inject({ url });
      expect(none.statusCode, url).toBe(404);
      expect(none.json()).toEqual({ message: "No edition was printed on this date." });
    }
  });
});
