import { and, asc, desc, eq, inArray, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import {
  type ClusterKind,
  type HeadlineEvidence,
  MAX_CLUSTERS,
  SUSPICIOUS_BURST,
  type VoidVotesInput,
  type VoidVotesResult,
  type VoteCluster,
  type VoteEvidence,
  WINNER_CHOSEN,
} from "@/common/vote-evidence";
import { type Db, rowsOf } from "../../db/connect";
import { headlines, settings, votes } from "../../db/schema";
import { conflict, notFound } from "../../lib/http-error";
import { inTodaysVoting } from "../headlines/headline-stage";
import { CURRENT_RACE } from "../headlines/races";

/**
 * The dashboard's vote evidence: the current cycle's headline votes grouped by network and by user agent,
 * and voiding a cluster before the cycle's winner is chosen. What a vote stores is in vote-evidence.ts.
 */

export { WINNER_CHOSEN };
export const DEFAULT_VOID_REASON = "Suspicious cluster of votes";
export const NOTHING_TO_VOID = "No counted votes of this headline are in that cluster.";

/** The cycle's winner has been chosen, automatically or by staff (see cycle.service.ts, crownIn/runCycle). */
const winnerChosen = sql<boolean>`${settings.winnerSelectedFor} IS NOT DISTINCT FROM ${settings.votingEndTime}`;

/** The current cycle's headline votes of these headlines that still count. */
const countedVotesOf = (ids: number[]) =>
  and(
    inArray(votes.headlineId, ids),
    eq(votes.kind, "headline"),
    sql`${votes.cycle} = ${CURRENT_RACE}`,
    isNull(votes.voidedAt),
  );

const CLUSTER_COLUMN: Record<ClusterKind, string> = {
  network: "network_hash",
  userAgent: "user_agent_hash",
};

interface ClusterRow {
  headline_id: number;
  hash: string;
  votes: number;
  addresses: number;
  networks: number;
  user_agents: number;
  first_at: Date | string;
  last_at: Date | string;
  peak: number;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The clusters of one grouping: per headline and hash, the counted votes, how varied they are, and their
 * peak (the most cast within SUSPICIOUS_BURST.minutes, a window function over the votes' times).
 */
async function clusters(db: Db, ids: number[], by: ClusterKind): Promise<Map<number, VoteCluster[]>> {
  const column = sql.raw(CLUSTER_COLUMN[by]);
  const window = sql.raw(`interval '${SUSPICIOUS_BURST.minutes} minutes'`);
  const rows = rowsOf<ClusterRow>(
    await db.execute(sql`
      SELECT headline_id, hash, count(*)::int AS votes, count(DISTINCT ip_hash)::int AS addresses,
        count(DISTINCT network_hash)::int AS networks, count(DISTINCT user_agent_hash)::int AS user_agents,
        min(created_at) AS first_at, max(created_at) AS last_at, max(in_window)::int AS peak
      FROM (
        SELECT headline_id, ${column} AS hash, ip_hash, network_hash, user_agent_hash, created_at,
          count(*) OVER (PARTITION BY headline_id, ${column} ORDER BY created_at
            RANGE BETWEEN ${window} PRECEDING AND CURRENT ROW) AS in_window
        FROM votes
        WHERE ${countedVotesOf(ids)} AND ${column} IS NOT NULL
      ) v
      GROUP BY headline_id, hash
      ORDER BY headline_id, max(in_window) DESC, count(*) DESC, hash`),
  );
  const byHeadline = new Map<number, VoteCluster[]>();
  for (const row of rows) {
    const list = byHeadline.get(row.headline_id) ?? [];
    list.push({
      hash: row.hash,
      votes: row.votes,
      addresses: row.addresses,
      networks: row.networks,
      userAgents: row.user_agents,
      firstVoteAt: iso(row.first_at),
      lastVoteAt: iso(row.last_at),
      peak: row.peak,
      // Many votes from one network in a short time stand out; one user agent shared by many is common.
      flagged: by === "network" && row.peak >= SUSPICIOUS_BURST.votes,
    });
    byHeadline.set(row.headline_id, list);
  }
  return byHeadline;
}

/** Votes that stood out first, then the biggest: the order the lists are shown and cut in. */
const clusterOrder = (a: VoteCluster, b: VoteCluster) =>
  Number(b.flagged) - Number(a.flagged) || b.peak - a.peak || b.votes - a.votes;

/**
 * Every headline of the current cycle (those in today's voting, and the winner once chosen for this cycle)
 * with its counted votes grouped by network and by user agent.
 */
export async function listVoteEvidence(db: Db): Promise<VoteEvidence> {
  const [current] = await db
    .select({
      cycle: settings.votingEndTime,
      winnerChosen,
    })
    .from(settings)
    .where(eq(settings.id, 1));
  if (!current) throw new Error("the settings row is missing");
  // The current winner is the headline in stage "winner" (one at most, an index says so).
  const ofCycle: SQL | undefined = current.winnerChosen
    ? or(inTodaysVoting, eq(headlines.stage, "winner"))
    : inTodaysVoting;
  const list = await db
    .select({ id: headlines.id, title: headlines.title, votes: headlines.votes })
    .from(headlines)
    .where(ofCycle)
    .orderBy(desc(headlines.votes), asc(headlines.id));
  const ids = list.map((h) => h.id);
  if (ids.length === 0)
    return { cycle: current.cycle.toISOString(), winnerChosen: current.winnerChosen, headlines: [] };

  const [networks, userAgents, tallies] = await Promise.all([
    clusters(db, ids, "network"),
    clusters(db, ids, "userAgent"),
    db
      .select({
        headlineId: votes.headlineId,
        voided: sql<number>`count(*) FILTER (WHERE ${votes.voidedAt} IS NOT NULL)::int`,
        withEvidence: sql<number>`count(*) FILTER (WHERE ${votes.voidedAt} IS NULL AND ${votes.networkHash} IS NOT NULL)::int`,
      })
      .from(votes)
      .where(
        and(
          inArray(votes.headlineId, ids),
          eq(votes.kind, "headline"),
          sql`${votes.cycle} = ${CURRENT_RACE}`,
        ),
      )
      .groupBy(votes.headlineId),
  ]);
  const tallyOf = new Map(tallies.map((t) => [t.headlineId, t]));

  return {
    cycle: current.cycle.toISOString(),
    winnerChosen: current.winnerChosen,
    headlines: list.map((h): HeadlineEvidence => {
      const byNetwork = (networks.get(h.id) ?? []).sort(clusterOrder);
      const byUserAgent = (userAgents.get(h.id) ?? []).sort(clusterOrder);
      return {
        ...h,
        voided: tallyOf.get(h.id)?.voided ?? 0,
        // Counted before evidence was kept, past the 30 days, or set by hand (the sample edition's counts).
        withoutEvidence: Math.max(0, h.votes - (tallyOf.get(h.id)?.withEvidence ?? 0)),
        networks: byNetwork.slice(0, MAX_CLUSTERS),
        moreNetworks: Math.max(0, byNetwork.length - MAX_CLUSTERS),
        userAgents: byUserAgent.slice(0, MAX_CLUSTERS),
        moreUserAgents: Math.max(0, byUserAgent.length - MAX_CLUSTERS),
      };
    }),
  };
}

/**
 * Voids the current cycle's counted votes of one headline in one cluster, exactly: the rows are marked
 * voided (they stay, so the unique indexes still refuse those visitors a second vote this cycle) and the
 * headline's count goes down by the number of rows marked, in one transaction. The settings row is locked
 * first, so this and the winner's selection (which updates that row) happen one after the other: a void
 * either lands before the winner is picked, and the pick sees it, or answers 409. Votes cast meanwhile are
 * not in the UPDATE's snapshot, and their own +1 lands on the count as usual.
 */
export async function voidVotes(
  db: Db,
  headlineId: number,
  input: VoidVotesInput,
  by: { id: number; username: string },
  now: Date,
): Promise<VoidVotesResult> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ winnerChosen })
      .from(settings)
      .where(eq(settings.id, 1))
      .for("update");
    if (!current) throw new Error("the settings row is missing");
    if (current.winnerChosen) throw conflict(WINNER_CHOSEN);

    const column = input.by === "network" ? votes.networkHash : votes.userAgentHash;
    const reason = input.reason ?? DEFAULT_VOID_REASON;
    const voided = await tx
      .update(votes)
      .set({ voidedAt: now, voidedBy: by.username, voidReason: reason })
      .where(and(countedVotesOf([headlineId]), eq(column, input.hash)))
      .returning({ id: votes.id });
    if (voided.length === 0) throw notFound(NOTHING_TO_VOID);

    const [headline] = await tx
      .update(headlines)
      .set({ votes: sql`${headlines.votes} - ${voided.length}` })
      .where(eq(headlines.id, headlineId))
      .returning({ votes: headlines.votes });
    // The votes cascade with their headline, so a row was voided only if the headline is there.
    if (!headline) throw notFound(NOTHING_TO_VOID);
    return { headlineId, voided: voided.length, votes: headline.votes, reason };
  });
}

/** Forgets the evidence of votes cast before `before` (the clean-up job): the votes themselves stay. */
export async function forgetOldEvidence(db: Db, before: Date): Promise<number> {
  const rows = await db
    .update(votes)
    .set({ ipHash: null, networkHash: null, userAgentHash: null })
    .where(and(lt(votes.createdAt, before), sql`${votes.ipHash} IS NOT NULL`))
    .returning({ id: votes.id });
  return rows.length;
}
