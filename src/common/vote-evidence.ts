import { z } from "zod";
import { plainText } from "./text";

/**
 * Vote evidence for staff (the dashboard's "Vote Evidence" tab): the current cycle's headline votes grouped
 * by network (an IPv4 /24 or IPv6 /64) and by user agent, each group named by a keyed hash, never an address.
 */

/**
 * The one rule that marks a network as standing out: at least `votes` votes on one headline from one
 * network within any `minutes` minutes. A family behind one router casts a vote or two; a ring casts many.
 */
export const SUSPICIOUS_BURST = { votes: 5, minutes: 10 } as const;

/** Why a void is refused once the cycle's winner is chosen: the server's 409, and the dashboard's words. */
export const WINNER_CHOSEN = "This cycle's winner has been chosen: its votes can no longer be voided.";

/** How many characters of a hash the dashboard shows: enough to tell clusters apart at a glance. */
export const HASH_PREFIX_LENGTH = 8;

/** At most this many clusters per headline and grouping are listed, the ones that stand out first. */
export const MAX_CLUSTERS = 25;

/** The stored hashes: 128 bits of HMAC-SHA256, in hex. */
const EvidenceHashSchema = z
  .string({ error: "hash must be a vote evidence hash" })
  .regex(/^[0-9a-f]{32}$/, "hash must be a vote evidence hash");

export const CLUSTER_KINDS = ["network", "userAgent"] as const;
export type ClusterKind = (typeof CLUSTER_KINDS)[number];

export const VoteClusterSchema = z.object({
  /** The cluster's key (a keyed hash: it cannot be turned back into an address). */
  hash: z.string(),
  /** Counted (not voided) votes of the headline in this cluster. */
  votes: z.number().int(),
  /** Distinct addresses, networks and user agents among them. */
  addresses: z.number().int(),
  networks: z.number().int(),
  userAgents: z.number().int(),
  firstVoteAt: z.string(),
  lastVoteAt: z.string(),
  /** The most of these votes cast within SUSPICIOUS_BURST.minutes. */
  peak: z.number().int(),
  /** A network whose peak reaches SUSPICIOUS_BURST.votes. */
  flagged: z.boolean(),
});
export type VoteCluster = z.infer<typeof VoteClusterSchema>;

export const HeadlineEvidenceSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The headline's counted votes. */
  votes: z.number().int(),
  /** Votes of this cycle staff voided. */
  voided: z.number().int(),
  /** Counted votes without evidence: cast before it was kept, older than 30 days, or counts set by hand. */
  withoutEvidence: z.number().int(),
  networks: z.array(VoteClusterSchema),
  /** Network clusters not listed (beyond MAX_CLUSTERS). */
  moreNetworks: z.number().int(),
  userAgents: z.array(VoteClusterSchema),
  moreUserAgents: z.number().int(),
});
export type HeadlineEvidence = z.infer<typeof HeadlineEvidenceSchema>;

export const VoteEvidenceSchema = z.object({
  /** The cycle shown, named by its votingEndTime. */
  cycle: z.string(),
  /** Once the cycle's winner is chosen its votes can no longer be voided. */
  winnerChosen: z.boolean(),
  headlines: z.array(HeadlineEvidenceSchema),
});
export type VoteEvidence = z.infer<typeof VoteEvidenceSchema>;

export const VOID_REASON_MAX = 200;

export const VoidVotesInputSchema = z.object({
  by: z.enum(CLUSTER_KINDS, { error: 'by must be "network" or "userAgent"' }),
  hash: EvidenceHashSchema,
  /** Why, kept on every voided vote and shown with the day's results (optional: a default says why). */
  reason: plainText("Reason", { error: "The reason must be text" })
    .trim()
    .min(1, "The reason must not be empty")
    .max(VOID_REASON_MAX, `The reason must be at most ${VOID_REASON_MAX} characters`)
    .optional(),
});
export type VoidVotesInput = z.infer<typeof VoidVotesInputSchema>;

export const VoidVotesResultSchema = z.object({
  headlineId: z.number().int(),
  /** How many votes were voided. */
  voided: z.number().int(),
  /** The headline's counted votes after it. */
  votes: z.number().int(),
  /** The reason kept on the voided votes. */
  reason: z.string(),
});
export type VoidVotesResult = z.infer<typeof VoidVotesResultSchema>;

/** How a cluster is named on screen: a short prefix of its hash. */
export const hashPrefix = (hash: string) => hash.slice(0, HASH_PREFIX_LENGTH);
