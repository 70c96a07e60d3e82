import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { auditWords } from "@/common/audit";
import { type AutopilotStatus, VETO_REASON_REQUIRED } from "@/common/autopilot";
import {
  auditLog,
  crownHolds,
  editions,
  headlines,
  headlineTransitions,
  settings,
  votes,
} from "../../db/schema";
import { createHeadline } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { staffSessions, withSession } from "../accounts/test-accounts";
import { runCycle } from "../votes/cycle.service";
import { voidVotes } from "../votes/vote-evidence.service";
import { castVote } from "../votes/votes.service";
import { saveAutopilot } from "./autopilot.service";

let t: TestApp;
let admin: string;
let staff: string;
const END = new Date("2026-11-23T01:00:00Z"); // Nov 22, 8 PM Eastern
const LAUNCH = new Date("2026-11-23T03:00:00Z"); // Nov 22, 10 PM Eastern
const MIN = 60_000;
const at = (ms: number) => new Date(END.getTime() + ms);

beforeEach(async () => {
  t = await createTestApp();
  ({ admin, staff } = await staffSessions(t.app, t.db));
  await t.db.update(settings).set({
    votingEndTime: END,
    launchTime: LAUNCH,
    scheduleMode: "daily",
    winnerSelectedFor: null,
  });
  await t.db.update(editions).set({ day: "2026-11-22", closesAt: END });
});
afterEach(() => t.close());

let visitors = 0;
/** A vote from a new visitor at `ip`, cast `before` ms before the close. */
async function vote(headlineId: number, ip: string, before = 3 * 60 * MIN) {
  visitors += 1;
  const visitor = `autopilot-visitor-${visitors}`;
  await castVote(
    t.database,
    {
      kind: "headline",
      headlineId,
      voteType: null,
      visitor: { id: visitor, ip, network: ip },
      userAgent: `browser/${visitors}`,
    },
    at(-before),
  );
  // cast_vote stamps a row with the database's clock; the fake clock's time is what the burst rule reads.
  await t.db
    .update(votes)
    .set({ createdAt: at(-before) })
    .where(eq(votes.visitorId, visitor));
}
/** `count` votes from `count` distinct networks. */
async function votesFrom(headlineId: number, count: number, firstNetwork = 1, before = 3 * 60 * MIN) {
  for (let i = 0; i < count; i += 1) await vote(headlineId, `10.${headlineId}.${firstNetwork + i}.1`, before);
}
/** `count` votes from one /24 within two minutes, `before` ms before the close: a burst the evidence flags. */
async function burst(headlineId: number, count: number, before: number) {
  for (let i = 1; i <= count; i += 1) await vote(headlineId, `203.0.113.${i}`, before - i * 10_000);
}

