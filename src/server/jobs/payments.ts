import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config";
import type { Db } from "../db/connect";
import type { PaymentChecks } from "../features/payments/payment-checks";
import type { Metrics } from "../plugins/observability";
import { claimJobRun, startIntervalJob } from "./interval-job";

/**
 * Promoted submissions every PAYMENT_CHECK_MINUTES (0 turns it off): those unpaid for 24 hours expire, and,
 * when SOLANA_RPC_URL and PAYMENT_ADDRESS are both set, awaited payments are looked for by reference and
 * pasted signatures checked on chain.
 */
export function startPaymentJob(
  db: Db,
  config: Pick<Config, "paymentCheckMinutes">,
  checks: PaymentChecks,
  log: FastifyBaseLogger,
  metrics?: Metrics,
): () => Promise<void> {
  if (config.paymentCheckMinutes <= 0) return async () => {};
  const intervalMs = config.paymentCheckMinutes * 60_000;
  return startIntervalJob("payment check", intervalMs, () => checks.pass(), log, {
    claim: () => claimJobRun(db, "payment check", intervalMs),
    metrics: metrics?.jobs,
  });
}
