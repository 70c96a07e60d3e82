import { randomBytes } from "node:crypto";
import { getBase58Decoder } from "@solana/kit";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/connect";
import { headlines } from "../../db/schema";
import {
  type FakeSources,
  PAYMENTS,
  payWithReference,
  startFakeSources,
} from "../../integrations/fixtures/fake-sources";
import { createSafeFetch } from "../../integrations/safe-fetch";
import { MAX_SIGNATURE_PAGES } from "../../integrations/solana";
import { HttpError } from "../../lib/http-error";
import { createHeadline } from "../../test/factories";
import { createTestDatabase } from "../../test/test-app";
import { newPaymentReference } from "../submissions/receipts";
import {
  checkPendingPayments,
  claimOnDemandCheck,
  LATE_PAYMENT_LOOKUP_MS,
  MAX_TRANSACTIONS_PER_CHECK,
  NOT_FOUND_RETRY_MS,
  ON_DEMAND_CHECK_MS,
  PAYMENT_WINDOW_MS,
  type PaymentDeps,
  ReferenceScans,
  verifyPayment,
} from "./payments.service";

let fake: FakeSources;
let database: Database;
let deps: PaymentDeps;
const now = new Date("2026-11-20T12:00:00Z");

beforeAll(async () => {
  fake = await startFakeSources();
  database = await createTestDatabase();
  deps = {
    http: createSafeFetch({ allowHosts: [fake.server.host] }),
    config: {
      solanaRpcUrl: fake.config.solanaRpcUrl,
      paymentAddress: PAYMENTS.paymentAddress,
      submissionPriceSol: 0.35,
    },
    now: () => now,
  };
});
afterAll(async () => {
  await database.close();
  await fake.close();
});
afterEach(async () => {
  fake.reset();
  await database.db.delete(headlines);
});

const submission = (overrides: Parameters<typeof createHeadline>[1]) =>
  createHeadline(database.db, {
    stage: "pending",
    createdAt: new Date(now.getTime() - 60_000),
    ...overrides,
  });
const reload = async (id: number) =>
  (await database.db.select().from(headlines).where(eq(headlines.id, id)))[0];

describe("verifyPayment", () => {
  it("stores isPaid and the reason", async () => {
    fake.state.rpcBlockTime = new Date(now.getTime() - 120_000);
    const row = await submission({ transactionId: PAYMENTS.valid });
    expect(await verifyPayment(database.db, row.id, deps)).toMatchObject({
      verified: true,
      reason: "Payment of 0.35 SOL confirmed",
    });
    expect(await reload(row.id)).toMatchObject({
      isPaid: true,
      paymentNote: "Payment of 0.35 SOL confirmed",
    });
  });

  it("refuses a transaction id that is not a signature without calling the RPC node", async () => {
    const row = await submission({ transactionId: "0xdeadbeefdeadbeef" });
    const before = fake.server.requests.length;
    const verdict = await verifyPayment(database.db, row.id, deps);
    expect(verdict.verified).toBe(false);
    expect(verdict.reason).toMatch(/not a Solana transaction signature/);
    expect(fake.server.requests.length).toBe(before);
  });

  it("answers 503 when on-chain verification is not configured", async () => {
    const row = await submission({ transactionId: PAYMENTS.valid });
    const unconfigured = { ...deps, config: { ...deps.config, solanaRpcUrl: undefined } };
    const error = await verifyPayment(database.db, row.id, unconfigured).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      statusCode: 503,
      message: "On-chain payment verification is not configured.",
    });
  });
});

