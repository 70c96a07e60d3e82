import { z } from "zod";
import { TokenHeadlineInputSchema } from "@/common/admin";
import { RECEIPT_MESSAGES, ReceiptSchema } from "@/common/receipt";
import {
  FreeSubmissionInputSchema,
  PaidSubmissionInputSchema,
  PasteTransactionInputSchema,
  SubmissionResultSchema,
} from "@/common/submission";
import { notFound } from "../../lib/http-error";
import { parseOrThrow } from "../../lib/validate";
import { loadAccount, refuseCrossSite } from "../../plugins/auth";
import type { App } from "../../types";
import { createTokenHeadline } from "../headlines/headlines.service";
import { findByReceipt, toReceipt } from "./receipts";
import { createFreeSubmission, createPaidSubmission, pasteTransaction } from "./submissions.service";

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
        payment: app.config,
      });
      return reply.status(201).send(result);
    },
  );

  // The submitter's receipt (issue 15). Never cached: it is live, and private to whoever holds the link.
  // Its page's first paint reads it as it stands, without looking on chain: the page asks again once the
  // app has started, which looks (lib/public-reads.ts).
  app.publicReads.add("/api/submissions/:receipt", async ({ receipt }) => {
    const row = await findOrThrow(receipt ?? "");
    return ReceiptSchema.parse(toReceipt(row, app.config, app.paymentChecks.isChecking(row.id)));
  });
  app.get(
    "/api/submissions/:receipt",
    { schema: { params: ReceiptParamsSchema, response: { 200: ReceiptSchema } } },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      const found = await findOrThrow(request.params.receipt);
      // Looks for the payment (awaited, or arrived after expiry) and expires it when due.
      const checking = await app.paymentChecks.checkNow(found, RECEIPT_CHECK_WAIT_MS);
      const row = await findOrThrow(request.params.receipt);
      return toReceipt(row, app.config, checking || app.paymentChecks.isChecking(row.id));
    },
  );

  // Paid another way: the signature is kept, checked on chain like a payment found by reference.
  app.post(
    "/api/submissions/:receipt/transaction",
    {
      schema: {
        params: ReceiptParamsSchema,
        body: PasteTransactionInputSchema,
        response: { 200: ReceiptSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      const row = await pasteTransaction(app.db, request.params.receipt, request.body.transactionId);
      const checking = await app.paymentChecks.checkNow(row, RECEIPT_CHECK_WAIT_MS);
      return toReceipt(await findOrThrow(request.params.receipt), app.config, checking);
    },
  );

  async function findOrThrow(receipt: string) {
    const row = await findByReceipt(app.db, receipt);
    if (!row) throw notFound(RECEIPT_MESSAGES.notFound);
    return row;
  }
}

/** How long the receipt's answer waits for an on-chain check before saying "checking". */
const RECEIPT_CHECK_WAIT_MS = 1_500;

/** Any string: an id that is not a receipt is simply not found (404), never a validation error. */
const ReceiptParamsSchema = z.object({ receipt: z.string() });
