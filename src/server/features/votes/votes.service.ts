import { and, eq, sql } from "drizzle-orm";
import type { Sentiment } from "@/common/sentiment";
import { easternDay } from "@/common/time";
import { DAILY_VOTE_LIMIT, type MyVotes, type VoteResult } from "@/common/votes";
import type { Database, Db, PreparedStatement } from "../../db/connect";
import { voteQuota, votes } from "../../db/schema";
import { HttpError, tooMany } from "../../lib/http-error";
import type { Visitor } from "../../plugins/visitor";
import { CURRENT_RACE } from "../headlines/races";
import { voteEvidence } from "./vote-evidence";

type Outcome = "ok" | "not_found" | "ended" | "already" | "limit" | "bad_type";
type Kind = "headline" | "sentiment" | "tomorrow";

interface CastRow {
  outcome: Outcome;
  kind: Kind | null;
  votes: number;
  hold_votes: number;
  buy_votes: number;
  sell_votes: number;
  cto_votes: number;
  votes_left: number | null;
}

const SUCCESS: Record<Kind, string> = {
  headline: "Your vote has been recorded. The paper's been delivered!",
  sentiment: "Your community sentiment vote has been counted!",
  tomorrow: "Your vote has been recorded",
};

/** Seconds until the next US-Eastern day, when the daily vote limit opens again (Retry-After). */
function secondsToNextEasternDay(now: Date): number {
  const today = easternDay(now);
  // Eastern midnight falls on a whole UTC hour: the first hour boundary that is another day.
  let next = Math.ceil((now.getTime() + 1) / 3_600_000) * 3_600_000;
  while (easternDay(new Date(next)) === today) next += 3_600_000;
  return (next - now.getTime()) / 1000;
}

function refusal(outcome: Exclude<Outcome, "ok">, kind: Kind | null, now: Date): HttpError {
  switch (outcome) {
    case "not_found":
      return new HttpError(404, "Headline not found or not open for voting.");
    case "bad_type":
      return new HttpError(400, 'Tomorrow\'s News candidates take "buy" votes only.');
    case "ended":
      return new HttpError(
        409,
        kind === "tomorrow"
          ? "Voting period has ended for today. Please come back after the winner announcement."
          : "Voting period has ended. Check back after the winner announcement!",
      );
    case "already":
      return new HttpError(
        409,
        kind === "sentiment"
          ? "You've already given your sentiment for this project."
          : kind === "tomorrow"
            ? "You've already voted for this headline"
            : "You've already voted in this round. One vote per user: come back for the next edition!",
      );
    case "limit":
      return tooMany(
        `You've reached today's limit of ${DAILY_VOTE_LIMIT} votes. Come back tomorrow!`,
        secondsToNextEasternDay(now),
        "vote",
      );
  }
}

const CAST_VOTE: PreparedStatement = {
  name: "mg_cast_vote_evidence",
  groupCommit: true,
  text: "SELECT * FROM cast_vote($1, $2, $3, $4, $5, $6::date, $7::timestamptz, $8, $9, $10, $11)",
};

/**
 * Casts a vote with one database round trip (the cast_vote function, migration 0005): it is counted
 * exactly once or refused with nothing changed, whatever runs beside it, in this process or another.
 * A prepared statement, not drizzle: this is the busiest write of the site (see Database.runPrepared). On
 * PGlite, votes that arrive while the database is busy are committed together (groupCommit, decision 020):
 * cast_vote does its whole work itself, and one that fails is run again alone.
 * The vote's evidence (keyed hashes of the IP, its network and the user agent) is worked out here, where
 * the secret is, and stored by the same call.
 */
export async function castVote(
  database: Database,
  request: {
    kind: "headline" | "community";
    headlineId: number;
    voteType: Sentiment | null;
    visitor: Visitor;
    userAgent: string;
  },
  now: Date,
  /** Told every outcome, refusals included (the votes metric). */
  countOutcome?: (kind: string, outcome: string) => void,
): Promise<VoteResult> {
  const evidence = await voteEvidence(database.db, request.visitor.ip, request.userAgent);
  const [row] = await database.runPrepared<CastRow>(CAST_VOTE, [
    request.kind,
    request.headlineId,
    request.voteType ?? "",
    request.visitor.id,
    // The daily limit counts by network (an IPv6 /64), like every per-IP limit.
    request.visitor.network,
    easternDay(now),
    now.toISOString(),
    DAILY_VOTE_LIMIT,
    evidence.ipHash,
    evidence.networkHash,
    evidence.userAgentHash,
  ]);
  if (!row) throw new Error("cast_vote answered no row");
  countOutcome?.(row.kind ?? (request.kind === "headline" ? "headline" : "unknown"), row.outcome);
  if (row.outcome !== "ok") throw refusal(row.outcome, row.kind, now);
  const kind = row.kind as Kind;
  return {
    id: request.headlineId,
    kind,
    votes: row.votes,
    holdVotes: row.hold_votes,
    buyVotes: row.buy_votes,
    sellVotes: row.sell_votes,
    ctoVotes: row.cto_votes,
    votesLeft: row.votes_left ?? 0,
    message: SUCCESS[kind],
  };
}

/** What this visitor already did: this cycle's headline vote, sentiment votes, candidate votes, votes left. */
export async function myVotes(db: Db, visitor: Visitor, now: Date): Promise<MyVotes> {
  const [rows, quota] = await Promise.all([
    db
      .select({
        kind: votes.kind,
        headlineId: votes.headlineId,
        sentiment: votes.sentiment,
        inCurrentRace: sql<boolean>`${votes.cycle} = ${CURRENT_RACE}`,
      })
      .from(votes)
      .where(eq(votes.visitorId, visitor.id)),
    db
      .select({ used: voteQuota.used })
      .from(voteQuota)
      .where(and(eq(voteQuota.ip, visitor.network), eq(voteQuota.day, easternDay(now)))),
  ]);
  // Today's race only (voided votes included: a voided vote still used the visitor's one vote of the race).
  const headlineVote = rows.find((r) => r.kind === "headline" && r.inCurrentRace);
  return {
    headlineVote: headlineVote?.headlineId ?? null,
    sentimentVotes: rows
      .filter((r) => r.kind === "sentiment" && r.sentiment !== null)
      .map((r) => ({ headlineId: r.headlineId, voteType: r.sentiment as Sentiment })),
    tomorrowVotes: rows.filter((r) => r.kind === "tomorrow").map((r) => r.headlineId),
    votesLeft: DAILY_VOTE_LIMIT - (quota[0]?.used ?? 0),
  };
}