describe("checkPendingPayments (the background pass)", () => {
  it("checks pending submissions, retries recent not-found ones, and leaves decided ones alone", async () => {
    fake.state.rpcBlockTime = new Date(now.getTime() - 120_000);
    const pending = await submission({ transactionId: PAYMENTS.valid });
    const tooSmall = await submission({ transactionId: PAYMENTS.tooSmall });
    const recentNotFound = await submission({
      transactionId: PAYMENTS.notFound,
      paymentNote: "Transaction not found or not finalized",
    });
    const staleNotFound = await submission({
      transactionId: "4".repeat(87),
      paymentNote: "Transaction not found or not finalized",
      createdAt: new Date(now.getTime() - NOT_FOUND_RETRY_MS - 60_000),
    });
    const rejectedByStaff = await submission({
      transactionId: PAYMENTS.otherAddress,
      paymentNote: "Rejected by staff",
    });
    const alreadyPaid = await submission({ transactionId: PAYMENTS.failed, isPaid: true, paymentNote: null });
    const free = await submission({});

    const before = fake.server.requests.length;
    expect(await checkPendingPayments(database.db, deps)).toEqual({
      checked: 3,
      verified: 1,
      failed: 0,
      expired: 0,
    });
    expect(fake.server.requests.length - before).toBe(3);

    expect(await reload(pending.id)).toMatchObject({
      isPaid: true,
      paymentNote: "Payment of 0.35 SOL confirmed",
    });
    expect(await reload(tooSmall.id)).toMatchObject({
      isPaid: false,
      paymentNote: "Amount 0.1 SOL is below the 0.35 SOL price",
    });
    expect(await reload(recentNotFound.id)).toMatchObject({
      isPaid: false,
      paymentNote: "Transaction not found or not finalized",
    });
    expect(await reload(staleNotFound.id)).toMatchObject({
      paymentNote: "Transaction not found or not finalized",
    });
    expect(await reload(rejectedByStaff.id)).toMatchObject({
      isPaid: false,
      paymentNote: "Rejected by staff",
    });
    expect(await reload(alreadyPaid.id)).toMatchObject({ isPaid: true, paymentNote: null });
    expect(await reload(free.id)).toMatchObject({ isPaid: false, paymentNote: null });
  });

  it("logs and goes on when the RPC node fails, storing nothing", async () => {
    fake.state.failing.add("/solana-rpc");
    const a = await submission({ transactionId: PAYMENTS.valid });
    const b = await submission({ transactionId: PAYMENTS.tooSmall });
    expect(await checkPendingPayments(database.db, deps)).toEqual({
      checked: 2,
      verified: 0,
      failed: 2,
      expired: 0,
    });
    expect((await reload(a.id))?.paymentNote).toBeNull();
    expect((await reload(b.id))?.paymentNote).toBeNull();
  });

  it("does nothing when on-chain verification is not configured", async () => {
    await submission({ transactionId: PAYMENTS.valid });
    const off = { ...deps, config: { ...deps.config, paymentAddress: undefined } };
    expect(await checkPendingPayments(database.db, off)).toEqual({
      checked: 0,
      verified: 0,
      failed: 0,
      expired: 0,
    });
  });
});

