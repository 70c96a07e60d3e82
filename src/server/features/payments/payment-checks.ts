import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import type { Db } from "../../db/connect";
import { createServiceFetch } from "../../integrations/outbound";
import type { Metrics } from "../../plugins/observability";
import type { HeadlineRow } from "../headlines/headline-stage";
import {
  checkPendingPayments,
  checkSubmissionPayment,
  claimOnDemandCheck,
  dueToExpire,
  expireUnpaid,
  needsPaymentCheck,
  type PaymentDeps,
  paymentChecksConfigured,
  ReferenceScans,
} from "./payments.service";

/**
 * The payment checks of one process: the receipt page's on-demand check (at most once per 10 s per
 * submission, across processes) and the scheduled pass share it. A check that outlasts the receipt's answer
 * goes on in the background (its verdict reaches open pages through the database's announcements);
 * meanwhile the receipt says "checking".
 */
export class PaymentChecks {
  private readonly running = new Map<number, Promise<unknown>>();
  private readonly deps: PaymentDeps;

  constructor(
    private readonly db: Db,
    config: Pick<
      Config,
      | "solanaRpcUrl"
      | "paymentAddress"
      | "submissionPriceSol"
      | "outboundAllowHosts"
      | "outboundTimeoutMs"
      | "newsFeedBaseUrl"
      | "nytFeedBaseUrl"
      | "dexscreenerBaseUrl"
      | "jupiterBaseUrl"
      | "twitterApiBaseUrl"
    >,
    private readonly log: FastifyBaseLogger,
    metrics?: Pick<Metrics, "outbound" | "paymentChecks">,
  ) {
    this.deps = {
      http: createServiceFetch(config, metrics?.outbound),
      config,
      log,
      scans: new ReferenceScans(),
      countCheck: metrics && ((outcome) => metrics.paymentChecks.inc({ outcome })),
    };
  }

  get configured(): boolean {
    return paymentChecksConfigured(this.deps.config);
  }

  isChecking(id: number): boolean {
    return this.running.has(id);
  }

  /**
   * The receipt's look at a submission: starts its payment check if it has one and may run now, and waits for
   * it at most `waitMs`; then, if it is still unpaid past its window, expires it (the job's rule, so the
   * receipt says so on time even with PAYMENT_CHECK_MINUTES=0). The check comes first, so a payment made in
   * time is never taken for a late one. True while a check is still under way when it returns.
   */
  async checkNow(row: HeadlineRow, waitMs: number): Promise<boolean> {
    const now = new Date();
    const waiting =
      this.configured && needsPaymentCheck(row, now) ? await this.check(row, waitMs, now) : false;
    if (!waiting && !this.running.has(row.id) && dueToExpire(row, now))
      await expireUnpaid(this.db, now, [row.id]);
    return waiting;
  }

  private async check(row: HeadlineRow, waitMs: number, now: Date): Promise<boolean> {
    let check = this.running.get(row.id);
    if (!check && (await claimOnDemandCheck(this.db, row.id, now))) {
      check = checkSubmissionPayment(this.db, row, this.deps)
        .catch((error: unknown) =>
          this.log.warn({ err: error, headlineId: row.id }, "on-demand payment check failed"),
        )
        .finally(() => this.running.delete(row.id));
      this.running.set(row.id, check);
    }
    if (!check) return false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise<"waiting">((resolve) => {
      timer = setTimeout(() => resolve("waiting"), waitMs);
    });
    const outcome = await Promise.race([check.then(() => "done" as const), waited]);
    clearTimeout(timer);
    return outcome === "waiting";
  }

  /** The scheduled pass: expiry, then every awaited or undecided payment. */
  async pass(): Promise<void> {
    const result = await checkPendingPayments(this.db, this.deps);
    if (result.checked > 0 || result.expired > 0) this.log.info(result, "pending payments checked");
  }
}
