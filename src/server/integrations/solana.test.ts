import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type FakeSources,
  OTHER_REFERENCE,
  PAYMENTS,
  recordedWithReference,
  startFakeSources,
} from "./fixtures/fake-sources";
import { fixture } from "./fixtures/fixture-server";
import { createSafeFetch } from "./safe-fetch";
import {
  evaluatePayment,
  findSignaturesFor,
  getTransaction,
  SolanaRpcError,
  type SolanaTransaction,
} from "./solana";

const recorded = (name: string) => (JSON.parse(fixture(name)) as { result: SolanaTransaction | null }).result;
const REFERENCE = "9aE476sH92Vz7DMPyq5WLPkrKWivxeuTKEFKd2sZZcde";
/** The recorded transaction as a wallet paying a request naming REFERENCE sends it. */
const referenced = (name: string) => recordedWithReference(name, REFERENCE).result as SolanaTransaction;

const expectation = (signature: string, overrides: Partial<Parameters<typeof evaluatePayment>[1]> = {}) => ({
  signature,
  paymentAddress: PAYMENTS.paymentAddress,
  priceSol: 0.35,
  submittedAt: new Date(PAYMENTS.blockTime.getTime() + 60 * 60 * 1000),
  now: new Date(PAYMENTS.blockTime.getTime() + 2 * 60 * 60 * 1000),
  ...overrides,
});

describe("evaluatePayment", () => {
  it("confirms a finalized payment of the price to the payment address", () => {
    expect(evaluatePayment(recorded("solana-tx-valid.json"), expectation(PAYMENTS.valid))).toMatchObject({
      verified: true,
      reason: "Payment of 0.35 SOL confirmed",
      transfer: { lamports: 350_000_000n, destination: PAYMENTS.paymentAddress, references: [] },
      paidAt: PAYMENTS.blockTime,
    });
  });

  it("refuses a transaction that failed on chain", () => {
    expect(evaluatePayment(recorded("solana-tx-failed.json"), expectation(PAYMENTS.failed))).toEqual({
      verified: false,
      reason: "Transaction failed on chain",
    });
  });

  it("refuses a payment to another address", () => {
    expect(
      evaluatePayment(recorded("solana-tx-other-address.json"), expectation(PAYMENTS.otherAddress)),
    ).toEqual({
      verified: false,
      reason: "Payment went to another address",
    });
  });

  it("refuses an amount below the price, naming both", () => {
    expect(evaluatePayment(recorded("solana-tx-too-small.json"), expectation(PAYMENTS.tooSmall))).toEqual({
      verified: false,
      reason: "Amount 0.1 SOL is below the 0.35 SOL price",
    });
  });

  it("refuses a missing transaction", () => {
    expect(evaluatePayment(recorded("solana-tx-not-found.json"), expectation(PAYMENTS.notFound))).toEqual({
      verified: false,
      reason: "Transaction not found or not finalized",
    });
  });

  it("refuses a transaction whose signature is not the one claimed", () => {
    const verdict = evaluatePayment(recorded("solana-tx-valid.json"), expectation(PAYMENTS.tooSmall));
    expect(verdict.verified).toBe(false);
    expect(verdict.reason).toMatch(/signature does not match/);
  });

  it("refuses a payment made more than 7 days before the submission, accepts one 6 days before", () => {
    const day = 24 * 60 * 60 * 1000;
    const tx = recorded("solana-tx-valid.json");
    const late = new Date(PAYMENTS.blockTime.getTime() + 8 * day);
    expect(evaluatePayment(tx, expectation(PAYMENTS.valid, { submittedAt: late, now: late })).reason).toBe(
      "Transaction is older than the submission window",
    );
    const ok = new Date(PAYMENTS.blockTime.getTime() + 6 * day);
    expect(evaluatePayment(tx, expectation(PAYMENTS.valid, { submittedAt: ok, now: ok })).verified).toBe(
      true,
    );
  });

  it("refuses a transaction dated after the check", () => {
    const before = new Date(PAYMENTS.blockTime.getTime() - 60 * 60 * 1000);
    const verdict = evaluatePayment(
      recorded("solana-tx-valid.json"),
      expectation(PAYMENTS.valid, { now: before }),
    );
    expect(verdict.verified).toBe(false);
  });

  it("accepts an overpayment and compares in lamports, not floating SOL", () => {
    const tx = recorded("solana-tx-valid.json");
    expect(evaluatePayment(tx, expectation(PAYMENTS.valid, { priceSol: 0.3 })).reason).toBe(
      "Payment of 0.35 SOL confirmed",
    );
    expect(evaluatePayment(tx, expectation(PAYMENTS.valid, { priceSol: 0.350000001 })).verified).toBe(false);
  });

  it("requires the submission's reference on the transfer instruction when found by it", () => {
    const found = expectation(PAYMENTS.valid, { reference: REFERENCE });
    expect(evaluatePayment(recorded("solana-tx-valid.json"), found).reason).toBe(
      "The transaction does not carry this submission's payment reference",
    );
    expect(evaluatePayment(referenced("solana-tx-valid.json"), found)).toMatchObject({
      verified: true,
      transfer: { references: [REFERENCE] },
    });
  });

  it("refuses the price paid with the reference on another instruction than the transfer", () => {
    const tx = referenced("solana-tx-reference-elsewhere.json");
    // The reference is in the transaction, just not on the transfer: that pays nothing (Solana Pay spec).
    expect(tx.transaction.message.accountKeys).toContain(REFERENCE);
    expect(evaluatePayment(tx, expectation(PAYMENTS.referenceElsewhere, { reference: REFERENCE }))).toEqual({
      verified: false,
      reason: "The transaction does not carry this submission's payment reference",
    });
  });

  it("refuses a transfer naming another reference besides the submission's", () => {
    const tx = referenced("solana-tx-two-references.json");
    const verdict = (reference: string) =>
      evaluatePayment(tx, expectation(PAYMENTS.twoReferences, { reference }));
    for (const reference of [REFERENCE, OTHER_REFERENCE])
      expect(verdict(reference)).toEqual({
        verified: false,
        reason: "The transfer names other payment references besides this submission's",
      });
  });

  it("counts what the transfer moved, not how the recipient's balance changed", () => {
    const tx = referenced("solana-tx-too-small.json");
    const meta = tx.meta && {
      ...tx.meta,
      postBalances: tx.meta.preBalances.map((b, i) => (i === 1 ? b + 350_000_000 : b)),
    };
    expect(
      evaluatePayment({ ...tx, meta }, expectation(PAYMENTS.tooSmall, { reference: REFERENCE })).reason,
    ).toBe("Amount 0.1 SOL is below the 0.35 SOL price");
  });

  it("finds the reference and the recipient among a v0 transaction's looked-up accounts", () => {
    const tx = referenced("solana-tx-valid.json");
    const keys = tx.transaction.message.accountKeys;
    const meta = tx.meta && { ...tx.meta, loadedAddresses: { writable: [], readonly: [REFERENCE] } };
    const v0 = {
      ...tx,
      meta,
      transaction: {
        ...tx.transaction,
        message: { ...tx.transaction.message, accountKeys: keys.slice(0, -1) },
      },
    };
    expect(evaluatePayment(v0, expectation(PAYMENTS.valid, { reference: REFERENCE })).verified).toBe(true);
  });

  it("writes a dust amount as a decimal, never in exponent form", () => {
    expect(evaluatePayment(recorded("solana-tx-dust.json"), expectation(PAYMENTS.dust)).reason).toBe(
      "Amount 0.000000001 SOL is below the 0.35 SOL price",
    );
  });
});

