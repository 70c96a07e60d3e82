import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { type HeadlineStage, isApprovedStage } from "@/common/headline";
import { CROWN_RULE, crownRefusal, IN_PLAY, isInPlay, STAGE_NAMES } from "@/common/headline-rules";
import { easternDay } from "@/common/time";
import type { Db } from "../../db/connect";
import { archiveEntries, editions, headlines, headlineTransitions, settings } from "../../db/schema";
import { conflict, notFound } from "../../lib/http-error";
import { isPromotedRow } from "./payment-status";

/**
 * The one place a headline's stage changes (decision 007). Every change is a named transition of the table
 * below, checked against the row's stage under a row lock, and written to headline_transitions with who
 * did it. Anything else is refused with a 409 that says why. The database's CHECK constraints and the
 * one-winner index back the table up.
 */

export type HeadlineRow = typeof headlines.$inferSelect;
type HeadlineSet = PgUpdateSetSource<typeof headlines>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export const HEADLINE_NOT_FOUND = "Headline not found";

export { IN_PLAY, isInPlay };

/** Who changes the stage: a staff account, a background job, a visitor's submission, or an import. */
export type Actor =
  | { kind: "staff"; account: { id: number; username: string } }
  | { kind: "job"; name: string }
  | { kind: "visitor" };

/** The staff account behind a guarded request (the staff guard has loaded it). */
export function staffAccount(request: { account: { id: number; username: string } | null }) {
  if (!request.account) throw new Error("staff route reached without an account");
  return request.account;
}

/** The staff account behind a guarded request as an actor. */
export function staffActor(request: { account: { id: number; username: string } | null }): Actor {
  return { kind: "staff", account: staffAccount(request) };
}

// In play (IN_PLAY, src/common/headline-rules.ts): for this code the three names are one stage, so a
// transition into play writes "held" and the row answers whichever name the switches give.

/** The staff's two independent list switches (decisions, "Third wave"). */
type Lists = { listedToday?: boolean; listedTomorrow?: boolean };

export const TRANSITIONS = {
  /**
   * Approve: into today's voting. A promoted submission joins it only once its payment is confirmed (the
   * database's list rule); approving it first is allowed.
   */
  approve: { from: ["pending"], to: "held", lists: { listedToday: true } },
  /** Approve an imported headline the morning import left for review: into Tomorrow's News, as imports go. */
  approveImport: { from: ["pending"], to: "held", lists: { listedTomorrow: true } },
  /** Reject Payment: a paid submission leaves review and every list. */
  rejectPayment: { from: ["pending", ...IN_PLAY], to: "rejected" },
  /** Verify Payment after a rejection: back to review. */
  reconsider: { from: ["rejected"], to: "pending" },
  /** A promoted submission still unpaid 24 hours after it was made (the payment job). */
  expire: { from: ["pending", ...IN_PLAY], to: "expired" },
  /** A payment found after the expiry: staff put the submission back in review. */
  reinstate: { from: ["expired"], to: "pending" },
  /** The Today's News switch on / off: list membership, the stage stays in play. */
  addToToday: { from: IN_PLAY, to: "held", lists: { listedToday: true } },
  removeFromToday: { from: IN_PLAY, to: "held", lists: { listedToday: false } },
  /** The Tomorrow's News switch on / off (and "remove from tomorrow"), independent of Today's. */
  addToTomorrow: { from: IN_PLAY, to: "held", lists: { listedTomorrow: true } },
  removeFromTomorrow: { from: IN_PLAY, to: "held", lists: { listedTomorrow: false } },
  /** Move Top 4 to Today's News: from Tomorrow's race into today's; neither count is touched. */
  promote: { from: IN_PLAY, to: "held", lists: { listedToday: true, listedTomorrow: false } },
  /** Make Winner, Select Today's Winner, the automatic selection at the vote close. */
  crown: { from: IN_PLAY, to: "winner" },
  /** A winner replaced within its own cycle (a correction): back to the voting list with its votes. */
  uncrown: { from: ["winner"], to: "held", lists: { listedToday: true } },
  /** A closed cycle's winner when the next is crowned, or Move Winner to Yesterday: kept in the Archive. */
  retire: { from: ["winner"], to: "past_winner" },
  /** A contract address on a headline that never won: a launched token on Yesterday's News. */
  launch: { from: IN_PLAY, to: "launched" },
} as const satisfies Record<string, { from: readonly HeadlineStage[]; to: HeadlineStage; lists?: Lists }>;
export type Transition = keyof typeof TRANSITIONS;

