import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, sql } from "drizzle-orm";
import { AWAIT_REASONS, type AwaitReason } from "@/common/autopilot";
import {
  type EditionCrown,
  type EditionEntry,
  type EditionRace,
  type EditionRecord,
  isEditionDate,
} from "@/common/edition-record";
import type { HeadlinePage } from "@/common/headline";
import { headlinePath } from "@/common/headline-path";
import { type Db, rowsOf } from "../../db/connect";
import { crownHolds, editions, launches, settings } from "../../db/schema";
import { findHeadlinePage } from "./headlines.service";
import { CURRENT_RACE } from "./races";

type EditionRow = typeof editions.$inferSelect;

/** What a frozen race keeps: everything of EditionRace but its name and close, which are the row's. */
type Standings = Pick<EditionRace, "headlines" | "qualifiers">;

/**
 * The public record of one day (issue 22): each race of that edition date, frozen ones as they were frozen,
 * the open one live. Null when the day has no edition, and for a text that is no date (the page heads and
 * the cards ask with whatever the address says; the database would refuse 2026-02-30 with an error).
 */
export async function findEditionRecord(db: Db, day: string, now: Date): Promise<EditionRecord | null> {
  if (!isEditionDate(day)) return null;
  const rows = await db.select().from(editions).where(eq(editions.day, day)).orderBy(asc(editions.race));
  if (rows.length === 0) return null;
  const races: EditionRace[] = [];
  const holds = await db
    .select()
    .from(crownHolds)
    .where(
      inArray(
        crownHolds.race,
        rows.map((r) => r.race),
      ),
    );
  for (const row of rows) {
    const standings = row.frozenAt
      ? frozenStandings(row.standings as Standings)
      : await countRace(db, row, now);
    const hold = holds.find((h) => h.race.getTime() === row.race.getTime());
    races.push({
      race: row.race.toISOString(),
      closesAt: row.closesAt.toISOString(),
      final: row.frozenAt !== null,
      ...standings,
      crown: standings.headlines.some((h) => h.isWinner) ? null : crownOf(hold),
    });
  }
  const [[before], [after], [launch]] = await Promise.all([
    db
      .select({ day: editions.day })
      .from(editions)
      .where(lt(editions.day, day))
      .orderBy(desc(editions.day))
      .limit(1),
    db
      .select({ day: editions.day })
      .from(editions)
      .where(gt(editions.day, day))
      .orderBy(asc(editions.day))
      .limit(1),
    db.select({ id: launches.id }).from(launches).where(eq(launches.editionDay, day)).limit(1),
  ]);
  return {
    date: day,
    races,
    previous: before?.day ?? null,
    next: after?.day ?? null,
    launched: launch !== undefined,
  };
}

/** The edition's word on a race whose crown waits (its crown_holds row), for a race with no winner. */
function crownOf(hold: typeof crownHolds.$inferSelect | undefined): EditionCrown | null {
  if (!hold || hold.status === "crowned") return null;
  if (hold.status === "pending")
    return {
      status: hold.kind === "proposal" ? "proposed" : "held",
      headlineId: hold.headlineId,
      crownAt: hold.crownAt?.toISOString() ?? null,
      reason: null,
    };
  const reason =
    hold.status === "vetoed"
      ? `${AWAIT_REASONS.vetoed}${hold.vetoReason ? ` Reason: ${hold.vetoReason}` : ""}`
      : AWAIT_REASONS[(hold.reason ?? "changed") as AwaitReason];
  return { status: "awaiting", headlineId: hold.headlineId, crownAt: null, reason };
}

/**
 * An edition's face for its head and share card: the winner of its last race, else that race's leader
 * (most votes, at least one); null for a day without an edition.
 */
export async function findEditionLeader(
  db: Db,
  day: string,
  now: Date,
): Promise<{ leader: HeadlinePage | null; final: boolean } | null> {
  const record = await findEditionRecord(db, day, now);
  const last = record?.races.at(-1);
  if (!record || !last) return null;
  const top =
    last.headlines.find((h) => h.isWinner) ?? last.headlines.find((h) => h.rank === 1 && h.votes > 0);
  const leader = top ? await findHeadlinePage(db, top.id) : null;
  // The card shows the edition's count, not whatever race the headline is in now.
  return { leader: leader && top ? { ...leader, votes: top.votes } : null, final: last.final };
}

