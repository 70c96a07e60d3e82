import { asc, desc, eq, inArray } from "drizzle-orm";
import type { AdminHeadline, UpdateSettingsInput } from "@/common/admin";
import type { Settings } from "@/common/settings";
import { easternDay } from "@/common/time";
import type { Db } from "../../db/connect";
import { archiveEntries, headlines, settings } from "../../db/schema";
import { conflict, notFound } from "../../lib/http-error";
import { inTomorrowsNews } from "../headlines/headlines.service";
import { toSettings } from "../settings/settings.service";
import { crownWinner, selectWinnerNow } from "../votes/cycle.service";
import { HEADLINE_NOT_FOUND } from "./admin-headlines.service";
import { toAdminHeadline } from "./admin-view";

/** The cycle's staff actions. The winner rules themselves live in votes/cycle.service.ts; these call them. */

/** "Make Winner" / "Announce": crowns the chosen headline as the current winner. */
export async function announceWinner(db: Db, id: number, now: Date): Promise<AdminHeadline> {
  const row = await crownWinner(db, id, now);
  if (!row) throw notFound(HEADLINE_NOT_FOUND);
  return toAdminHeadline(row);
}

export const NO_CANDIDATE = "No headlines are in voting.";

/** "Select Today's Winner": the most-voted headline of today's voting, now, with the tie rule. */
export async function selectWinner(db: Db, now: Date): Promise<AdminHeadline> {
  const row = await selectWinnerNow(db, now);
  if (!row) throw conflict(NO_CANDIDATE);
  return toAdminHeadline(row);
}

export const NO_CURRENT_WINNER = "There is no current winner to move.";

/**
 * "Move Winner to Yesterday": the current winner leaves home for Yesterday's News and gets its Archive entry,
 * all in one transaction. The settings row is locked first, so two clicks cannot archive one winner twice.
 */
export async function moveWinnerToYesterday(db: Db, now: Date) {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(settings).where(eq(settings.id, 1)).for("update");
    if (!current?.currentWinnerId) throw conflict(NO_CURRENT_WINNER);
    const [winner] = await tx
      .update(headlines)
      .set({ isOldNews: true, oldNewsAt: now, isTodaysNews: false })
      .where(eq(headlines.id, current.currentWinnerId))
      .returning();
    // Deleting a headline clears currentWinnerId through its foreign key, so this cannot be missing.
    if (!winner) throw conflict(NO_CURRENT_WINNER);
    const [entry] = await tx
      .insert(archiveEntries)
      .values({
        headlineId: winner.id,
        title: winner.title,
        description: winner.description,
        imageUrl: winner.imageUrl,
        votes: winner.votes,
        memeCoin: winner.symbol ?? winner.title,
        launchDate: winnersLaunchDay(current),
        createdAt: now,
      })
      .returning();
    if (!entry) throw new Error("insert returned nothing");
    await tx.update(settings).set({ currentWinnerId: null, updatedAt: now }).where(eq(settings.id, 1));
    return {
      headline: toAdminHeadline(winner),
      archiveEntry: {
        id: entry.id,
        title: entry.title,
        memeCoin: entry.memeCoin,
        votes: entry.votes,
        launchDate: entry.launchDate,
      },
    };
  });
}

/**
 * The Eastern day the winner's coin launched: the settings' launch time while the settings still describe
 * the winner's cycle. Once the cycle has rolled on (winnerSelectedFor names an earlier voting end), the
 * launch was on the day that cycle's voting closed: every schedule launches the same evening (daily 8 PM ->
 * 10 PM Eastern, weekly 5 PM -> 7 PM Central, custom two hours after).
 */
function winnersLaunchDay(current: typeof settings.$inferSelect): string {
  const decided = current.winnerSelectedFor;
  if (decided && decided.getTime() !== current.votingEndTime.getTime()) return easternDay(decided);
  return easternDay(current.launchTime);
}

export const TOP_CANDIDATES = 4;
export const NO_TOMORROW_CANDIDATES = "No headlines are in Tomorrow's News.";

/**
 * "Move Top 4 to Today's News": the four most-voted candidates (ties: the earlier submission) enter today's
 * voting with their counts back to 0, so the daily race starts even. Their qualifying counts are answered
 * for the audit log. Locked rows keep a concurrent vote or a second click from slipping in between.
 */
export async function moveTopHeadlinesToToday(db: Db) {
  return db.transaction(async (tx) => {
    const top = await tx
      .select({ id: headlines.id, title: headlines.title, votes: headlines.votes })
      .from(headlines)
      .where(inTomorrowsNews)
      .orderBy(desc(headlines.votes), asc(headlines.createdAt), asc(headlines.id))
      .limit(TOP_CANDIDATES)
      .for("update");
    if (top.length === 0) throw conflict(NO_TOMORROW_CANDIDATES);
    const rows = await tx
      .update(headlines)
      // lastVotedAt goes with the count: the tie rule must not remember Tomorrow's News votes.
      .set({ isTodaysNews: true, isTomorrowsNews: false, votes: 0, lastVotedAt: null })
      .where(
        inArray(
          headlines.id,
          top.map((h) => h.id),
        ),
      )
      .returning();
    const rank = new Map(top.map((h, i) => [h.id, i]));
    rows.sort((a, b) => (rank.get(a.id) ?? 0) - (rank.get(b.id) ?? 0));
    return { moved: rows.map(toAdminHeadline), qualifying: top };
  });
}

/**
 * Sets the cycle's times (the dashboard computes them with src/common/schedule.ts). The schema has already
 * checked them; currentDay and scheduleMode stay as they are when not given.
 */
export async function updateSettings(db: Db, input: UpdateSettingsInput, now: Date): Promise<Settings> {
  const [row] = await db
    .update(settings)
    .set({
      launchTime: new Date(input.launchTime),
      votingEndTime: new Date(input.votingEndTime),
      ...(input.currentDay !== undefined && { currentDay: input.currentDay }),
      ...(input.scheduleMode !== undefined && { scheduleMode: input.scheduleMode }),
      updatedAt: now,
    })
    .where(eq(settings.id, 1))
    .returning();
  if (!row) throw new Error("settings row missing: ensureSettings runs at start-up");
  return toSettings(row);
}