const status = async (session = staff) => {
  const res = await t.app.inject({
    method: "GET",
    url: "/api/admin/autopilot",
    cookies: withSession(session),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AutopilotStatus;
};
const put = (payload: object, session = admin) =>
  t.app.inject({ method: "PUT", url: "/api/admin/autopilot", payload, cookies: withSession(session) });
const veto = (payload: object, session = staff) =>
  t.app.inject({ method: "POST", url: "/api/admin/autopilot/veto", payload, cookies: withSession(session) });
const winnerIds = async () =>
  (await t.db.select({ id: headlines.id }).from(headlines).where(eq(headlines.stage, "winner"))).map(
    (h) => h.id,
  );
const hold = async () => (await t.db.select().from(crownHolds))[0];
const turnOn = (settings: Partial<Parameters<typeof saveAutopilot>[1]["settings"]> = {}) =>
  saveAutopilot(
    t.db,
    { enabled: true, settings: { quorumVoters: 3, minLead: 1, vetoMinutes: 30, ...settings } },
    at(-6 * 60 * MIN),
  );

describe("GET and PUT /api/admin/autopilot", () => {
  it("answers 401 without a session, the defaults (off) to staff, and 403 to staff who try to change it", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/admin/autopilot" })).statusCode).toBe(401);
    const off = await status();
    expect(off).toMatchObject({
      enabled: false,
      pending: [],
      awaiting: null,
      settings: { quorumVoters: 5, minLead: 1, vetoMinutes: 30, importHour: 6, launchDelayedHour: 23 },
    });
    expect(off.steps.map((s) => s.name)).toEqual(["import", "four", "close", "launch"]);
    expect(off.steps.every((s) => s.nextRunAt === null)).toBe(true);
    const refused = await put({ enabled: true }, staff);
    expect(refused.statusCode).toBe(403);
    expect((await status()).enabled).toBe(false);
  });

  it("lets an administrator switch it on with settings, shows the steps' times, and audits each change in words", async () => {
    const res = await put({ enabled: true, settings: { quorumVoters: 7, vetoMinutes: 0, importHour: 5 } });
    expect(res.statusCode, res.body).toBe(200);
    const on = res.json() as AutopilotStatus;
    expect(on).toMatchObject({
      enabled: true,
      settings: { quorumVoters: 7, minLead: 1, vetoMinutes: 0, importHour: 5 },
    });
    expect(on.steps.find((s) => s.name === "close")?.nextRunAt).toBe(END.toISOString());
    expect((await put({ enabled: false })).statusCode).toBe(200);
    expect((await status()).settings.quorumVoters).toBe(7);
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.action, "PUT /api/admin/autopilot"));
    expect(
      rows.map((r) => auditWords({ kind: "action", action: r.action, details: r.details as never })),
    ).toEqual([
      "Autopilot settings saved: the autopilot is on",
      "Autopilot settings saved: the autopilot is off",
    ]);
  });

  it("refuses bad settings with a clear message and changes nothing", async () => {
    for (const [payload, message] of [
      [{ enabled: "yes" }, "enabled must be true or false"],
      [{ enabled: true, settings: { vetoMinutes: 121 } }, "vetoMinutes must be between 0 and 120"],
      [{ enabled: true, settings: { quorumVoters: 1.5 } }, "quorumVoters must be a whole number"],
      [
        { enabled: true, settings: { importSources: ["gossip"] } },
        "importSources must name trending headline sources",
      ],
    ] as const) {
      const res = await put(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect((await status()).enabled).toBe(false);
  });
});

describe("the close with the autopilot on", () => {
  it("proposes a top with quorum and lead, shows the countdown, and silence crowns it once when the window ends", async () => {
    await turnOn();
    const top = await createHeadline(t.db);
    const other = await createHeadline(t.db);
    await votesFrom(top.id, 4);
    await votesFrom(other.id, 2);

    const close = await runCycle(t.db, END);
    expect(close.crowned).toBeNull();
    expect(close.held).toMatchObject({ status: "pending", headlineId: top.id });
    const waiting = await status();
    expect(waiting.pending).toEqual([
      expect.objectContaining({
        kind: "proposal",
        headlineId: top.id,
        voters: 4,
        lead: 2,
        crownAt: at(30 * MIN).toISOString(),
      }),
    ]);
    expect(await winnerIds()).toEqual([]);
    expect((await runCycle(t.db, at(29 * MIN))).crowned).toBeNull();
    expect((await runCycle(t.db, at(30 * MIN))).crowned?.id).toBe(top.id);
    expect((await runCycle(t.db, at(31 * MIN))).crowned).toBeNull();
    expect(await winnerIds()).toEqual([top.id]);
    const crowns = await t.db
      .select()
      .from(headlineTransitions)
      .where(eq(headlineTransitions.action, "crown"));
    expect(crowns.map((c) => c.actor)).toEqual(["job:autopilot"]);
    expect((await status()).pending).toEqual([]);
  });

  it("crowns at once with a veto window of 0", async () => {
    await turnOn({ vetoMinutes: 0 });
    const top = await createHeadline(t.db);
    await votesFrom(top.id, 3);
    expect((await runCycle(t.db, END)).crowned?.id).toBe(top.id);
  });

  it("a veto with its reason leaves the race to the editors; without a reason it is refused", async () => {
    await turnOn();
    const top = await createHeadline(t.db);
    await votesFrom(top.id, 4);
    await runCycle(t.db, END);

    const noReason = await veto({ reason: "  " });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toContain(VETO_REASON_REQUIRED);
    expect((await hold())?.status).toBe("pending");

    const res = await veto({ reason: "The story is false" });
    expect(res.statusCode, res.body).toBe(200);
    expect((await veto({ reason: "again" })).statusCode).toBe(409);
    expect((await runCycle(t.db, at(31 * MIN))).crowned).toBeNull();
    expect(await winnerIds()).toEqual([]);
    const after = await status();
    expect(after.awaiting).toMatchObject({
      reason: "vetoed",
      headlineId: top.id,
      vetoReason: "The story is false",
    });
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "POST /api/admin/autopilot/veto"));
    expect(row).toMatchObject({
      username: "staff",
      details: { headlineId: top.id, reason: "The story is false" },
    });

    // The editors crown by hand; the edition is then decided.
    const crown = await t.app.inject({
      method: "POST",
      url: "/api/admin/select-winner",
      cookies: withSession(staff),
    });
    expect(crown.statusCode, crown.body).toBe(200);
    expect(await winnerIds()).toEqual([top.id]);
    expect((await status()).awaiting).toBeNull();
  });

  it.each([
    [
      "no quorum",
      async () => {
        const top = await createHeadline(t.db);
        await votesFrom(top.id, 2);
      },
      "no_quorum",
    ],
    [
      "a tie within the minimum lead",
      async () => {
        const a = await createHeadline(t.db);
        const b = await createHeadline(t.db);
        await votesFrom(a.id, 3);
        await votesFrom(b.id, 3);
      },
      "tie",
    ],
    [
      "no vote at all",
      async () => {
        await createHeadline(t.db);
      },
      "no_votes",
    ],
    [
      "a vote ring in the last hour that decided the race",
      async () => {
        const a = await createHeadline(t.db);
        const b = await createHeadline(t.db);
        await votesFrom(a.id, 4);
        await votesFrom(b.id, 5);
        await burst(a.id, 5, 20 * MIN);
      },
      "vote_ring",
    ],
    [
      "a promotion on top whose payment the chain never confirmed",
      async () => {
        const paid = await createHeadline(t.db, {
          transactionId: "sim-pasted-transaction",
          isPaid: true,
          paymentNote: "Verified by staff",
        });
        await votesFrom(paid.id, 4);
      },
      "unpaid_promotion",
    ],
  ])("crowns nothing and awaits the editors on %s", async (_name, arrange, reason) => {
    await turnOn();
    await arrange();
    const close = await runCycle(t.db, END);
    expect(close).toMatchObject({ crowned: null, held: { status: "awaiting", reason } });
    expect((await runCycle(t.db, at(60 * MIN))).crowned).toBeNull();
    expect(await winnerIds()).toEqual([]);
    expect((await status()).awaiting?.reason).toBe(reason);
    const edition = (await t.app.inject({ method: "GET", url: "/api/editions/2026-11-22" })).json();
    expect(edition.races[0].crown).toMatchObject({ status: "awaiting" });
    // The race still rolls at the launch, and the edition is frozen without a winner.
    expect((await runCycle(t.db, LAUNCH)).rolled).toBe(true);
  });

  it("with a minimum lead of 0, a tie goes to the headline that reached the count first", async () => {
    await turnOn({ minLead: 0, vetoMinutes: 0 });
    const late = await createHeadline(t.db);
    const early = await createHeadline(t.db);
    await votesFrom(early.id, 3, 1, 4 * 60 * MIN);
    await votesFrom(late.id, 3, 1, 2 * 60 * MIN);
    expect((await runCycle(t.db, END)).crowned?.id).toBe(early.id);
  });

  it("a standings change during the window (a void) sends the race to the editors", async () => {
    await turnOn();
    const a = await createHeadline(t.db);
    const b = await createHeadline(t.db);
    await votesFrom(a.id, 5);
    await votesFrom(b.id, 4);
    await runCycle(t.db, END);
    const evidence = await t.db.select().from(headlines).where(eq(headlines.id, a.id));
    expect(evidence[0]?.votes).toBe(5);
    const { listVoteEvidence } = await import("../votes/vote-evidence.service");
    const cluster =
      (await listVoteEvidence(t.db)).headlines.find((h) => h.id === a.id)?.networks.slice(0, 2) ?? [];
    for (const c of cluster)
      await voidVotes(
        t.db,
        a.id,
        { by: "network", hash: c.hash, reason: "test" },
        { id: 1, username: "staff" },
        at(MIN),
      );
    expect((await runCycle(t.db, at(30 * MIN))).held).toMatchObject({
      status: "awaiting",
      reason: "changed",
    });
    expect(await winnerIds()).toEqual([]);
  });

  it("switched off during the window, it crowns nothing (the kill switch)", async () => {
    await turnOn();
    const top = await createHeadline(t.db);
    await votesFrom(top.id, 4);
    await runCycle(t.db, END);
    expect((await put({ enabled: false })).statusCode).toBe(200);
    expect((await runCycle(t.db, at(30 * MIN))).held).toMatchObject({
      status: "awaiting",
      reason: "switched_off",
    });
    expect(await winnerIds()).toEqual([]);
  });
});

