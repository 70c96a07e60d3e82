import { and, inArray, isNotNull, ne, or, sql } from "drizzle-orm";
import { headlines, settings } from "../../db/schema";
import { IN_PLAY, type Tx } from "./headline-stage";

/**
 * Today's race (decisions, "Third wave"): the headline votes cast while one race is open, counted apart
 * from the Tomorrow's News race. A race is named by the instant it opened (settings.raceCycle; the race
 * running when races came in kept the votingEndTime its votes were keyed by). Votes and counters carry
 * that name, so staff moving the close of an open race keep its votes in it, and no two races share one.
 */

/**
 * The race in progress, in SQL, compared in the database so no precision is lost on the way (a settings row
 * from before races names it by its votingEndTime).
 */
export const CURRENT_RACE = sql`(SELECT coalesce(race_cycle, voting_end_time) FROM settings WHERE id = 1)`;

/** The stages whose count belongs to the race in progress: a new race starts them at 0. */
export const IN_THE_RACE = ["pending", ...IN_PLAY] as const;

/**
 * Opens a new race inside the caller's transaction (the cycle rolled, or staff set times after the close):
 * every headline still in play starts it at 0. Their votes of the closed race stay in their rows (the
 * editions count them); winners and launched tokens keep the count they finished with. The name is the
 * opening instant, or one millisecond after the race before when the clock says otherwise: always new.
 */
export async function openRace(tx: Tx, now: Date): Promise<Date> {
  const [opened] = await tx
    .update(settings)
    .set({
      raceCycle: sql`greatest(${now.toISOString()}::timestamptz, ${CURRENT_RACE} + interval '1 millisecond')`,
    })
    .where(sql`${settings.id} = 1`)
    .returning({ race: settings.raceCycle });
  const race = opened?.race;
  if (!race) throw new Error("settings row missing: ensureSettings runs at start-up");
  await tx
    .update(headlines)
    .set({ votes: 0, raceCycle: null, lastVotedAt: null })
    .where(
      and(
        inArray(headlines.stage, [...IN_THE_RACE]),
        or(isNotNull(headlines.raceCycle), ne(headlines.votes, 0)),
        sql`${headlines.raceCycle} IS DISTINCT FROM ${race.toISOString()}::timestamptz`,
      ),
    );
  return race;
}
