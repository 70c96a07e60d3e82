import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../db/connect";
import { CURRENT_RACE, IN_THE_RACE } from "../headlines/races";

/**
 * The ledger check (issue 20): every count the site shows equals the counted (not voided) vote rows of its
 * race. Today's race: `votes` against the headline votes of the race `race_cycle` names, and a headline in
 * play names no race but the one in progress (a new race starts it at 0); the Tomorrow's News race:
 * `tomorrow_votes` against the "tomorrow" votes; the winner's sentiment: each of the four counts against
 * its rows. A row here is a count that lost or gained a vote somewhere; none is the normal state.
 */
export interface LedgerMismatch {
  id: number;
  stage: string;
  votes: number;
  counted: number;
  tomorrowVotes: number;
  countedTomorrow: number;
  sentiment: string;
  countedSentiment: string;
  staleRace: boolean;
}

/** A headline still in the race whose count names a race other than the one in progress. */
const STALE_RACE = sql`(h.stage IN (${sql.join(
  IN_THE_RACE.map((stage) => sql`${stage}`),
  sql`, `,
)}) AND h.race_cycle IS NOT NULL AND h.race_cycle IS DISTINCT FROM ${CURRENT_RACE})`;

const MISMATCHES = sql`
  SELECT h.id, h.stage, h.votes, c.today::int AS counted, h.tomorrow_votes AS "tomorrowVotes",
    c.tomorrow::int AS "countedTomorrow",
    concat_ws('/', h.hold_votes, h.buy_votes, h.sell_votes, h.cto_votes) AS sentiment,
    concat_ws('/', c.hold, c.buy, c.sell, c.cto) AS "countedSentiment",
    ${STALE_RACE} AS "staleRace"
  FROM headlines h
  CROSS JOIN LATERAL (
    SELECT
      count(*) FILTER (WHERE v.kind = 'headline' AND v.cycle = h.race_cycle) AS today,
      count(*) FILTER (WHERE v.kind = 'tomorrow') AS tomorrow,
      count(*) FILTER (WHERE v.kind = 'sentiment' AND v.sentiment = 'hold') AS hold,
      count(*) FILTER (WHERE v.kind = 'sentiment' AND v.sentiment = 'buy') AS buy,
      count(*) FILTER (WHERE v.kind = 'sentiment' AND v.sentiment = 'sell') AS sell,
      count(*) FILTER (WHERE v.kind = 'sentiment' AND v.sentiment = 'cto') AS cto
    FROM votes v
    WHERE v.headline_id = h.id AND v.voided_at IS NULL
  ) c
  WHERE h.votes <> c.today OR h.tomorrow_votes <> c.tomorrow
    OR (h.hold_votes, h.buy_votes, h.sell_votes, h.cto_votes) <> (c.hold, c.buy, c.sell, c.cto)
    OR ${STALE_RACE}
  ORDER BY h.id`;

/** The headlines whose shown counts disagree with their vote rows; empty when all is well. */
export async function ledgerMismatches(db: Db): Promise<LedgerMismatch[]> {
  return rowsOf<LedgerMismatch>(await db.execute(MISMATCHES));
}
