import { asc, desc } from "drizzle-orm";
import type { AdminHeadline, MoveWinnerResult } from "@/common/admin";
import type { Db } from "../../db/connect";
import { headlines } from "../../db/schema";
import { conflict } from "../../lib/http-error";
import {
  type Actor,
  crownWinner,
  inTomorrowsNews,
  moveWinnerToYesterday as retireCurrentWinner,
  selectWinnerNow,
  transitionManyIn,
} from "../headlines/headline-stage";
import { toAdminHeadline } from "./admin-view";

/** The cycle's staff actions. The winner rules themselves live in headlines/headline-stage.ts. */

/** "Make Winner" / "Announce": crowns the chosen headline as the current winner. */
export async function announceWinner(db: Db, id: number, actor: Actor, now: Date): Promise<AdminHeadline> {
  return toAdminHeadline(await crownWinner(db, id, actor, now));
}

export const NO_CANDIDATE = "No headlines are in voting.";

/** "Select Today's Winner": the most-voted headline of today's voting, now, with the tie rule. */
export async function selectWinner(db: Db, actor: Actor, now: Date): Promise<AdminHeadline> {
  const row = await selectWinnerNow(db, actor, now);
  if (!row) throw conflict(NO_CANDIDATE);
  return toAdminHeadline(row);
}

/**
 * "Move Winner to Yesterday": the current winner leaves home for Yesterday's News and gets its Archive entry,
 * all in one transaction, once (headline-stage.ts).
 */
export async function moveWinnerToYesterday(db: Db, actor: Actor, now: Date): Promise<MoveWinnerResult> {
  const { headline, archiveEntry } = await retireCurrentWinner(db, actor, now);
  return { headline: toAdminHeadline(headline), archiveEntry };
}

export const TOP_CANDIDATES = 4;
export const NO_TOMORROW_CANDIDATES = "No headlines are in Tomorrow's News.";

/**
 * "Move Top 4 to Today's News": the four candidates most voted in the Tomorrow's News race (ties: the
 * earlier submission) leave it for today's voting. Each race counts only its own votes, so the daily race
 * starts even without a vote being zeroed, moved or copied: the qualifying counts stay (the headline page
 * shows them) and are answered for the audit log. Each moved headline says whether it joined today's voting
 * now or was already in it (its Today's News switch was on). Locked rows keep a concurrent vote or a second click
 * from slipping in between.
 */
export async function moveTopHeadlinesToToday(db: Db, actor: Actor, now: Date) {
  return db.transaction(async (tx) => {
    const top = await tx
      .select({
        id: headlines.id,
        title: headlines.title,
        votes: headlines.tomorrowVotes,
        wasVoting: headlines.inTodaysVoting,
      })
      .from(headlines)
      .where(inTomorrowsNews)
      .orderBy(desc(headlines.tomorrowVotes), asc(headlines.createdAt), asc(headlines.id))
      .limit(TOP_CANDIDATES)
      .for("update");
    if (top.length === 0) throw conflict(NO_TOMORROW_CANDIDATES);
    const rows = await transitionManyIn(
      tx,
      top.map((h) => h.id),
      "promote",
      actor,
      now,
    );
    const rank = new Map(top.map((h, i) => [h.id, i]));
    const wasVoting = new Set(top.filter((h) => h.wasVoting).map((h) => h.id));
    rows.sort((a, b) => (rank.get(a.id) ?? 0) - (rank.get(b.id) ?? 0));
    return {
      moved: rows.map((row) => ({ ...toAdminHeadline(row), joinedToday: !wasVoting.has(row.id) })),
      qualifying: top.map(({ id, title, votes }) => ({ id, title, votes })),
    };
  });
}