/** The stage a new headline starts in, by how it arrives. */
export const CREATIONS = {
  submit: { stage: "pending" },
  /** Imported news goes to Tomorrow's News only. */
  importNews: { stage: "held", lists: { listedTomorrow: true } },
  /** The morning import from a source not marked trusted: waits in Pending Approval (issue 30). */
  importForReview: { stage: "pending", lists: { listedTomorrow: true } },
  importToken: { stage: "launched" },
  /** "Generate token from address": a past winner entered by staff (the Winners tab lists it). */
  generateToken: { stage: "past_winner" },
} as const satisfies Record<string, { stage: HeadlineStage; lists?: Lists }>;
export type Creation = keyof typeof CREATIONS;

const REFUSALS: Record<Transition, string> = {
  approve: "Only a headline waiting for approval can be approved",
  approveImport: "Only a headline waiting for approval can be approved",
  rejectPayment: "A payment can only be rejected before the headline wins or launches",
  reconsider: "Only a rejected submission can go back to review",
  reinstate: "Only an expired submission can be reinstated",
  expire: "Only an unpaid promoted submission that has not won or launched can expire",
  addToToday: "Only an approved headline that is not a winner or launched can join Today's News",
  removeFromToday: "Only an approved headline that is not a winner or launched can leave Today's News",
  addToTomorrow: "Only an approved headline that is not a winner or launched can join Tomorrow's News",
  removeFromTomorrow: "Only an approved headline that is not a winner or launched can leave Tomorrow's News",
  promote: "Only Tomorrow's News candidates can move to today's voting",
  crown: CROWN_RULE,
  uncrown: "Only the current winner can go back to voting",
  retire: "Only the current winner can be moved to the past winners",
  launch: "Approve the headline before giving it a contract address",
};

/** The 409 for a transition the table does not allow from this stage. */
export function refusal(transition: Transition, stage: HeadlineStage) {
  return conflict(`${REFUSALS[transition]}: this one is ${STAGE_NAMES[stage]}.`);
}

export function isAllowed(transition: Transition, stage: HeadlineStage): boolean {
  return (TRANSITIONS[transition].from as readonly HeadlineStage[]).includes(stage);
}

function actorColumns(actor: Actor) {
  switch (actor.kind) {
    case "staff":
      return { actor: actor.account.username, accountId: actor.account.id };
    case "job":
      return { actor: `job:${actor.name}`, accountId: null };
    case "visitor":
      return { actor: "visitor", accountId: null };
  }
}

async function record(
  tx: Pick<Db, "insert">,
  rows: Array<{ headlineId: number; from: HeadlineStage | null; to: HeadlineStage }>,
  action: string,
  actor: Actor,
  now: Date,
): Promise<void> {
  if (rows.length === 0) return;
  const who = actorColumns(actor);
  await tx.insert(headlineTransitions).values(
    rows.map((r) => ({
      headlineId: r.headlineId,
      fromStage: r.from,
      toStage: r.to,
      action,
      ...who,
      createdAt: now,
    })),
  );
}

/** Inserts a new headline in the stage its way of arriving gives it, and records its creation. */
export async function createHeadlineIn(
  tx: Tx,
  creation: Creation,
  values: Omit<typeof headlines.$inferInsert, "stage" | "listedToday" | "listedTomorrow">,
  actor: Actor,
  now: Date,
  /** An import of a story already here (same source URL) inserts nothing and answers undefined. */
  skipDuplicateSource = false,
): Promise<HeadlineRow | undefined> {
  const way: { stage: HeadlineStage; lists?: Lists } = CREATIONS[creation];
  const insert = tx.insert(headlines).values({ ...values, ...way.lists, stage: way.stage });
  const [row] = skipDuplicateSource
    ? await insert.onConflictDoNothing({ target: headlines.sourceUrl }).returning()
    : await insert.returning();
  if (row) await record(tx, [{ headlineId: row.id, from: null, to: row.stage }], creation, actor, now);
  return row;
}

/** The stage and list switches a transition writes. */
function transitionSet(name: Transition): { stage: HeadlineStage } & Lists {
  const t: { to: HeadlineStage; lists?: Lists } = TRANSITIONS[name];
  return { ...t.lists, stage: t.to };
}

