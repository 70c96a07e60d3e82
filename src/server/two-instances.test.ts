import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "./app";
import { openPostgres, rowsOf } from "./db/connect";
import { headlines, settings } from "./db/schema";
import { runCycle } from "./features/votes/cycle.service";
import { createHeadline } from "./test/factories";
import { slowSuite } from "./test/slow-suite";
import { createTestApp, type TestApp, testConfig } from "./test/test-app";
import type { App } from "./types";

slowSuite();

/**
 * Two server processes on one PostgreSQL database, as behind a load balancer: each is a whole app with its
 * own connection pool, so nothing is shared but the database.
 */
async function twoInstances(): Promise<{ t: TestApp; a: App; b: App; close(): Promise<void> }> {
  const t = await createTestApp();
  const second = openPostgres(t.database.url as string, 10);
  const b = await buildApp({ config: testConfig(), database: second });
  return {
    t,
    a: t.app,
    b,
    async close() {
      await b.close();
      await second.close();
      await t.close();
    },
  };
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const vote = (app: App, headlineId: number, visitor: string, ip: string) =>
  app.inject({
    method: "POST",
    url: "/api/vote",
    payload: { headlineId },
    cookies: { mg_visitor: visitor },
    remoteAddress: ip,
  });

/** Visitor ids have the server's cookie format: 22 URL-safe characters. */
const visitorId = (i: number) => `twoinst${String(i).padStart(15, "0")}`;

describe.runIf(process.env.TEST_DB === "postgres")("two server processes on one PostgreSQL", () => {
  it("count concurrent votes exactly: one per visitor and ten per IP, whichever process answers", async () => {
    const { t, a, b, close } = await twoInstances();
    cleanups.push(close);
    await t.db.update(settings).set({ votingEndTime: new Date(Date.now() + 86_400_000) });
    const targets = await Promise.all(Array.from({ length: 20 }, () => createHeadline(t.db)));
    const id = (i: number) => targets[i % targets.length]?.id as number;

    // 100 visitors, each trying on both processes at once (on different headlines): one vote each.
    const perVisitor = Array.from({ length: 100 }, (_, i) => [
      vote(a, id(i), visitorId(i), `198.51.100.${i}`),
      vote(b, id(i + 1), visitorId(i), `198.51.100.${i}`),
    ]).flat();
    // 20 visitors behind one address, split over both processes: the address's ten a day.
    const oneAddress = Array.from({ length: 20 }, (_, i) =>
      vote(i % 2 ? a : b, id(i), visitorId(1_000 + i), "203.0.113.9"),
    );
    const [visitorAnswers, addressAnswers] = await Promise.all([
      Promise.all(perVisitor),
      Promise.all(oneAddress),
    ]);

    const ok = (answers: Array<{ statusCode: number }>) => answers.filter((r) => r.statusCode === 200).length;
    expect(ok(visitorAnswers)).toBe(100);
    expect(visitorAnswers.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    expect(ok(addressAnswers)).toBe(10);
    expect(addressAnswers.every((r) => r.statusCode === 200 || r.statusCode === 429)).toBe(true);

    const [check] = rowsOf<{ counted: number; stored: number }>(
      await t.db.execute(sql`SELECT (SELECT sum(votes)::int FROM headlines) AS counted,
        (SELECT count(*)::int FROM votes WHERE kind = 'headline') AS stored`),
    );
    expect(check).toEqual({ counted: 110, stored: 110 });
  });

  it("crown one winner when both processes' cycle jobs run at the deadline", async () => {
    const { t, b, close } = await twoInstances();
    cleanups.push(close);
    const end = new Date(Date.now() - 1_000);
    await t.db.update(settings).set({
      votingEndTime: end,
      launchTime: new Date(end.getTime() + 7_200_000),
      scheduleMode: "daily",
      winnerSelectedFor: null,
    });
    await createHeadline(t.db, { votes: 3 });
    const top = await createHeadline(t.db, { votes: 7 });

    const now = new Date();
    const results = await Promise.all([
      runCycle(t.db, now),
      runCycle(b.db, now),
      runCycle(t.db, now),
      runCycle(b.db, now),
    ]);
    expect(results.filter((r) => r.crowned !== null)).toHaveLength(1);
    const winners = await t.db.select().from(headlines).where(eq(headlines.stage, "winner"));
    expect(winners.map((w) => w.id)).toEqual([top.id]);
    // Both processes show the same winner.
    for (const app of [t.app, b]) {
      const res = await app.inject({ method: "GET", url: "/api/headlines" });
      const shown = (res.json() as Array<{ id: number; isWinner: boolean }>).filter((h) => h.isWinner);
      expect(shown.map((h) => h.id)).toEqual([top.id]);
    }
  });
});
