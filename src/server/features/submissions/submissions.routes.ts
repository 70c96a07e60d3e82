import { TokenHeadlineInputSchema } from "@/common/admin";
import {
  FreeSubmissionInputSchema,
  PaidSubmissionInputSchema,
  SubmissionResultSchema,
} from "@/common/submission";
import { parseOrThrow } from "../../lib/validate";
import { loadAccount, refuseCrossSite } from "../../plugins/auth";
import type { App } from "../../types";
import { createTokenHeadline } from "../headlines/headlines.service";
import { createFreeSubmission, createPaidSubmission } from "./submissions.service";

/**
 * Visitor submissions. The bodies are validated by the shared schemas (the forms use the same ones), which
 * also strip any privileged field a visitor might add (isApproved, isWinner, isPaid, votes, ...).
 */
export async function submissionsRoutes(app: App): Promise<void> {
  app.post(
    "/api/headlines",
    // The body is parsed in the handler: its schema depends on who is asking.
    { schema: { response: { 201: SubmissionResultSchema } } },
    async (request, reply) => {
      // The dashboard's "generate token from address" flow posts here with a session (spec section 7): staff
      // create a launched token. Everyone else submits a pending headline, privileged fields ignored.
      const account = await loadAccount(request);
      if (account) {
        refuseCrossSite(request);
        const token = await createTokenHeadline(
          app.db,
          parseOrThrow(TokenHeadlineInputSchema, request.body),
          account,
        );
        return reply
          .status(201)
          .send({ id: token.id, message: "Token created and added to Yesterday's News." });
      }
      const result = await createFreeSubmission(
        app.db,
        parseOrThrow(FreeSubmissionInputSchema, request.body),
        {
          network: request.visitor.network,
          perHour: app.config.submissionsPerHour,
          redis: app.redis,
        },
      );
      return reply.status(201).send(result);
    },
  );

  app.post(
    "/api/headlines/paid-submission",
    { schema: { body: PaidSubmissionInputSchema, response: { 201: SubmissionResultSchema } } },
    async (request, reply) => {
      const result = await createPaidSubmission(app.db, request.body, {
        network: request.visitor.network,
        perHour: app.config.submissionsPerHour,
        redis: app.redis,
      });
      return reply.status(201).send(result);
    },
  );
}