/**
 * Moves one headline by a named transition inside the caller's transaction: the row is locked, its stage
 * checked against the table (409 otherwise, 404 for an unknown or deleted id), then updated with `set` and
 * recorded with the stage the row has after it (the database names a headline in play by its lists).
 */
export async function transitionIn(
  tx: Tx,
  id: number,
  transition: Transition,
  actor: Actor,
  now: Date,
  set: HeadlineSet = {},
): Promise<HeadlineRow> {
  const current = await lockHeadline(tx, id);
  if (!isAllowed(transition, current.stage)) throw refusal(transition, current.stage);
  const [row] = await tx
    .update(headlines)
    .set({ ...set, ...transitionSet(transition) })
    .where(eq(headlines.id, id))
    .returning();
  if (!row) throw notFound(HEADLINE_NOT_FOUND);
  await record(tx, [{ headlineId: id, from: current.stage, to: row.stage }], transition, actor, now);
  return row;
}

/** transitionIn in its own transaction. */
export function transition(
  db: Db,
  id: number,
  name: Transition,
  actor: Actor,
  now: Date,
  set: HeadlineSet = {},
): Promise<HeadlineRow> {
  return db.transaction((tx) => transitionIn(tx, id, name, actor, now, set));
}

/**
 * Moves several headlines by one transition; the rows are locked first. Every id must be allowed (the
 * caller selected them by the transition's own stage), else nothing moves.
 */
export async function transitionManyIn(
  tx: Tx,
  ids: readonly number[],
  name: Transition,
  actor: Actor,
  now: Date,
  set: HeadlineSet = {},
): Promise<HeadlineRow[]> {
  if (ids.length === 0) return [];
  const { from } = TRANSITIONS[name];
  const before = await tx
    .select({ id: headlines.id, stage: headlines.stage })
    .from(headlines)
    .where(
      and(inArray(headlines.id, [...ids]), inArray(headlines.stage, [...from]), isNull(headlines.deletedAt)),
    )
    .for("update");
  if (before.length !== ids.length) throw conflict(`${REFUSALS[name]}.`);
  const rows = await tx
    .update(headlines)
    .set({ ...set, ...transitionSet(name) })
    .where(inArray(headlines.id, [...ids]))
    .returning();
  const fromOf = new Map(before.map((r) => [r.id, r.stage]));
  await record(
    tx,
    rows.map((r) => ({ headlineId: r.id, from: fromOf.get(r.id) ?? null, to: r.stage })),
    name,
    actor,
    now,
  );
  return rows;
}

// --- the lists: which stages each public list shows ------------------------------------------------------

/**
 * The home page's voting list (decisions page, "Lists"): the database's generated column (schema.ts), the
 * one rule the change triggers and cast_vote read too. Verified paid submissions are promoted: placed first.
 */
export const inTodaysVoting = eq(headlines.inTodaysVoting, true);

/** Tomorrow's News candidates, imported news included: the database's generated column too. */
export const inTomorrowsNews = eq(headlines.inTomorrowsNews, true);

/** The row, locked for the transition; 404 for an unknown or deleted id. */
export async function lockHeadline(tx: Tx, id: number): Promise<HeadlineRow> {
  const [row] = await tx.select().from(headlines).where(eq(headlines.id, id)).for("update");
  if (!row || row.deletedAt !== null) throw notFound(HEADLINE_NOT_FOUND);
  return row;
}

/**
 * Yesterday's News: launched tokens and winners that have a contract address or were moved there; the
 * CHECK constraints keep old_news_at to those stages.
 */
export const inYesterdaysNews = and(isNotNull(headlines.oldNewsAt), eq(headlines.isPublic, true));

// --- the winner --------------------------------------------------------------------------------------------

type SettingsRow = typeof settings.$inferSelect;

/** The current winner (at most one: the headlines_one_winner index), locked, or undefined. */
async function currentWinner(tx: Tx): Promise<HeadlineRow | undefined> {
  const [row] = await tx.select().from(headlines).where(eq(headlines.stage, "winner")).for("update");
  return row;
}

/** The settings row, locked: crowning is serialized across processes by it. */
export async function lockSettings(tx: Tx): Promise<SettingsRow> {
  const [row] = await tx.select().from(settings).where(eq(settings.id, 1)).for("update");
  if (!row) throw new Error("settings row missing: ensureSettings runs at start-up");
  return row;
}

