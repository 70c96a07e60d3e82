import { and, eq, isNull, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { dailyCycle } from "@/common/schedule";
import { type Database, type Db, rowsOf } from "../../db/connect";
import { accounts, archiveEntries, headlines, headlineTransitions, settings } from "../../db/schema";
import { slowSuite } from "../../test/slow-suite";
import { createTestDatabase } from "../../test/test-app";
import { moveTopHeadlinesToToday } from "../admin/admin-cycle.service";
import {
  approveHeadline,
  deleteHeadline,
  toggleTodaysNews,
  toggleTomorrowsNews,
} from "../admin/admin-headlines.service";
import { type Actor, createHeadlineIn } from "../headlines/headline-stage";
import { expireUnpaid } from "../payments/payments.service";
import { ensureSettings, updateSettings } from "../settings/settings.service";
import { runCycle } from "./cycle.service";
import { ledgerMismatches } from "./ledger";
import { listVoteEvidence, voidVotes } from "./vote-evidence.service";
import { castVote } from "./votes.service";

slowSuite();

/**
 * Thirty days of the paper on a fake clock (issue 20), on the embedded database and on PostgreSQL: daily
 * crowning at the close and the roll at the launch, submissions approved and deleted, imports, promoted
 * submissions paid or left to expire, visitors voting in both races, list switches, Move Top 4 and voids.
 * Every evening: the ledger balances, the cycle has one winner, and every closed cycle's winner has one
 * Archive entry.
 */

let STAFF: Actor;
const HOUR = 3_600_000;

/** A small deterministic generator, so a failure replays the same days. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

let database: Database;
let db: Db;
beforeEach(async () => {
  database = await createTestDatabase();
  db = database.db;
  const [account] = await db
    .insert(accounts)
    .values({ username: "staff", passwordHash: "not-a-login" })
    .returning({ id: accounts.id, username: accounts.username });
  if (!account) throw new Error("no account");
  STAFF = { kind: "staff", account };
});
afterEach(() => database.close());

describe("thirty days of the paper", () => {
  it("keeps the ledger, one winner per cycle and one Archive entry per closed cycle, every day", async () => {
    const rand = random(20);
    const pick = <T>(list: readonly T[]): T | undefined => list[Math.floor(rand() * list.length)];
    const first = new Date("2026-12-01T15:00:00.000Z"); // 10 AM Eastern
    await ensureSettings(db, first);
    await updateSettings(db, { ...iso(dailyCycle(first)), scheduleMode: "daily" }, first);

    let visitorCount = 0;
    const newVisitor = () => {
      visitorCount += 1;
      const ip = `10.${(visitorCount >> 8) & 255}.${visitorCount & 255}.7`;
      return { id: `sim-visitor-${visitorCount}`, ip, network: ip };
    };
    const regulars = Array.from({ length: 12 }, newVisitor);
    let crowned = 0;
    let n = 0;

    for (let day = 0; day < 30; day += 1) {
      const morning = new Date(first.getTime() + day * 24 * HOUR);
      const at = (hours: number) => new Date(morning.getTime() + hours * HOUR);
      const submit = (extra: Partial<typeof headlines.$inferInsert> = {}) =>
        db.transaction(async (tx) => {
          n += 1;
          const row = await createHeadlineIn(
            tx,
            "submit",
            {
              title: `Day ${day} story ${n}`,
              description: `Sample story number ${n} of the run.`,
              createdAt: at(0),
              ...extra,
            },
            { kind: "visitor" },
            at(0),
          );
          if (!row) throw new Error("no row");
          return row;
        });

      // Submissions: two approved, one deleted unreviewed; an import for tomorrow.
      for (let i = 0; i < 2; i += 1) await approveHeadline(db, (await submit()).id, STAFF, at(0.1));
      await deleteHeadline(db, (await submit()).id, at(0.1));
      await db.transaction((tx) =>
        createHeadlineIn(
          tx,
          "importNews",
          {
            title: `Import ${day}`,
            description: "An imported story for tomorrow.",
            importedNews: true,
            sourceUrl: `https://news.example/${day}`,
          },
          STAFF,
          at(0.2),
        ),
      );
      // A promoted submission, approved before its payment: every other one is paid, the rest expire.
      const promoted = await submit({ paymentReference: `sim-reference-${day}` });
      await approveHeadline(db, promoted.id, STAFF, at(0.3));
      if (day % 2 === 0)
        await db
          .update(headlines)
          .set({ isPaid: true, transactionId: `sim-transaction-${day}` })
          .where(eq(headlines.id, promoted.id));
      await expireUnpaid(db, at(0.4));

      // List switches: a today headline also joins Tomorrow's News; another leaves today and comes back.
      const inPlay = await db
        .select({ id: headlines.id, listedToday: headlines.listedToday })
        .from(headlines)
        .where(and(eq(headlines.inTodaysVoting, true), isNull(headlines.deletedAt)));
      const both = pick(inPlay);
      if (both && day % 3 === 0) await toggleTomorrowsNews(db, both.id, STAFF, at(1));
      const flip = pick(inPlay);
      if (flip) {
        await toggleTodaysNews(db, flip.id, STAFF, at(1.1));
        if (day % 4 !== 0) await toggleTodaysNews(db, flip.id, STAFF, at(1.2));
      }

      // Visitors vote in both races; refusals (already voted, not in a list) change nothing.
      const voting = await db
        .select({ id: headlines.id })
        .from(headlines)
        .where(eq(headlines.inTodaysVoting, true));
      const candidates = await db
        .select({ id: headlines.id })
        .from(headlines)
        .where(eq(headlines.inTomorrowsNews, true));
      const visitors = [...regulars, ...Array.from({ length: 8 }, newVisitor)];
      for (const [i, visitor] of visitors.entries()) {
        const target = pick(voting);
        const request = { visitor, userAgent: i % 5 === 0 ? "ring-bot/1.0" : `browser/${i}` };
        if (target)
          await castVote(
            database,
            { ...request, kind: "headline", headlineId: target.id, voteType: null },
            at(2),
          ).catch(() => {});
        const candidate = pick(candidates);
        if (candidate)
          await castVote(
            database,
            { ...request, kind: "community", headlineId: candidate.id, voteType: "buy" },
            at(2.5),
          ).catch(() => {});
      }
      // The unpaid promotion takes no vote.
      const [unpaid] = await db.select().from(headlines).where(eq(headlines.id, promoted.id));
      if (unpaid && !unpaid.isPaid)
        await expect(
          castVote(
            database,
            {
              visitor: newVisitor(),
              userAgent: "x",
              kind: "headline",
              headlineId: promoted.id,
              voteType: null,
            },
            at(2.6),
          ),
        ).rejects.toMatchObject({ statusCode: 404 });

      // Staff void a suspicious user agent every third day, and delete a headline that is not a winner.
      if (day % 3 === 1) {
        const evidence = await listVoteEvidence(db);
        const ring = evidence.headlines
          .flatMap((h) => h.userAgents.map((c) => ({ id: h.id, c })))
          .find((x) => x.c.votes > 0);
        if (ring)
          await voidVotes(
            db,
            ring.id,
            { by: "userAgent", hash: ring.c.hash, reason: "ring" },
            { id: 1, username: "staff" },
            at(3),
          );
      }
      const doomed = pick(
        await db.select({ id: headlines.id }).from(headlines).where(eq(headlines.inTodaysVoting, true)),
      );
      if (doomed && day % 5 === 2) await deleteHeadline(db, doomed.id, at(3.5));

      // Tomorrow's top four join today's voting before the close.
      if (candidates.length > 0) await moveTopHeadlinesToToday(db, STAFF, at(4));
      expect(await ledgerMismatches(db), `day ${day}, afternoon`).toEqual([]);

      // 8 PM Eastern: the close crowns the day's winner; 10 PM: the launch opens the next race.
      const close = await runCycle(db, at(10 + 1 / 60));
      if (close.crowned) crowned += 1;
      expect((await runCycle(db, at(12 + 1 / 60))).rolled, `day ${day} rolls`).toBe(true);

      expect(await ledgerMismatches(db), `day ${day}, night`).toEqual([]);
      const winners = await db.select().from(headlines).where(eq(headlines.stage, "winner"));
      expect(winners.length, `day ${day}: one current winner`).toBe(crowned > 0 ? 1 : 0);
      expect(
        winners.every((w) => w.isPaid || (w.transactionId === null && w.paymentReference === null)),
      ).toBe(true);
      const crowns = await db
        .select({ id: headlineTransitions.id })
        .from(headlineTransitions)
        .where(and(eq(headlineTransitions.action, "crown"), eq(headlineTransitions.actor, "job:cycle")));
      expect(crowns.length, `day ${day}: one crowning per closed cycle`).toBe(crowned);
      const archive = await db.select({ headlineId: archiveEntries.headlineId }).from(archiveEntries);
      expect(archive.length, `day ${day}: every earlier winner archived once`).toBe(Math.max(0, crowned - 1));
      expect(new Set(archive.map((a) => a.headlineId)).size).toBe(archive.length);
      const [s] = await db.select().from(settings);
      expect(s?.votingEndTime.getTime()).toBeGreaterThan(at(12).getTime());
    }
    expect(crowned).toBeGreaterThanOrEqual(25);
    // The run did what it says: votes in both races, voids, deletes, expiries.
    const [tally] = rowsOf<Record<string, number>>(
      await db.execute(sql`SELECT
        (SELECT count(*)::int FROM votes WHERE kind = 'headline') AS today,
        (SELECT count(*)::int FROM votes WHERE kind = 'tomorrow') AS tomorrow,
        (SELECT count(*)::int FROM votes WHERE voided_at IS NOT NULL) AS voided,
        (SELECT count(*)::int FROM headlines WHERE deleted_at IS NOT NULL) AS deleted,
        (SELECT count(*)::int FROM headlines WHERE stage = 'expired') AS expired`),
    );
    expect(tally?.today).toBeGreaterThan(300);
    expect(tally?.tomorrow).toBeGreaterThan(300);
    expect(tally?.voided).toBeGreaterThan(0);
    expect(tally?.deleted).toBeGreaterThanOrEqual(36);
    expect(tally?.expired).toBe(14); // the odd days but the last, still within its 24 hours
  }, 300_000);
});

function iso(cycle: { votingEndTime: Date; launchTime: Date }) {
  return { votingEndTime: cycle.votingEndTime.toISOString(), launchTime: cycle.launchTime.toISOString() };
}
