import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config";
import type { Db } from "../db/connect";
import { checkPendingPayments, paymentChecksConfigured } from "../features/tokens/payments.service";
import { createOutboundFetch } from "../integrations/outbound";
import { claimJobRun, startIntervalJob } from "./interval-job";

/**
 * On-chain checks of pending paid submissions every PAYMENT_CHECK_MINUTES (0 turns them off), only when
 * SOLANA_RPC_URL and PAYMENT_ADDRESS are both set.
 */
export function startPaymentJob(
  db: Db,
  config: Pick<
    Config,
    | "paymentCheckMinutes"
    | "solanaRpcUrl"
    | "paymentAddress"
    | "submissionPriceSol"
    | "outboundAllowHosts"
    | "outboundTimeoutMs"
  >,
  log: FastifyBaseLogger,
): () => Promise<void> {
  if (config.paymentCheckMinutes <= 0 || !paymentChecksConfigured(config)) return async () => {};
  const http = createOutboundFetch(config);
  const intervalMs = config.paymentCheckMinutes * 60_000;
  return startIntervalJob(
    "payment check",
    intervalMs,
    async () => {
      const result = await checkPendingPayments(db, { http, config, log });
      if (result.checked > 0) log.info(result, "pending payments checked");
    },
    log,
    { claim: () => claimJobRun(db, "payment check", intervalMs) },
  );
}