/** Every edition date, newest first (the sitemap). */
export async function listEditionDays(db: Db): Promise<Array<{ day: string; frozenAt: Date | null }>> {
  return db
    .selectDistinctOn([editions.day], { day: editions.day, frozenAt: editions.frozenAt })
    .from(editions)
    .orderBy(desc(editions.day), desc(editions.race));
}

/**
 * Freezes every race that is over: its close has passed and its winner is decided (the current race), or a
 * later race has opened. Voids are refused once the winner is selected (vote-evidence.service.ts), so the
 * numbers frozen are the numbers for good. Safe from every process: a row is frozen once (the update
 * names it unfrozen). Answers the days frozen by this call.
 */
export async function freezeClosedEditions(db: Db, now: Date): Promise<string[]> {
  const [s] = await db
    .select({
      race: CURRENT_RACE.mapWith(editions.race),
      decided: sql<boolean>`${settings.winnerSelectedFor} IS NOT DISTINCT FROM ${settings.votingEndTime}`,
    })
    .from(settings)
    .where(eq(settings.id, 1));
  const due = await db
    .select()
    .from(editions)
    .where(and(isNull(editions.frozenAt), lte(editions.closesAt, now)))
    .orderBy(asc(editions.race));
  const frozen: string[] = [];
  for (const row of due) {
    const current = s !== undefined && row.race.getTime() === new Date(s.race).getTime();
    if (current && !s.decided) continue;
    const standings = await countRace(db, row, now);
    const [done] = await db
      .update(editions)
      .set({ frozenAt: now, standings })
      .where(and(eq(editions.race, row.race), isNull(editions.frozenAt)))
      .returning({ day: editions.day });
    if (done) frozen.push(done.day);
  }
  return frozen;
}

/** Standings frozen before entries said whether staff removed them (issue 31): none was. */
function frozenStandings(standings: Standings): Standings {
  const withRemoved = (entries: EditionEntry[]) =>
    entries.map((entry) => ({ ...entry, removed: entry.removed ?? false }));
  return { headlines: withRemoved(standings.headlines), qualifiers: withRemoved(standings.qualifiers) };
}

interface CountedRow {
  id: number;
  title: string;
  created_at: string | Date;
  votes: number;
  voided: number;
  reasons: string[] | null;
  last_vote: string | Date | null;
  /** Deleted by staff after votes were cast for it (its votes stay in their rows). */
  removed: boolean;
}

/**
 * A race's standings from its vote rows: each headline voted in it, and while it is the race in progress
 * every headline in today's voting (a headline with no vote is ranked too); the race's winner marked; the
 * headlines Move Top 4 brought in from Tomorrow's News while it ran, with their qualifying counts.
 */