describe("Solana Pay: payments found by reference", () => {
  const promoted = (overrides: Parameters<typeof createHeadline>[1] = {}) =>
    submission({ paymentReference: newPaymentReference(), launchStatus: "upcoming", ...overrides });
  const at = (date: Date) => ({ ...deps, now: () => date });

  it("finds a payment by the submission's reference and marks it paid with that transaction", async () => {
    const row = await promoted({ createdAt: new Date() });
    const signature = payWithReference(fake.state, row.paymentReference ?? "");
    const result = await checkPendingPayments(database.db, at(new Date()));
    expect(result).toMatchObject({ checked: 1, verified: 1, failed: 0 });
    expect(await reload(row.id)).toMatchObject({
      isPaid: true,
      transactionId: signature,
      paymentNote: "Payment of 0.35 SOL confirmed",
      stage: "pending",
    });
  });

  it("keeps waiting, saying why, for a payment below the price or to another address", async () => {
    const small = await promoted({ createdAt: new Date() });
    payWithReference(fake.state, small.paymentReference ?? "", "solana-tx-too-small.json");
    const elsewhere = await promoted({ createdAt: new Date() });
    payWithReference(fake.state, elsewhere.paymentReference ?? "", "solana-tx-other-address.json");
    const unpaid = await promoted({ createdAt: new Date() });
    await checkPendingPayments(database.db, at(new Date()));
    expect(await reload(small.id)).toMatchObject({
      isPaid: false,
      transactionId: null,
      paymentNote: "Amount 0.1 SOL is below the 0.35 SOL price",
    });
    expect(await reload(elsewhere.id)).toMatchObject({
      isPaid: false,
      transactionId: null,
      paymentNote: "Payment went to another address",
    });
    expect(await reload(unpaid.id)).toMatchObject({ isPaid: false, transactionId: null, paymentNote: null });
  });

  it("does not count the price paid with the reference on another instruction than the transfer", async () => {
    const row = await promoted({ createdAt: new Date() });
    payWithReference(fake.state, row.paymentReference ?? "", "solana-tx-reference-elsewhere.json");
    await checkPendingPayments(database.db, at(new Date()));
    expect(await reload(row.id)).toMatchObject({
      isPaid: false,
      transactionId: null,
      paymentNote: "The transaction does not carry this submission's payment reference",
    });
  });

  /** Puts transactions naming `reference` on the fake chain, oldest first, one second apart. */
  function onChain(reference: string, files: string[], firstAt: Date) {
    const entries = files.map((file, i) => ({
      signature: getBase58Decoder().decode(randomBytes(64)),
      file,
      blockTime: new Date(firstAt.getTime() + i * 1000),
    }));
    fake.state.referencePayments.set(reference, [...entries].reverse());
    return entries.map((e) => e.signature);
  }
  const calls = (method: string) => fake.server.bodies.filter((b) => b.includes(`"${method}"`));
  const dust = (n: number) => Array.from({ length: n }, () => "solana-tx-dust.json");
  const failed = (n: number) => Array.from({ length: n }, () => "solana-tx-failed.json");

  it("finds a valid payment behind 20 newer dust transactions naming its reference", async () => {
    const row = await promoted({ createdAt: new Date(now.getTime() - 3_600_000) });
    const [valid] = onChain(row.paymentReference ?? "", ["solana-tx-valid.json", ...dust(20)], now);
    await checkPendingPayments(database.db, at(new Date(now.getTime() + 60_000)));
    expect(await reload(row.id)).toMatchObject({ isPaid: true, transactionId: valid });
  });

  it("is paid by the first transaction that meets every rule: 0.1 SOL, then 0.35 SOL", async () => {
    const row = await promoted({ createdAt: new Date(now.getTime() - 3_600_000) });
    const [, full] = onChain(
      row.paymentReference ?? "",
      ["solana-tx-too-small.json", "solana-tx-valid.json"],
      now,
    );
    await checkPendingPayments(database.db, at(new Date(now.getTime() + 60_000)));
    expect(await reload(row.id)).toMatchObject({
      isPaid: true,
      transactionId: full,
      paymentNote: "Payment of 0.35 SOL confirmed",
    });
  });

  it("pages back through thousands of failed transactions to a payment, fetching only that one", async () => {
    const row = await promoted({ createdAt: new Date(now.getTime() - 3_600_000) });
    const [valid] = onChain(row.paymentReference ?? "", ["solana-tx-valid.json", ...failed(2_500)], now);
    fake.server.bodies.length = 0;
    await checkPendingPayments(database.db, at(new Date(now.getTime() + 3_600_000)));
    expect(await reload(row.id)).toMatchObject({ isPaid: true, transactionId: valid });
    const pages = calls("getSignaturesForAddress").map((b) => JSON.parse(b).params[1]);
    expect(pages).toHaveLength(3);
    expect(pages[0]).toEqual({ commitment: "finalized", limit: 1000 });
    const listed = fake.state.referencePayments.get(row.paymentReference ?? "") ?? [];
    expect(pages[1].before).toBe(listed[999]?.signature);
    expect(pages[2].before).toBe(listed[1999]?.signature);
    expect(calls("getTransaction")).toHaveLength(1);
  });

  it("stops paging at the submission's creation: older transactions cannot name its reference", async () => {
    const createdAt = new Date(now.getTime() - 3_600_000);
    const row = await promoted({ createdAt });
    // 1,500 transactions older than the submission (so not its payer's), then the payment.
    const older = new Date(createdAt.getTime() - 2 * 3_600_000);
    const signatures = onChain(row.paymentReference ?? "", [...dust(1_500), "solana-tx-valid.json"], older);
    const payment = fake.state.referencePayments.get(row.paymentReference ?? "")?.[0];
    if (payment) payment.blockTime = now;
    fake.server.bodies.length = 0;
    await checkPendingPayments(database.db, at(new Date(now.getTime() + 60_000)));
    expect(await reload(row.id)).toMatchObject({ isPaid: true, transactionId: signatures.at(-1) });
    expect(calls("getSignaturesForAddress")).toHaveLength(1);
    expect(calls("getTransaction")).toHaveLength(1);
  });

  it("bounds one check to 10 pages and 50 fetches; the next check goes on where it stopped", async () => {
    const row = await promoted({ createdAt: new Date(now.getTime() - 3_600_000) });
    const signatures = onChain(row.paymentReference ?? "", [...dust(60), "solana-tx-valid.json"], now);
    const later = at(new Date(now.getTime() + 3_600_000));
    const withScans = { ...later, scans: new ReferenceScans() };
    fake.server.bodies.length = 0;
    await checkPendingPayments(database.db, withScans);
    expect(calls("getTransaction")).toHaveLength(MAX_TRANSACTIONS_PER_CHECK);
    expect(await reload(row.id)).toMatchObject({
      isPaid: false,
      paymentNote: "Amount 0.000000001 SOL is below the 0.35 SOL price",
    });
    await database.db.update(headlines).set({ paymentCheckedAt: null });
    await checkPendingPayments(database.db, withScans);
    expect(calls("getTransaction")).toHaveLength(61);
    expect(await reload(row.id)).toMatchObject({ isPaid: true, transactionId: signatures.at(-1) });

    // Listing stops after MAX_SIGNATURE_PAGES pages however many transactions name the reference.
    const flooded = await promoted({ createdAt: new Date(now.getTime() - 3_600_000) });
    onChain(flooded.paymentReference ?? "", failed(MAX_SIGNATURE_PAGES * 1000 + 10), now);
    fake.server.bodies.length = 0;
    await checkPendingPayments(database.db, withScans);
    expect(calls("getSignaturesForAddress")).toHaveLength(MAX_SIGNATURE_PAGES);
  });

  it("never lets one transaction pay for two submissions", async () => {
    const first = await promoted({ createdAt: new Date() });
    const signature = payWithReference(fake.state, first.paymentReference ?? "");
    // Someone pasted that signature on their own submission before it was found: the pasted claim is
    // refused (the transaction carries another submission's reference) and the payer keeps it.
    const paster = await promoted({ createdAt: new Date(), transactionId: signature });
    await checkPendingPayments(database.db, at(new Date()));
    expect(await reload(first.id)).toMatchObject({ isPaid: true, transactionId: signature });
    expect(await reload(paster.id)).toMatchObject({
      isPaid: false,
      transactionId: null,
      paymentNote: "This transaction paid for another submission",
    });

    // A second reference naming a transaction another submission already counts: not counted again.
    const second = await promoted({ createdAt: new Date() });
    fake.state.referencePayments.set(second.paymentReference ?? "", [
      { signature, file: "solana-tx-valid.json" },
    ]);
    await checkPendingPayments(database.db, at(new Date()));
    expect(await reload(second.id)).toMatchObject({
      isPaid: false,
      transactionId: null,
      paymentNote: "The transaction does not carry this submission's payment reference",
    });
  });

  it("refuses a pasted signature whose transaction carries another submission's reference", async () => {
    const payer = await promoted({ createdAt: new Date(), stage: "rejected" });
    const signature = payWithReference(fake.state, payer.paymentReference ?? "");
    const paster = await promoted({ createdAt: new Date(), transactionId: signature });
    expect(await verifyPayment(database.db, paster.id, at(new Date()))).toEqual({
      verified: false,
      reason: "This transaction paid for another submission",
    });
  });

  it("expires promoted submissions unpaid for 24 hours, and nothing else", async () => {
    const old = new Date(now.getTime() - PAYMENT_WINDOW_MS - 60_000);
    const expiring = await promoted({ createdAt: old });
    const approvedUnpaid = await promoted({ createdAt: old, stage: "today" });
    const pasted = await promoted({ createdAt: old, transactionId: PAYMENTS.notFound });
    const paid = await promoted({ createdAt: old, transactionId: PAYMENTS.valid, isPaid: true });
    const fresh = await promoted({ createdAt: new Date(now.getTime() - 60_000) });
    const free = await submission({ createdAt: old });
    const off = { ...deps, config: { ...deps.config, solanaRpcUrl: undefined } };
    expect(await checkPendingPayments(database.db, off)).toMatchObject({ expired: 2 });
    expect(await reload(expiring.id)).toMatchObject({
      stage: "expired",
      paymentNote: "No payment arrived within 24 hours",
    });
    expect((await reload(approvedUnpaid.id))?.stage).toBe("expired");
    for (const kept of [pasted, paid, fresh, free]) expect((await reload(kept.id))?.stage).toBe("pending");
  });

  it("records a payment found after expiry, leaving the submission expired and unpaid", async () => {
    const createdAt = new Date(Date.now() - PAYMENT_WINDOW_MS - 3_600_000);
    const row = await promoted({ createdAt });
    expect(await checkPendingPayments(database.db, at(new Date()))).toMatchObject({ expired: 1 });
    const late = payWithReference(fake.state, row.paymentReference ?? "");
    expect(await checkPendingPayments(database.db, at(new Date()))).toMatchObject({
      checked: 1,
      verified: 1,
    });
    expect(await reload(row.id)).toMatchObject({
      stage: "expired",
      isPaid: false,
      transactionId: late,
      paymentNote: `Paid 0.35 SOL after it expired (tx ${late.slice(0, 8)}...${late.slice(-4)})`,
    });
    // Recorded once: nothing more to look for.
    expect(await checkPendingPayments(database.db, at(new Date()))).toMatchObject({ checked: 0 });
  });

  it("says when a payment made in time was found only after the expiry", async () => {
    const createdAt = new Date(Date.now() - PAYMENT_WINDOW_MS - 3_600_000);
    const row = await promoted({ createdAt });
    await checkPendingPayments(database.db, { ...deps, config: { ...deps.config, solanaRpcUrl: undefined } });
    const signature = payWithReference(
      fake.state,
      row.paymentReference ?? "",
      "solana-tx-valid.json",
      new Date(createdAt.getTime() + 3_600_000),
    );
    await checkPendingPayments(database.db, at(new Date()));
    expect(await reload(row.id)).toMatchObject({
      stage: "expired",
      isPaid: false,
      transactionId: signature,
      paymentNote: `Paid 0.35 SOL in time, found after it expired (tx ${signature.slice(0, 8)}...${signature.slice(-4)})`,
    });
  });

  it("keeps an expired submission's note while no late payment is found, and stops looking after 7 days", async () => {
    const row = await promoted({ createdAt: new Date(Date.now() - PAYMENT_WINDOW_MS - 3_600_000) });
    payWithReference(fake.state, row.paymentReference ?? "", "solana-tx-too-small.json");
    await checkPendingPayments(database.db, { ...deps, config: { ...deps.config, solanaRpcUrl: undefined } });
    await checkPendingPayments(database.db, at(new Date()));
    expect(await reload(row.id)).toMatchObject({
      stage: "expired",
      transactionId: null,
      paymentNote: "No payment arrived within 24 hours",
    });
    const week = await promoted({
      createdAt: new Date(Date.now() - LATE_PAYMENT_LOOKUP_MS - 60_000),
      stage: "expired",
    });
    payWithReference(fake.state, week.paymentReference ?? "");
    expect(await checkPendingPayments(database.db, at(new Date()))).toMatchObject({ checked: 1 });
    expect((await reload(week.id))?.transactionId).toBeNull();
  });

  it("claims the on-demand check at most once per 10 seconds", async () => {
    const row = await promoted();
    expect(await claimOnDemandCheck(database.db, row.id, now)).toBe(true);
    expect(await claimOnDemandCheck(database.db, row.id, new Date(now.getTime() + 5_000))).toBe(false);
    const later = new Date(now.getTime() + ON_DEMAND_CHECK_MS + 1);
    expect(await claimOnDemandCheck(database.db, row.id, later)).toBe(true);
  });
});
