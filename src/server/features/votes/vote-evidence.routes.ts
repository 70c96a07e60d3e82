import { IdParamsSchema } from "@/common/admin";
import {
  hashPrefix,
  VoidVotesInputSchema,
  VoidVotesResultSchema,
  VoteEvidenceSchema,
} from "@/common/vote-evidence";
import { staffRoutes } from "../../plugins/auth";
import type { App } from "../../types";
import { staffAccount } from "../headlines/headline-stage";
import { listVoteEvidence, voidVotes } from "./vote-evidence.service";

/** The dashboard's vote evidence (staff only, behind the structural staff guard of plugins/auth.ts). */
export async function voteEvidenceRoutes(app: App): Promise<void> {
  const db = app.db;
  await staffRoutes(app, (staff) => {
    staff.get("/api/admin/vote-evidence", { schema: { response: { 200: VoteEvidenceSchema } } }, () =>
      listVoteEvidence(db),
    );

    // The staff guard writes the audit row (who, when, the headline's id); these details say what was voided.
    staff.post(
      "/api/admin/headlines/:id/void-votes",
      {
        schema: {
          params: IdParamsSchema,
          body: VoidVotesInputSchema,
          response: { 200: VoidVotesResultSchema },
        },
      },
      async (request) => {
        const result = await voidVotes(
          db,
          request.params.id,
          request.body,
          staffAccount(request),
          new Date(),
        );
        request.auditDetails = {
          headlineId: result.headlineId,
          cluster: { by: request.body.by, hash: hashPrefix(request.body.hash) },
          voided: result.voided,
          reason: result.reason,
          votesAfter: result.votes,
        };
        return result;
      },
    );
  });
}
