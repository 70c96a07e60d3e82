import { and, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { dailyCycle } from "@/common/schedule";
import type { TrendingHeadlineSource } from "@/common/trending";
import { loadConfig } from "../../config";
import { type Database, type Db, rowsOf } from "../../db/connect";
import {
  accounts,
  auditLog,
  autopilotRuns,
  crownHolds,
  editions,
  headlines,
  headlineTransitions,
  settings,
  votes,
} from "../../db/schema";
import { type FakeSources, startFakeSources } from "../../integrations/fixtures/fake-sources";
import { fixture } from "../../integrations/fixtures/fixture-server";
import { createServiceFetch } from "../../integrations/outbound";
import { type AutopilotDeps, runAutopilotPass } from "../../jobs/autopilot";
import { claimStep } from "../../lib/step-runs";
import { slowSuite } from "../../test/slow-suite";
import { createTestDatabase } from "../../test/test-app";
import { approveHeadline, setContractAddress, verifyPayment } from "../admin/admin-headlines.service";
import { saveAutopilot, vetoProposal } from "../autopilot/autopilot.service";
import { freezeClosedEditions } from "../headlines/editions.service";
import { type Actor, createHeadlineIn } from "../headlines/headline-stage";
import { ensureSettings, updateSettings } from "../settings/settings.service";
import { runCycle } from "./cycle.service";
import { ledgerMismatches } from "./ledger";
import { castVote } from "./votes.service";

slowSuite();

/**
 * Thirty days of the paper printing itself (issue 30), on a fake clock, on the embedded database and on
 * PostgreSQL: the morning import from fake news feeds (a trusted source and one left for review), the
 * day's four at the roll, the guarded close with its veto window, the launch check; days without quorum,
 * ties, vetoes, a vote ring in the last hour, a promotion on top whose payment the chain never confirmed, a
 * Tomorrow race without quorum, and a process that stops mid-step. The only staff actions are approvals,
 * vetoes and launches. Every day: at most one crown, one frozen edition, the ledger at 0, no step twice.
 */

const HOUR = 3_600_000;
const QUORUM = 4;
/** The feed the trusted source serves, with day-specific stories (the recorded payload's shape). */
const TRUSTED: TrendingHeadlineSource = "news";
const REVIEWED: TrendingHeadlineSource = "nyt-technology";

/** The scenario of each day (the rest are ordinary days that crown their favourite). */
const NO_QUORUM = new Set([3, 13, 24]);
const TIE = new Set([5, 15]);
const VETO = new Set([7, 17, 27]);
const RING = new Set([9, 19]);
const UNCONFIRMED = new Set([11, 21]);
/** A process stops in the middle of the morning import; another takes over after the lease. */
const RESTART = 12;
/** Nobody votes in the Tomorrow race: the four stay, the tab asks staff. */
const NO_TOMORROW_QUORUM = new Set([4, 14]);
const special = (d: number) =>
  NO_QUORUM.has(d) || TIE.has(d) || VETO.has(d) || RING.has(d) || UNCONFIRMED.has(d);

let fake: FakeSources;
let day = 0;
beforeAll(async () => {
  fake = await startFakeSources();
  // A new morning's news every day, in the recorded feed's shape: the same items, their titles and links
  // made that day's; on odd days one story repeats yesterday's title under a new link (a duplicate by title).
  fake.state.overrides.set("/rss", (_req, res) => {
    const feed = fixture("google-news-top.xml")
      .replaceAll("ramen trucks", `ramen trucks, day ${day}`)
      .replaceAll("rubber duck", `rubber duck, day ${day}`)
      .replaceAll("honorary mayor", `honorary mayor, day ${day - (day % 2)}`)
      .replaceAll("?oc=5", `?oc=5&amp;day=${day}`);
    res.writeHead(200, { "content-type": "application/rss+xml; charset=utf-8" });
    res.end(feed);
  });
});
afterAll(() => fake.close());

let database: Database;
let db: Db;
let STAFF: Actor;
let staffAccount: { id: number; username: string };
beforeEach(async () => {
  database = await createTestDatabase();
  db = database.db;
  const [account] = await db
    .insert(accounts)
    .values({ username: "editor", passwordHash: "not-a-login" })
    .returning({ id: accounts.id, username: accounts.username });
  if (!account) throw new Error("no account");
  staffAccount = account;
  STAFF = { kind: "staff", account };
});
afterEach(() => database.close());

describe("a month on autopilot", () => {
  it("prints every day by itself, within its guards, once", async () => {
    const config = { ...loadConfig({}), ...fake.config };
    const deps: AutopilotDeps = {
      db,
      trending: { http: createServiceFetch(config), config },
      telegram: null,
    };
    // Midnight Eastern (EDT, no clock change in the month). In the past on purpose: the database's own clock
    // (now()) is real, and the edition trigger leaves a race alone only once its close is behind that clock.
    const first = new Date("2026-09-01T04:00:00.000Z");
    await ensureSettings(db, first);
    await updateSettings(db, { ...iso(dailyCycle(first)), scheduleMode: "daily" }, first);
    await saveAutopilot(
      db,
      {
        enabled: true,
        settings: {
          quorumVoters: QUORUM,
          minLead: 1,
          vetoMinutes: 30,
          importHour: 6,
          launchDelayedHour: 23,
          importSources: [TRUSTED, REVIEWED],
          trustedSources: [TRUSTED],
        },
      },
      first,
    );

    let visitors = 0;
    /** A visitor from a network of its own votes at `when` (the database stamps its clock; the fake one counts). */
    const vote = async (kind: "headline" | "community", headlineId: number, when: Date, ip?: string) => {
      visitors += 1;
      const id = `month-visitor-${visitors}`;
      const address = ip ?? `10.${(visitors >> 8) & 255}.${visitors & 255}.7`;
      await castVote(
        database,
        {
          kind,
          headlineId,
          voteType: kind === "community" ? "buy" : null,
          visitor: { id, ip: address, network: address },
          userAgent: `browser/${visitors % 7}`,
        },
        when,
      );
      await db.update(votes).set({ createdAt: when }).where(eq(votes.visitorId, id));
    };
    let n = 0;
    const submit = async (when: Date, extra: Partial<typeof headlines.$inferInsert> = {}) => {
      n += 1;
      const row = await db.transaction((tx) =>
        createHeadlineIn(
          tx,
          "submit",
          {
            title: `Reader story ${n}`,
            description: `A story a reader sent, number ${n}.`,
            createdAt: when,
            ...extra,
          },
          { kind: "visitor" },
          when,
        ),
      );
      if (!row) throw new Error("no row");
      return row;
    };
    const pass = (when: Date) => runAutopilotPass(deps, when);
    const cycle = async (when: Date) => {
      const outcome = await runCycle(db, when);
      await freezeClosedEditions(db, when);
      return outcome;
    };

    let crowned = 0;
    let delayed = 0;
    let launched = 0;
    const awaited: Record<string, number> = {};
    for (day = 0; day < 30; day += 1) {
      const midnight = new Date(first.getTime() + day * 24 * HOUR);
      const at = (hours: number) => new Date(midnight.getTime() + hours * HOUR);
      const [s] = await db.select().from(settings);
      if (!s) throw new Error("no settings");
      const race = (s.raceCycle ?? s.votingEndTime).toISOString();

      // 6 AM: the morning import, from two processes at once, then once more: it runs once.
      if (day === RESTART) {
        // This process claims the import and stops before finishing it: the lease keeps others off...
        expect(await claimStep(db, "import", race, at(6))).toBe(1);
        expect((await pass(at(6 + 2 / 60))).filter((r) => r.step === "import")).toEqual([]);
        // ...until it runs out, when the next pass takes the run over and finishes it.
        const taken = await pass(at(6 + 6 / 60));
        expect(taken.filter((r) => r.step === "import" && r.result?.startsWith("Imported"))).toHaveLength(1);
      } else {
        const [a, b] = await Promise.all([pass(at(6 + 1 / 60)), pass(at(6 + 1 / 60))]);
        const imports = [...(a ?? []), ...(b ?? [])].filter((r) => r.step === "import");
        expect(imports.length, `day ${day}: one import`).toBe(day === 0 ? 0 : 1);
      }
      expect((await pass(at(6.5))).filter((r) => r.step === "import")).toEqual([]);

      // Staff approve what the untrusted source brought (it goes to Tomorrow's News) and two readers' stories.
      const pending = await db
        .select({ id: headlines.id })
        .from(headlines)
        .where(and(eq(headlines.stage, "pending"), eq(headlines.importedNews, true)));
      for (const p of pending) await approveHeadline(db, p.id, STAFF, at(7));
      for (let i = 0; i < 2; i += 1) await approveHeadline(db, (await submit(at(7))).id, STAFF, at(7.1));
      // A promoted submission paid on chain (the payment job's verdict); on two days one paid by hand only.
      const promoted = await submit(at(7.2), { paymentReference: `month-reference-${day}` });
      await approveHeadline(db, promoted.id, STAFF, at(7.3));
      if (UNCONFIRMED.has(day)) {
        await db
          .update(headlines)
          .set({ transactionId: `month-pasted-${day}` })
          .where(eq(headlines.id, promoted.id));
        await verifyPayment(db, promoted.id, true, STAFF, at(7.4));
      } else
        await db
          .update(headlines)
          .set({
            isPaid: true,
            transactionId: `month-paid-${day}`,
            paymentNote: "Payment of 0.35 SOL confirmed",
          })
          .where(eq(headlines.id, promoted.id));

      // The day's votes, as on a real site: a favourite, a few others, the Tomorrow race. The favourite is
      // a reader's story, never a promotion: the promotions paid by hand only (days 11 and 21) stay in the
      // race uncrowned, and one of them on top would hold the crown. In id order: PostgreSQL returns an
      // unordered scan in whatever order its updates left the rows, so an unordered pick could land on one
      // (it did once, on day 29).
      const inRace = await db
        .select({ id: headlines.id, promotion: headlines.paymentReference })
        .from(headlines)
        .where(eq(headlines.inTodaysVoting, true))
        .orderBy(headlines.id);
      const others = inRace.filter((h) => h.promotion === null).map((h) => h.id);
      const favourite = UNCONFIRMED.has(day) ? promoted.id : (others[day % others.length] as number);
      const runnerUp = others.find((id) => id !== favourite) as number;
      const afternoon = (i: number) => at(12 + i * 0.1);
      if (NO_QUORUM.has(day)) {
        await vote("headline", favourite, afternoon(0));
        await vote("headline", favourite, afternoon(1));
      } else if (TIE.has(day)) {
        for (let i = 0; i < 5; i += 1) {
          await vote("headline", favourite, afternoon(i));
          await vote("headline", runnerUp, afternoon(i));
        }
      } else {
        for (let i = 0; i < 7; i += 1) await vote("headline", favourite, afternoon(i));
        for (let i = 0; i < 2; i += 1) await vote("headline", runnerUp, afternoon(i));
      }
      if (RING.has(day)) {
        // A ring lifts the runner-up over the favourite in the last half hour: six votes from one /24.
        for (let i = 1; i <= 6; i += 1)
          await vote("headline", runnerUp, new Date(at(19.5).getTime() + i * 20_000), `198.51.${day}.${i}`);
      }
      const candidates = (
        await db.select({ id: headlines.id }).from(headlines).where(eq(headlines.inTomorrowsNews, true))
      ).map((h) => h.id);
      if (!NO_TOMORROW_QUORUM.has(day))
        for (const [i, id] of candidates.entries())
          for (let v = 0; v <= (i % 3) + 1; v += 1) await vote("community", id, at(14 + v * 0.1));
      expect(await ledgerMismatches(db), `day ${day}, afternoon`).toEqual([]);

      // 8 PM: the close judges the race.
      const close = await cycle(at(20 + 1 / 3600));
      expect(close.crowned, `day ${day}: nothing crowned at the close itself`).toBeNull();
      const [hold] = await db
        .select()
        .from(crownHolds)
        .where(eq(crownHolds.race, new Date(race)));
      if (special(day) && !VETO.has(day)) {
        expect(hold?.status, `day ${day}: awaiting (${hold?.reason})`).toBe("awaiting");
        awaited[hold?.reason ?? "?"] = (awaited[hold?.reason ?? "?"] ?? 0) + 1;
      } else {
        expect(hold, `day ${day}: proposed, not held for ${hold?.reason}`).toMatchObject({
          status: "pending",
          headlineId: favourite,
        });
        if (VETO.has(day)) await vetoProposal(db, "Not a story for this paper", staffAccount, at(20.2));
      }
      expect((await cycle(at(20.25))).crowned).toBeNull();
      const end = await cycle(at(20.5 + 1 / 3600));
      if (!special(day)) {
        expect(end.crowned?.id, `day ${day}: silence crowns the proposal`).toBe(favourite);
        crowned += 1;
        // A staff launch on even days; on odd days the launch is late.
        if (day % 2 === 0) {
          await setContractAddress(
            db,
            favourite,
            `MonthCoin${String(day).padStart(2, "0")}pumpzzzzzzzzzzzzzzzzzzzzzzz`,
            STAFF,
            at(21.5),
          );
          launched += 1;
        }
      } else expect(end.crowned, `day ${day}: nothing crowned`).toBeNull();

      // 10 PM: the roll opens the next race; the day's four move (or wait for staff) on the next pass.
      expect((await cycle(at(22 + 1 / 3600))).rolled, `day ${day} rolls`).toBe(true);
      const [next] = await db.select().from(settings);
      const nextRace = next?.raceCycle?.toISOString() ?? "";
      const four = (await pass(at(22 + 2 / 60))).filter((r) => r.step === "four");
      expect(four, `day ${day}: the four once`).toHaveLength(1);
      expect((await pass(at(22.1))).filter((r) => r.step === "four")).toEqual([]);
      const promotedTonight = await db
        .select({ id: headlineTransitions.id })
        .from(headlineTransitions)
        .where(and(eq(headlineTransitions.action, "promote"), gte(headlineTransitions.createdAt, at(22))));
      if (NO_TOMORROW_QUORUM.has(day) || candidates.length === 0) expect(promotedTonight).toEqual([]);
      else expect(promotedTonight.length).toBe(Math.min(4, candidates.length));
      expect(four[0]?.result ?? "", `day ${day}`).toMatch(
        NO_TOMORROW_QUORUM.has(day) && candidates.length > 0 ? /^Not moved/ : /^(Moved|Nothing to move)/,
      );

      // 11 PM: the launch check says "launch delayed" for a winner without a coin.
      const checks = (await pass(at(23 + 1 / 60))).filter((r) => r.step === "launch");
      if (!special(day) && day % 2 === 1) {
        expect(checks.map((c) => c.result)).toEqual([expect.stringMatching(/^Launch delayed/)]);
        const [after] = await db.select().from(settings);
        expect(after?.launchDelayedFor).toBe(favourite);
        delayed += 1;
      } else expect(checks).toEqual([]);

      // Every day: at most one crown, one frozen edition, the ledger at 0, no step twice.
      const crowns = await db
        .select({ id: headlineTransitions.id })
        .from(headlineTransitions)
        .where(
          and(
            eq(headlineTransitions.action, "crown"),
            gte(headlineTransitions.createdAt, midnight),
            lt(headlineTransitions.createdAt, at(24)),
          ),
        );
      expect(crowns.length, `day ${day}: crowns`).toBe(special(day) ? 0 : 1);
      const todays = await db
        .select()
        .from(editions)
        .where(eq(editions.race, new Date(race)));
      expect(
        todays.map((e) => e.frozenAt !== null),
        `day ${day}: its edition frozen`,
      ).toEqual([true]);
      expect(await ledgerMismatches(db), `day ${day}, night`).toEqual([]);
      const audited = rowsOf<{ action: string; target: string; n: number }>(
        await db.execute(sql`
          SELECT action, target, count(*)::int AS n FROM audit_log
          WHERE username = 'job:autopilot' AND action IN ('AUTOPILOT import', 'AUTOPILOT four', 'AUTOPILOT launch')
          GROUP BY action, target HAVING count(*) > 1`),
      );
      expect(audited, `day ${day}: no step twice`).toEqual([]);
      expect(nextRace > race).toBe(true);
    }

    expect(crowned).toBe(30 - [...Array(30).keys()].filter(special).length);
    expect(awaited).toEqual({ no_quorum: 3, tie: 2, vote_ring: 2, unpaid_promotion: 2 });
    // The crowned odd days launched late, the crowned even days on time (a staff click each).
    expect(delayed).toBe(4);
    expect(launched).toBe(14);
    const vetoed = await db.select().from(crownHolds).where(eq(crownHolds.status, "vetoed"));
    expect(vetoed).toHaveLength(VETO.size);
    // The imports did what they say: trusted stories straight in, the others through review, duplicates skipped.
    const [tally] = rowsOf<Record<string, number>>(
      await db.execute(sql`SELECT
        (SELECT count(*)::int FROM headline_transitions WHERE action = 'importNews') AS trusted,
        (SELECT count(*)::int FROM headline_transitions WHERE action = 'importForReview') AS reviewed,
        (SELECT count(*)::int FROM headline_transitions WHERE action = 'approveImport') AS approved,
        (SELECT count(*)::int FROM autopilot_runs WHERE step = 'import' AND status = 'done') AS imports`),
    );
    expect(tally?.imports).toBe(29);
    // Each morning two new trusted stories, and a third on day 1 and the even days (on the odd days after
    // it repeats yesterday's title under a new link); the reviewed feed's stories once (same links daily).
    expect(tally?.trusted).toBe(29 * 2 + 15);
    expect(tally?.reviewed).toBeGreaterThan(0);
    expect(tally?.approved).toBe(tally?.reviewed);
    const runs = await db
      .select()
      .from(autopilotRuns)
      .where(inArray(autopilotRuns.status, ["running", "failed"]));
    expect(runs).toEqual([]);
    const steps = await db
      .select({ action: auditLog.action, n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(eq(auditLog.username, "job:autopilot"))
      .groupBy(auditLog.action);
    expect(Object.fromEntries(steps.map((r) => [r.action, r.n]))).toMatchObject({
      "AUTOPILOT import": 29,
      "AUTOPILOT four": 30,
    });
  });
});

function iso(cycle: { votingEndTime: Date; launchTime: Date }) {
  return { votingEndTime: cycle.votingEndTime.toISOString(), launchTime: cycle.launchTime.toISOString() };
}