/** Whether the current winner was crowned for the cycle the settings still describe (not yet rolled on). */
function crownedThisCycle(s: SettingsRow): boolean {
  return s.winnerSelectedFor !== null && s.winnerSelectedFor.getTime() === s.votingEndTime.getTime();
}

/**
 * The Eastern day the winner's coin launched: the settings' launch time while the settings still describe
 * the winner's cycle. Once the cycle has rolled on (winnerSelectedFor names an earlier voting end), the
 * launch was on the day that cycle's voting closed: every schedule launches the same evening.
 */
function winnersLaunchDay(s: SettingsRow): string {
  if (s.winnerSelectedFor && !crownedThisCycle(s)) return easternDay(s.winnerSelectedFor);
  return easternDay(s.launchTime);
}

export interface ArchiveEntryRow {
  id: number;
  title: string;
  memeCoin: string | null;
  votes: number;
  launchDate: string;
}

/**
 * A winner leaves the race for good: stage past_winner and its Archive entry, exactly once (the unique
 * index on archive_entries.headline_id; a second call finds the first entry). `toYesterday` also puts it
 * on Yesterday's News now (Move Winner to Yesterday); otherwise it gets there with a contract address.
 */
async function retireIn(
  tx: Tx,
  winner: HeadlineRow,
  s: SettingsRow,
  actor: Actor,
  now: Date,
  toYesterday: boolean,
): Promise<{ headline: HeadlineRow; archiveEntry: ArchiveEntryRow }> {
  const headline = await transitionIn(tx, winner.id, "retire", actor, now, {
    oldNewsAt: toYesterday
      ? now
      : winner.contractAddress
        ? sql`coalesce(${headlines.oldNewsAt}, ${now.toISOString()}::timestamptz)`
        : null,
  });
  const entryColumns = {
    id: archiveEntries.id,
    title: archiveEntries.title,
    memeCoin: archiveEntries.memeCoin,
    votes: archiveEntries.votes,
    launchDate: archiveEntries.launchDate,
  };
  // The entry's day is the edition whose race crowned it (issue 23): a winner moved on days later is not
  // dated by the cycle running then. A headline no race counted keeps the launch day of its cycle.
  const [edition] = headline.raceCycle
    ? await tx.select({ day: editions.day }).from(editions).where(eq(editions.race, headline.raceCycle))
    : [];
  const [inserted] = await tx
    .insert(archiveEntries)
    .values({
      headlineId: headline.id,
      title: headline.title,
      description: headline.description,
      imageUrl: headline.imageUrl,
      votes: headline.votes,
      memeCoin: headline.symbol ?? headline.title,
      launchDate: edition?.day ?? winnersLaunchDay(s),
      createdAt: now,
    })
    .onConflictDoNothing({ target: archiveEntries.headlineId })
    .returning(entryColumns);
  const entry =
    inserted ??
    (await tx.select(entryColumns).from(archiveEntries).where(eq(archiveEntries.headlineId, headline.id)))[0];
  if (!entry) throw new Error("archive entry missing");
  return { headline, archiveEntry: entry };
}

/**
 * Crowns a headline as the current winner, inside the caller's transaction. The winner it replaces is
 * never lost: crowned for this same cycle, it was a correction and goes back to voting with its votes;
 * from a closed cycle, it retires to the Archive. The cycle is then marked decided, so the automatic
 * selection at the close does not override staff.
 */
/** Crowning another headline over today's winner whose coin is launched: refused, in these words. */
export const LAUNCHED_WINNER_STAYS =
  "Today's winner's coin is launched: move it to Yesterday's News before crowning another headline.";

export async function crownIn(tx: Tx, id: number, actor: Actor, now: Date): Promise<HeadlineRow> {
  const s = await lockSettings(tx);
  const target = await lockHeadline(tx, id);
  // The dashboard draws Make Winner disabled with the same words (crownRefusal, src/common).
  const why = crownRefusal({
    stage: target.stage,
    isPromotedSubmission: isPromotedRow(target),
    isPaid: target.isPaid,
  });
  if (why) throw conflict(why);
  const previous = await currentWinner(tx);
  if (previous) {
    // A correction sends the winner back to voting, which a coin on chain cannot do (its launch is the
    // community's record): it moves to Yesterday's News by staff's own step first.
    if (crownedThisCycle(s) && previous.contractAddress) throw conflict(LAUNCHED_WINNER_STAYS);
    if (crownedThisCycle(s)) await transitionIn(tx, previous.id, "uncrown", actor, now);
    else await retireIn(tx, previous, s, actor, now, false);
  }
  const row = await transitionIn(tx, id, "crown", actor, now);
  await tx
    .update(settings)
    .set({ winnerSelectedFor: sql`${settings.votingEndTime}`, updatedAt: now })
    .where(eq(settings.id, 1));
  return row;
}

