import { z } from "zod";
import { BLOCKHASH_MESSAGES, LATEST_BLOCKHASH_PATH } from "@/common/latest-blockhash";
import { createOutboundFetch } from "../../integrations/outbound";
import { isUpstreamError } from "../../integrations/upstream";
import { busy, HttpError } from "../../lib/http-error";
import type { App } from "../../types";
import { createBlockhashSource, getLatestBlockhash } from "./latest-blockhash";

const LatestBlockhashSchema = z.object({
  blockhash: z.string(),
  lastValidBlockHeight: z.number().int().nonnegative(),
});

/** How long a payer waits before asking again when the RPC failed. */
const RETRY_AFTER_SECONDS = 5;

/**
 * Public helpers for paying in the browser with a wallet.
 *   GET /api/payments/latest-blockhash  200 { blockhash, lastValidBlockHeight },
 *                                       503 not configured, 503 + Retry-After when the RPC is down or slow
 */
export async function paymentsRoutes(app: App): Promise<void> {
  const { solanaRpcUrl } = app.config;
  const http = createOutboundFetch(app.config);
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
}
