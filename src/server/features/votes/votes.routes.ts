import {
  CastVoteInputSchema,
  CommunityVoteInputSchema,
  HeadlineIdParamsSchema,
  MyVotesSchema,
  VoteResultSchema,
} from "@/common/votes";
import type { App } from "../../types";
import { castVote, myVotes } from "./votes.service";

export async function votesRoutes(app: App): Promise<void> {
  const countOutcome = (kind: string, outcome: string) => app.metrics.votes.inc({ kind, outcome });
  app.post(
    "/api/vote",
    { schema: { body: CastVoteInputSchema, response: { 200: VoteResultSchema } } },
    (request) =>
      castVote(
        app.database,
        {
          kind: "headline",
          headlineId: request.body.headlineId,
          voteType: null,
          visitor: request.visitor,
          userAgent: request.headers["user-agent"] ?? "",
        },
        new Date(),
        countOutcome,
      ),
  );

  // A sentiment vote when the id is the current winner, a Tomorrow's News vote when it is a candidate.
  app.post(
    "/api/community-vote/:id",
    {
      schema: {
        params: HeadlineIdParamsSchema,
        body: CommunityVoteInputSchema,
        response: { 200: VoteResultSchema },
      },
    },
    (request) =>
      castVote(
        app.database,
        {
          kind: "community",
          headlineId: request.params.id,
          voteType: request.body.voteType,
          visitor: request.visitor,
          userAgent: request.headers["user-agent"] ?? "",
        },
        new Date(),
        countOutcome,
      ),
  );

  app.get("/api/me/votes", { schema: { response: { 200: MyVotesSchema } } }, (request) =>
    myVotes(app.db, request.visitor, new Date()),
  );
}