/** Crowns in its own transaction: "Make Winner" / "Announce". */
export function crownWinner(db: Db, id: number, actor: Actor, now: Date): Promise<HeadlineRow> {
  return db.transaction((tx) => crownIn(tx, id, actor, now));
}

/**
 * The tie rule (decisions page, "The cycle"): most votes; on a tie the headline that reached its count
 * first (its last vote came earlier), then the older one.
 */
export const WINNER_ORDER = [
  desc(headlines.votes),
  sql`${headlines.lastVotedAt} ASC NULLS LAST`,
  asc(headlines.createdAt),
  asc(headlines.id),
];

/** The headline the tie rule puts first in today's voting, with at least `minimumVotes`. */
export async function topOfVoting(tx: Tx, minimumVotes: number): Promise<HeadlineRow | undefined> {
  const [top] = await tx
    .select()
    .from(headlines)
    .where(and(inTodaysVoting, sql`${headlines.votes} >= ${minimumVotes}`))
    .orderBy(...WINNER_ORDER)
    .limit(1);
  return top;
}

/** "Select Today's Winner": crowns the top of today's voting now, whatever the clock says; null if empty. */
export function selectWinnerNow(db: Db, actor: Actor, now: Date): Promise<HeadlineRow | null> {
  return db.transaction(async (tx) => {
    // Locked before the counts are read, so a vote void (which locks it too) lands wholly before or after.
    await lockSettings(tx);
    const top = await topOfVoting(tx, 0);
    return top ? crownIn(tx, top.id, actor, now) : null;
  });
}

export const NO_CURRENT_WINNER = "There is no current winner to move.";

/** "Move Winner to Yesterday": the current winner goes to Yesterday's News and the Archive, once. */
export async function moveWinnerToYesterday(db: Db, actor: Actor, now: Date) {
  return db.transaction(async (tx) => {
    const s = await lockSettings(tx);
    const winner = await currentWinner(tx);
    if (!winner) throw conflict(NO_CURRENT_WINNER);
    return retireIn(tx, winner, s, actor, now, true);
  });
}

/**
 * A contract address launches the coin (spec, section 4): a winner or past winner keeps its stage and
 * joins Yesterday's News, dated from the first time it got there; any other approved headline becomes a
 * launched token.
 */
export async function setContractAddress(
  db: Db,
  id: number,
  contractAddress: string,
  actor: Actor,
  now: Date,
): Promise<HeadlineRow> {
  const set = {
    contractAddress,
    launchStatus: "launched",
    oldNewsAt: sql`coalesce(${headlines.oldNewsAt}, ${now.toISOString()}::timestamptz)`,
  };
  return db.transaction(async (tx) => {
    const current = await lockHeadline(tx, id);
    if (isAllowed("launch", current.stage)) return transitionIn(tx, id, "launch", actor, now, set);
    if (!isApprovedStage(current.stage)) throw refusal("launch", current.stage);
    // winner, past_winner, launched: the stage stays, only the facts change.
    const [row] = await tx.update(headlines).set(set).where(eq(headlines.id, id)).returning();
    if (!row) throw notFound(HEADLINE_NOT_FOUND);
    return row;
  });
}

/**
 * The current winner, when it was crowned after `since`: the news the reminders announce (Telegram, browser
 * reminders). One crown event per headline; a winner replaced within its cycle is no longer the winner.
 */
export async function recentCrowns(
  db: Db,
  since: Date,
): Promise<Array<{ id: number; title: string; at: Date }>> {
  return db
    .select({ id: headlines.id, title: headlines.title, at: headlineTransitions.createdAt })
    .from(headlineTransitions)
    .innerJoin(headlines, eq(headlines.id, headlineTransitions.headlineId))
    .where(
      and(
        eq(headlineTransitions.action, "crown"),
        eq(headlines.stage, "winner"),
        gt(headlineTransitions.createdAt, since),
      ),
    );
}
