import { z } from "zod";
import { IdParamsSchema } from "@/common/ids";
import { BLOCKHASH_MESSAGES, LATEST_BLOCKHASH_PATH } from "@/common/latest-blockhash";
import { CheckPaymentResultSchema } from "@/common/trending";
import { createServiceFetch } from "../../integrations/outbound";
import { isUpstreamError, upstreamFailure } from "../../integrations/upstream";
import { busy, HttpError } from "../../lib/http-error";
import { staffRoutes } from "../../plugins/auth";
import type { App } from "../../types";
import { createBlockhashSource, getLatestBlockhash } from "./latest-blockhash";
import { PAYMENT_MESSAGES, verifyPayment } from "./payments.service";

const LatestBlockhashSchema = z.object({
  blockhash: z.string(),
  lastValidBlockHeight: z.number().int().nonnegative(),
});

/** How long a payer waits before asking again when the RPC failed. */
const RETRY_AFTER_SECONDS = 5;

/**
 * Public helpers for paying in the browser with a wallet, and staff's on-chain check of a pasted payment.
 *   GET  /api/payments/latest-blockhash           200 { blockhash, lastValidBlockHeight },
 *                                                 503 not configured, 503 + Retry-After when the RPC is down or slow
 *   POST /api/admin/headlines/{id}/check-payment  (staff) 200 { isPaid, message }, 404, 409 no payment,
 *                                                 502 RPC failure, 503 not configured
 */
export async function paymentsRoutes(app: App): Promise<void> {
  const { solanaRpcUrl } = app.config;
  const http = createServiceFetch(app.config, app.metrics.outbound);
  const latest = solanaRpcUrl
    ? createBlockhashSource(() => getLatestBlockhash(http, solanaRpcUrl))
    : undefined;

  app.get(
    LATEST_BLOCKHASH_PATH,
    { schema: { response: { 200: LatestBlockhashSchema } } },
    async (request, reply) => {
      // A blockhash is stale within a minute: no shared cache may keep it.
      reply.header("cache-control", "no-store");
      if (!latest) throw new HttpError(503, BLOCKHASH_MESSAGES.unavailable);
      try {
        return await latest();
      } catch (error) {
        if (!isUpstreamError(error)) throw error;
        request.log.warn({ err: error }, "latest blockhash failed");
        throw busy(BLOCKHASH_MESSAGES.rpcDown, RETRY_AFTER_SECONDS);
      }
    },
  );

  await staffRoutes(app, (staff) => {
    staff.post(
      "/api/admin/headlines/:id/check-payment",
      { schema: { params: IdParamsSchema, response: { 200: CheckPaymentResultSchema } } },
      async (request) => {
        try {
          const verdict = await verifyPayment(app.db, request.params.id, {
            http,
            config: app.config,
            log: request.log,
            countCheck: (outcome) => app.metrics.paymentChecks.inc({ outcome }),
          });
          request.auditDetails = { isPaid: verdict.verified, reason: verdict.reason };
          return { isPaid: verdict.verified, message: verdict.reason };
        } catch (error) {
          throw upstreamFailure(request.log, error, PAYMENT_MESSAGES.rpcFailed);
        }
      },
    );
  });
}