describe("getTransaction", () => {
  let fake: FakeSources;
  beforeAll(async () => {
    fake = await startFakeSources();
  });
  afterAll(() => fake.close());

  it("calls getTransaction with json (instructions with all their accounts), finalized and version 0", async () => {
    const http = createSafeFetch({ allowHosts: [fake.server.host] });
    const tx = await getTransaction(http, fake.config.solanaRpcUrl as string, PAYMENTS.valid);
    expect(tx?.transaction.signatures[0]).toBe(PAYMENTS.valid);
    const call = JSON.parse(fake.server.bodies.at(-1) as string);
    expect(call).toMatchObject({
      jsonrpc: "2.0",
      method: "getTransaction",
      params: [
        PAYMENTS.valid,
        { encoding: "json", commitment: "finalized", maxSupportedTransactionVersion: 0 },
      ],
    });
    expect(await getTransaction(http, fake.config.solanaRpcUrl as string, PAYMENTS.notFound)).toBeNull();
  });

  it("finds a reference's finalized signatures, leaving failed transactions out", async () => {
    fake.state.overrides.set("/solana-rpc", (_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(fixture("solana-signatures-for-address.json"));
    });
    try {
      const http = createSafeFetch({ allowHosts: [fake.server.host] });
      const reference = "9aE476sH92Vz7DMPyq5WLPkrKWivxeuTKEFKd2sZZcde";
      const since = new Date(PAYMENTS.blockTime.getTime() - 60_000);
      expect(await findSignaturesFor(http, fake.config.solanaRpcUrl as string, reference, since)).toEqual({
        signatures: [PAYMENTS.valid],
        complete: true,
      });
      // A short page is the last one: one call.
      expect(fake.server.bodies.filter((b) => b.includes("getSignaturesForAddress"))).toHaveLength(1);
      expect(JSON.parse(fake.server.bodies.at(-1) as string)).toMatchObject({
        method: "getSignaturesForAddress",
        params: [reference, { commitment: "finalized", limit: 1000 }],
      });
    } finally {
      fake.state.overrides.clear();
    }
  });

  it("turns a JSON-RPC error into a SolanaRpcError", async () => {
    fake.state.overrides.set("/solana-rpc", (_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ jsonrpc: "2.0", id: 1, error: { code: -32005, message: "Node is behind" } }));
    });
    try {
      const http = createSafeFetch({ allowHosts: [fake.server.host] });
      await expect(getTransaction(http, fake.config.solanaRpcUrl as string, PAYMENTS.valid)).rejects.toThrow(
        SolanaRpcError,
      );
    } finally {
      fake.state.overrides.clear();
    }
  });
});