async function countRace(db: Db, row: EditionRow, now: Date): Promise<Standings> {
  const race = row.race.toISOString();
  const [[previous], [next]] = await Promise.all([
    db
      .select({ closesAt: editions.closesAt, frozenAt: editions.frozenAt })
      .from(editions)
      .where(lt(editions.race, row.race))
      .orderBy(desc(editions.race))
      .limit(1),
    db
      .select({ race: editions.race })
      .from(editions)
      .where(gt(editions.race, row.race))
      .orderBy(asc(editions.race))
      .limit(1),
  ]);
  // What staff and the cycle did for this race (its crown, Move Top 4) happened after the race before was
  // decided (frozen; a race from before editions: after its close) and before the next race opened. A race
  // is named by its opening, which for the first race of a database may lie ahead of its own events.
  const since = (previous?.frozenAt ?? previous?.closesAt ?? new Date(0)).toISOString();
  const until = (next?.race ?? now).toISOString();
  const [winner] = rowsOf<{ id: number }>(
    await db.execute(sql`
      SELECT t.headline_id AS id FROM headline_transitions t
      WHERE t.action = 'crown' AND t.headline_id IS NOT NULL
        AND t.created_at > ${since}::timestamptz AND t.created_at <= ${until}::timestamptz
        AND NOT EXISTS (
          SELECT 1 FROM headline_transitions u
          WHERE u.headline_id = t.headline_id AND u.action = 'uncrown' AND u.created_at >= t.created_at
            AND u.created_at <= ${until}::timestamptz
        )
      ORDER BY t.created_at DESC, t.id DESC LIMIT 1`),
  );
  const counted = rowsOf<CountedRow>(
    await db.execute(sql`
      WITH counted AS (
        SELECT headline_id,
          count(*) FILTER (WHERE voided_at IS NULL)::int AS votes,
          count(*) FILTER (WHERE voided_at IS NOT NULL)::int AS voided,
          array_agg(DISTINCT void_reason) FILTER (WHERE voided_at IS NOT NULL AND void_reason IS NOT NULL) AS reasons,
          max(created_at) FILTER (WHERE voided_at IS NULL) AS last_vote
        FROM votes WHERE kind = 'headline' AND cycle = ${race}::timestamptz
        GROUP BY headline_id
      ), members AS (
        SELECT headline_id AS id FROM counted
        UNION SELECT id FROM headlines WHERE in_todays_voting AND ${race}::timestamptz = ${CURRENT_RACE}
        UNION SELECT ${winner?.id ?? null}::int WHERE ${winner?.id ?? null}::int IS NOT NULL
      )
      SELECT h.id, h.title, h.created_at, coalesce(c.votes, 0) AS votes, coalesce(c.voided, 0) AS voided,
        c.reasons, c.last_vote, h.deleted_at IS NOT NULL AS removed
      FROM members m JOIN headlines h ON h.id = m.id LEFT JOIN counted c ON c.headline_id = h.id
      WHERE h.is_public OR h.deleted_at IS NOT NULL`),
  );
  const qualifying = rowsOf<CountedRow>(
    await db.execute(sql`
      SELECT h.id, h.title, h.created_at, q.votes, q.voided, q.reasons, NULL AS last_vote,
        h.deleted_at IS NOT NULL AS removed
      FROM (
        SELECT DISTINCT ON (t.headline_id) t.headline_id, t.created_at FROM headline_transitions t
        WHERE t.action = 'promote' AND t.created_at > ${since}::timestamptz AND t.created_at <= ${until}::timestamptz
        ORDER BY t.headline_id, t.created_at
      ) p
      JOIN headlines h ON h.id = p.headline_id
      CROSS JOIN LATERAL (
        SELECT count(*) FILTER (WHERE v.voided_at IS NULL)::int AS votes,
          count(*) FILTER (WHERE v.voided_at IS NOT NULL)::int AS voided,
          array_agg(DISTINCT v.void_reason) FILTER (WHERE v.voided_at IS NOT NULL AND v.void_reason IS NOT NULL) AS reasons
        FROM votes v WHERE v.headline_id = p.headline_id AND v.kind = 'tomorrow' AND v.created_at <= p.created_at
      ) q
      WHERE h.is_public OR h.deleted_at IS NOT NULL`),
  );
  return {
    headlines: ranked(counted, winner?.id),
    qualifiers: ranked(qualifying, undefined),
  };
}

const time = (at: string | Date | null) => (at === null ? Number.POSITIVE_INFINITY : new Date(at).getTime());

/**
 * The cycle's tie rule: most votes; then whose last vote came first; then the older; then the lower id. A
 * headline staff removed stays on the record with its votes, like a void, ranked after every one still
 * standing (issue 31): deleting a headline never rewrites an edition.
 */
function ranked(rows: CountedRow[], winnerId: number | undefined): EditionEntry[] {
  return [...rows]
    .sort(
      (a, b) =>
        Number(a.removed) - Number(b.removed) ||
        b.votes - a.votes ||
        time(a.last_vote) - time(b.last_vote) ||
        time(a.created_at) - time(b.created_at) ||
        a.id - b.id,
    )
    .map((r, i) => ({
      id: r.id,
      title: r.title,
      path: headlinePath(r),
      votes: r.votes,
      voided: r.voided,
      voidReasons: r.reasons ?? [],
      removed: r.removed,
      rank: i + 1,
      isWinner: r.id === winnerId,
    }));
}
