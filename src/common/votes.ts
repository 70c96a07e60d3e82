import { z } from "zod";
import { idParamSchema, idSchema } from "./ids";
import { SENTIMENTS } from "./sentiment";

export { DAILY_VOTE_LIMIT } from "./vote-limit";

/** A headline id as the client sends it in JSON: a positive integer within the database's range. */
export const HeadlineIdSchema = idSchema("Invalid headline id");

/** POST /api/community-vote/{id}: the id in the path, digits only. */
export const HeadlineIdParamsSchema = z.object({ id: idParamSchema("Invalid headline id") });

export const CastVoteInputSchema = z.object({ headlineId: HeadlineIdSchema });
export type CastVoteInput = z.infer<typeof CastVoteInputSchema>;

export const CommunityVoteInputSchema = z.object({
  voteType: z.enum(SENTIMENTS, { message: "voteType must be one of hold, buy, sell or cto" }),
});
export type CommunityVoteInput = z.infer<typeof CommunityVoteInputSchema>;

export const VoteResultSchema = z.object({
  id: z.number().int(),
  kind: z.enum(["headline", "sentiment", "tomorrow"]),
  votes: z.number().int(),
  holdVotes: z.number().int(),
  buyVotes: z.number().int(),
  sellVotes: z.number().int(),
  ctoVotes: z.number().int(),
  votesLeft: z.number().int(),
  message: z.string(),
});
export type VoteResult = z.infer<typeof VoteResultSchema>;

/** What this visitor has already done, so that buttons stay disabled after a reload. */
export const MyVotesSchema = z.object({
  headlineVote: z.number().int().nullable(),
  sentimentVotes: z.array(z.object({ headlineId: z.number().int(), voteType: z.enum(SENTIMENTS) })),
  tomorrowVotes: z.array(z.number().int()),
  votesLeft: z.number().int(),
});
export type MyVotes = z.infer<typeof MyVotesSchema>;