describe("a flagged burst with the autopilot off (issue 31)", () => {
  it("shows the flag before the close, holds the crown for vetoMinutes, and a void in the window changes the winner", async () => {
    const honest = await createHeadline(t.db);
    const pushed = await createHeadline(t.db);
    await votesFrom(honest.id, 5);
    await votesFrom(pushed.id, 1);
    await burst(pushed.id, 7, 30 * MIN);

    // Before the close, the dashboard sees the flag.
    const before = await status();
    expect(before.burst).toMatchObject({ headlineId: pushed.id, votes: 7, networks: 1 });

    const close = await runCycle(t.db, END);
    expect(close).toMatchObject({ crowned: null, held: { status: "pending", headlineId: pushed.id } });
    expect((await status()).pending).toEqual([
      expect.objectContaining({ kind: "burst", headlineId: pushed.id }),
    ]);
    const edition = (await t.app.inject({ method: "GET", url: "/api/editions/2026-11-22" })).json();
    expect(edition.races[0].crown).toMatchObject({ status: "held", headlineId: pushed.id });

    // Staff void the burst inside the window: voids are still open, the winner is not chosen yet.
    const flagged = (await before).burst;
    expect(flagged).not.toBeNull();
    const { listVoteEvidence } = await import("../votes/vote-evidence.service");
    const ring = (await listVoteEvidence(t.db)).headlines
      .find((h) => h.id === pushed.id)
      ?.networks.find((c) => c.flagged);
    if (!ring) throw new Error("no flagged cluster");
    await voidVotes(
      t.db,
      pushed.id,
      { by: "network", hash: ring.hash, reason: "burst" },
      { id: 1, username: "staff" },
      at(5 * MIN),
    );

    expect((await runCycle(t.db, at(29 * MIN))).crowned).toBeNull();
    expect((await runCycle(t.db, at(30 * MIN))).crowned?.id).toBe(honest.id);
    const crowns = await t.db
      .select()
      .from(headlineTransitions)
      .where(eq(headlineTransitions.action, "crown"));
    expect(crowns.map((c) => c.actor)).toEqual(["job:cycle"]);
  });

  it("crowns at the close as always when the burst could not change the top, or came earlier than the last hour", async () => {
    const top = await createHeadline(t.db);
    const other = await createHeadline(t.db);
    await votesFrom(top.id, 3);
    await burst(top.id, 6, 3 * 60 * MIN);
    await votesFrom(other.id, 10);
    await burst(other.id, 5, 10 * MIN);
    // other: 15 votes, 5 of them a burst, still ahead of 9 without them.
    expect((await runCycle(t.db, END)).crowned?.id).toBe(other.id);
    expect(await hold()).toBeUndefined();
  });
});
