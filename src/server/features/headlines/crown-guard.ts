import { eq, sql } from "drizzle-orm";
import {
  AUTOPILOT_DEFAULTS,
  type AutopilotSettings,
  type AwaitReason,
  type BurstFlag,
} from "@/common/autopilot";
import { SUSPICIOUS_BURST } from "@/common/vote-evidence";
import { type Db, rowsOf } from "../../db/connect";
import { autopilot, headlines } from "../../db/schema";
import { CONFIRMED_ON_CHAIN } from "../../integrations/solana";
import { inTodaysVoting, type Tx, WINNER_ORDER } from "./headline-stage";
import { isPromotedRow } from "./payment-status";
import { CURRENT_RACE } from "./races";

/**
 * The guards on a crown (issue 30, issue 31's burst): what the close looks at before it crowns the top of
 * today's race. One place, read by the close (features/votes/cycle.service.ts), the Autopilot tab's live
 * flag and the edition page.
 */

/** The window before the close in which a flagged burst holds the crown. */
export const BURST_LOOKBACK_MS = 60 * 60_000;

export interface AutopilotConfig extends AutopilotSettings {
  enabled: boolean;
  enabledAt: Date | null;
}

/** The autopilot's row, or its defaults (off) while no administrator has saved it. */
export async function readAutopilot(db: Pick<Db, "select">): Promise<AutopilotConfig> {
  const [row] = await db.select().from(autopilot).where(eq(autopilot.id, 1));
  if (!row)
    return {
      ...AUTOPILOT_DEFAULTS,
      importSources: ["news"],
      trustedSources: [],
      enabled: false,
      enabledAt: null,
    };
  return {
    enabled: row.enabled,
    enabledAt: row.enabledAt,
    quorumVoters: row.quorumVoters,
    minLead: row.minLead,
    vetoMinutes: row.vetoMinutes,
    importHour: row.importHour,
    launchDelayedHour: row.launchDelayedHour,
    importSources: row.importSources as AutopilotSettings["importSources"],
    trustedSources: row.trustedSources as AutopilotSettings["trustedSources"],
  };
}

type HeadlineRow = typeof headlines.$inferSelect;

export interface RaceStanding {
  top: HeadlineRow | null;
  /** The runner-up's counted votes (0 without one). */
  runnerUpVotes: number;
  /** Distinct networks among the top's counted votes (votes without evidence count none). */
  voters: number;
  lead: number;
  /** A flagged burst on the top that could change the top, or null. */
  burst: BurstFlag | null;
  /** The top is a promotion whose payment the chain has not confirmed (staff verified it by hand, say). */
  unconfirmedPayment: boolean;
}

/**
 * Today's race as the close judges it at `at` (the close itself, or now for the live flag): its top by the
 * tie rule (at least one vote), the runner-up's count, the top's distinct voting networks, and whether a
 * burst flagged by the vote evidence (SUSPICIOUS_BURST: one network, many votes in minutes) within the hour
 * before `at` could have put it on top: the top without those votes would not lead.
 */
export async function raceStanding(tx: Pick<Db, "select" | "execute">, at: Date): Promise<RaceStanding> {
  const [top, second] = await tx
    .select()
    .from(headlines)
    .where(inTodaysVoting)
    .orderBy(...WINNER_ORDER)
    .limit(2);
  const runnerUpVotes = second?.votes ?? 0;
  if (!top || top.votes < 1)
    return { top: null, runnerUpVotes: 0, voters: 0, lead: 0, burst: null, unconfirmedPayment: false };

  const counted = sql`headline_id = ${top.id} AND kind = 'headline' AND cycle = ${CURRENT_RACE} AND voided_at IS NULL`;
  const window = sql.raw(`interval '${SUSPICIOUS_BURST.minutes} minutes'`);
  const since = new Date(at.getTime() - BURST_LOOKBACK_MS).toISOString();
  const [[voters], flagged] = await Promise.all([
    tx
      .execute(sql`SELECT count(DISTINCT network_hash)::int AS n FROM votes WHERE ${counted}`)
      .then((r) => rowsOf<{ n: number }>(r)),
    tx
      .execute(sql`
        SELECT network_hash, count(*)::int AS votes FROM votes
        WHERE ${counted} AND network_hash IN (
          SELECT network_hash FROM (
            SELECT network_hash, created_at, count(*) OVER (PARTITION BY network_hash ORDER BY created_at
              RANGE BETWEEN ${window} PRECEDING AND CURRENT ROW) AS in_window
            FROM votes WHERE ${counted} AND network_hash IS NOT NULL
          ) w
          WHERE in_window >= ${SUSPICIOUS_BURST.votes}
            AND created_at > ${since}::timestamptz AND created_at <= ${at.toISOString()}::timestamptz
        )
        GROUP BY network_hash`)
      .then((r) => rowsOf<{ network_hash: string; votes: number }>(r)),
  ]);
  const burstVotes = flagged.reduce((sum, f) => sum + f.votes, 0);
  // Without the burst's votes the top would not lead (a tie could go either way): it could have decided.
  const burst =
    burstVotes > 0 && top.votes - burstVotes <= runnerUpVotes
      ? { headlineId: top.id, title: top.title, votes: burstVotes, networks: flagged.length }
      : null;
  return {
    top,
    runnerUpVotes,
    voters: voters?.n ?? 0,
    lead: top.votes - runnerUpVotes,
    burst,
    unconfirmedPayment: isPromotedRow(top) && !(top.isPaid && CONFIRMED_ON_CHAIN.test(top.paymentNote ?? "")),
  };
}

export type CloseVerdict =
  | { kind: "propose"; headline: HeadlineRow; voters: number; lead: number }
  | { kind: "await"; reason: AwaitReason; headline: HeadlineRow | null; voters: number; lead: number };

/**
 * The autopilot's judgement of a race at its close: the top is proposed when it has the quorum of distinct
 * voting networks and the minimum lead, no flagged burst could have decided it and its payment (for a
 * promotion) is confirmed on chain; otherwise the race waits for the editors, with the first reason that
 * applies.
 */
export function judgeClose(standing: RaceStanding, config: AutopilotSettings): CloseVerdict {
  const { top, voters, lead } = standing;
  const wait = (reason: AwaitReason): CloseVerdict => ({
    kind: "await",
    reason,
    headline: top,
    voters,
    lead,
  });
  if (!top) return wait("no_votes");
  if (standing.unconfirmedPayment) return wait("unpaid_promotion");
  if (standing.burst) return wait("vote_ring");
  if (voters < config.quorumVoters) return wait("no_quorum");
  if (lead < config.minLead) return wait("tie");
  return { kind: "propose", headline: top, voters, lead };
}

/**
 * Distinct networks that voted in the Tomorrow's News race of the day that just closed: the counted votes on
 * today's candidates cast since that day's race opened (`since`; the candidates left over keep older votes,
 * which are not this day's race). The day's four move on their own only with a quorum of them.
 */
export async function tomorrowRaceVoters(tx: Pick<Db, "execute"> | Tx, since: Date): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(sql`
      SELECT count(DISTINCT v.network_hash)::int AS n FROM votes v
      JOIN headlines h ON h.id = v.headline_id
      WHERE v.kind = 'tomorrow' AND v.voided_at IS NULL AND h.in_tomorrows_news
        AND v.created_at >= ${since.toISOString()}::timestamptz`),
  );
  return row?.n ?? 0;
}
