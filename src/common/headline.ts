import { z } from "zod";

/**
 * A headline's place in its life (decision 007): pending review, rejected (a paid submission whose payment
 * staff refused), expired (a promoted submission never paid within 24 hours), held (approved, in neither list), Tomorrow's News, today's voting, the current winner, a
 * past winner, or a launched token that never won (imported, or given a contract address). The spec's flags
 * below are derived from it.
 */
export const HEADLINE_STAGES = [
  "pending",
  "rejected",
  "expired",
  "held",
  "tomorrow",
  "today",
  "winner",
  "past_winner",
  "launched",
] as const;
export type HeadlineStage = (typeof HEADLINE_STAGES)[number];

/** Approved: staff accepted it (every stage but waiting for review, refused, and expired unpaid). */
export const isApprovedStage = (stage: HeadlineStage) =>
  stage !== "pending" && stage !== "rejected" && stage !== "expired";

/** The stages no public page, feed or sitemap shows. */
export const UNPUBLISHED_STAGES = HEADLINE_STAGES.filter((stage) => !isApprovedStage(stage));

/**
 * A headline as the public API shows it: every field of the spec's union that a visitor may see.
 * Private fields (the submitter's IP, the payment transaction id) are absent on purpose: responses are
 * serialized through this schema, so a field missing here can never leak.
 */
export const HeadlineSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  submittedBy: z.string().nullable(),
  createdAt: z.string(),
  /** The count of the race the list shows: today's, or on Tomorrow's News its own race. */
  votes: z.number().int(),
  /** The Tomorrow's News race: its votes, and once moved to today its qualifying count. */
  tomorrowVotes: z.number().int(),
  isApproved: z.boolean(),
  isWinner: z.boolean(),
  isPaid: z.boolean(),
  isTodaysNews: z.boolean(),
  isTomorrowsNews: z.boolean(),
  importedNews: z.boolean(),
  launchStatus: z.string().nullable(),
  launchDate: z.string().nullable(),
  articleUrl: z.string().nullable(),
  twitterUrl: z.string().nullable(),
  websiteUrl: z.string().nullable(),
  contractAddress: z.string().nullable(),
  buyUrl: z.string().nullable(),
  chartUrl: z.string().nullable(),
  symbol: z.string().nullable(),
  price: z.number().nullable(),
  marketCap: z.number().nullable(),
  volume24h: z.number().nullable(),
  /**
   * A launched token's most liquid pair, from DexScreener (issue 22): the 24 h price change in percent
   * (negative when it fell), liquidity in USD, and when the pair was created (ISO). Optional: answers and
   * pages from before these fields still parse.
   */
  priceChange24h: z.number().nullable().optional(),
  liquidityUsd: z.number().nullable().optional(),
  pairCreatedAt: z.string().nullable().optional(),
  source: z.string().nullable(),
  sourceUrl: z.string().nullable(),
  holdVotes: z.number().int(),
  buyVotes: z.number().int(),
  sellVotes: z.number().int(),
  ctoVotes: z.number().int(),
  /** A verified paid submission in today's voting: marked "Promoted" and placed first. */
  isPromoted: z.boolean(),
});
export type Headline = z.infer<typeof HeadlineSchema>;

export const HeadlineListSchema = z.array(HeadlineSchema);

/**
 * One headline for its own page (`GET /api/headlines/{id}`): the public fields plus its stage, so the page
 * shows what fits it (the vote button, the winner's panel, the market card, the archive line). Only approved
 * headlines have a page: one waiting for review or refused answers 404.
 */
export const HeadlinePageSchema = HeadlineSchema.extend({
  stage: z.enum(HEADLINE_STAGES),
  /**
   * The edition (YYYY-MM-DD) whose race the headline was last voted in, or is running in now: its page
   * links there (issue 22). Null for a headline no race has counted.
   */
  editionDate: z.string().nullable().optional(),
  /** The edition (YYYY-MM-DD) of the paper's launch of this headline's coin: its public receipt (issue 29). */
  launchReceiptDate: z.string().nullable().optional(),
});
export type HeadlinePage = z.infer<typeof HeadlinePageSchema>;
