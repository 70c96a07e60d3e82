import { randomBytes } from "node:crypto";
import { getBase58Decoder } from "@solana/kit";
import { FindReferenceError, findReference, ValidateTransferError, validateTransfer } from "@solana/pay";
import { Connection, PublicKey } from "@solana/web3.js";
import BigNumber from "bignumber.js";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/connect";
import { headlines } from "../../db/schema";
import { type FakeSources, PAYMENTS, startFakeSources } from "../../integrations/fixtures/fake-sources";
import { createSafeFetch } from "../../integrations/safe-fetch";
import { createHeadline } from "../../test/factories";
import { createTestDatabase } from "../../test/test-app";
import { newPaymentReference } from "../submissions/receipts";
import { checkPendingPayments, type PaymentDeps } from "./payments.service";

/**
 * The site's verdict against the reference library's, `@solana/pay` 0.2 (findReference + validateTransfer,
 * on a @solana/web3.js Connection), on the same recorded transactions served by the same fake JSON-RPC node
 * (issue 20). The site's verdict is the whole check (listing, fetching, judging, storing) on a real
 * database. Where they differ it is because the library reads only the oldest transaction naming a
 * reference; the site reads them all, oldest first, and the first that meets every rule pays.
 */

let fake: FakeSources;
let database: Database;
let deps: PaymentDeps;
let connection: Connection;
const PRICE = 0.35;

beforeAll(async () => {
  fake = await startFakeSources();
  database = await createTestDatabase();
  deps = {
    http: createSafeFetch({ allowHosts: [fake.server.host] }),
    config: {
      solanaRpcUrl: fake.config.solanaRpcUrl,
      paymentAddress: PAYMENTS.paymentAddress,
      submissionPriceSol: PRICE,
    },
  };
  connection = new Connection(fake.config.solanaRpcUrl as string, "finalized");
});
afterAll(async () => {
  await database.close();
  await fake.close();
});
afterEach(async () => {
  fake.reset();
  await database.db.delete(headlines);
});

/** A promoted submission made an hour ago, and the transactions naming its reference, oldest first. */
async function submissionPaidWith(files: string[]) {
  const start = Date.now() - 30 * 60_000;
  const row = await createHeadline(database.db, {
    stage: "pending",
    createdAt: new Date(start - 30 * 60_000),
    paymentReference: newPaymentReference(),
    launchStatus: "upcoming",
  });
  const reference = row.paymentReference ?? "";
  const entries = files.map((file, i) => ({
    signature: getBase58Decoder().decode(randomBytes(64)),
    file,
    blockTime: new Date(start + i * 1000),
  }));
  fake.state.referencePayments.set(reference, [...entries].reverse());
  return { id: row.id, reference };
}

async function sitePays(id: number): Promise<boolean> {
  await checkPendingPayments(database.db, deps);
  const [row] = await database.db.select().from(headlines).where(eq(headlines.id, id));
  return row?.isPaid ?? false;
}

/** The library's way: the oldest transaction naming the reference, validated as the request's transfer. */
async function libraryPays(reference: string): Promise<boolean> {
  const key = new PublicKey(reference);
  try {
    const { signature } = await findReference(connection, key, { finality: "finalized" });
    await validateTransfer(
      connection,
      signature,
      { recipient: new PublicKey(PAYMENTS.paymentAddress), amount: new BigNumber(PRICE), reference: key },
      { commitment: "finalized" },
    );
    return true;
  } catch (error) {
    // validateTransfer throws the transaction's own error (a plain object) when it failed on chain.
    if (
      error instanceof FindReferenceError ||
      error instanceof ValidateTransferError ||
      !(error instanceof Error)
    )
      return false;
    throw error;
  }
}

const dust = (n: number) => Array.from({ length: n }, () => "solana-tx-dust.json");

describe("the site and @solana/pay agree", () => {
  it.each([
    ["the price, reference on the transfer", ["solana-tx-valid.json"], true],
    ["too low", ["solana-tx-too-small.json"], false],
    ["the wrong recipient", ["solana-tx-other-address.json"], false],
    ["the reference on another instruction than the transfer", ["solana-tx-reference-elsewhere.json"], false],
    ["failed on chain", ["solana-tx-failed.json"], false],
    ["a valid payment, then 20 dust transactions", ["solana-tx-valid.json", ...dust(20)], true],
    ["two references on one transfer", ["solana-tx-two-references.json"], false],
  ])("%s", async (_case, files, paid) => {
    const { id, reference } = await submissionPaidWith(files);
    expect(await libraryPays(reference)).toBe(paid);
    expect(await sitePays(id)).toBe(paid);
  });
});

describe("the site pays where @solana/pay, reading only the oldest transaction, does not", () => {
  it.each([
    [
      "0.1 SOL, then 0.35 SOL on the same reference (case I)",
      ["solana-tx-too-small.json", "solana-tx-valid.json"],
    ],
    ["20 dust transactions, then a valid payment", [...dust(20), "solana-tx-valid.json"]],
  ])("%s", async (_case, files) => {
    const { id, reference } = await submissionPaidWith(files);
    expect(await libraryPays(reference)).toBe(false);
    expect(await sitePays(id)).toBe(true);
  });
});
