import { getBase58Encoder, isAddress } from "@solana/kit";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { RECEIPT_MESSAGES, RECEIPT_PATTERN, type Receipt } from "@/common/receipt";
import { parseTransferRequestUrl } from "@/common/solana-pay";
import { headlines } from "../../db/schema";
import {
  type FakeSources,
  PAYMENTS,
  payWithReference,
  startFakeSources,
} from "../../integrations/fixtures/fake-sources";
import { createTestApp, type TestApp } from "../../test/test-app";
import { newPaymentReference, newReceipt } from "./receipts";

/**
 * Issue 15 through the API, against the fake JSON-RPC node: a promoted submission is made at once with its
 * transfer request; its receipt finds the payment by reference by itself; the on-demand check is rate
 * limited; a pasted signature is the fallback and someone else's is refused; free submissions get a
 * receipt too.
 */

let fake: FakeSources;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeSources();
  // Outside calls time out after 3 s: longer than the receipt waits for a check (1.5 s).
  t = await createTestApp({ ...fake.config, outboundTimeoutMs: 3_000, siteName: "Meme Gazette" });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
afterEach(() => fake.reset());

let counter = 0;
function promotedInput(overrides: object = {}) {
  counter += 1;
  return {
    title: `Frog buys the moon, part ${counter}`,
    description: "A frog bought the moon for one SOL and a pond.",
    imageUrl: "https://cdn.example.com/frog.png",
    submittedBy: "Pond Labs",
    launchStatus: "upcoming",
    ...overrides,
  };
}

async function submitPromoted(overrides: object = {}) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/headlines/paid-submission",
    payload: promotedInput(overrides),
    remoteAddress: `198.51.100.${counter}`,
  });
  expect(res.statusCode).toBe(201);
  return res.json() as {
    id: number;
    receipt: string;
    payment: { url: string; recipient: string; amount: string; reference: string } | null;
  };
}

const getReceipt = async (receipt: string) => {
  const res = await t.app.inject({ method: "GET", url: `/api/submissions/${receipt}` });
  return { status: res.statusCode, body: res.json() as Receipt, headers: res.headers };
};
/** Lets the on-demand check run again at once (it runs at most once per 10 s per submission). */
const forgetLastCheck = (id: number) =>
  t.db.update(headlines).set({ paymentCheckedAt: null }).where(eq(headlines.id, id));
const rpcCalls = () => fake.server.bodies.filter((b) => b.includes("getSignaturesForAddress")).length;

describe("a promoted submission paid through Solana Pay", () => {
  it("is made at once, awaiting payment, with a transfer request naming a fresh reference", async () => {
    const made = await submitPromoted();
    expect(made.payment).not.toBeNull();
    const request = parseTransferRequestUrl(made.payment?.url ?? "");
    expect(request).toEqual({
      recipient: PAYMENTS.paymentAddress,
      amount: "0.35",
      references: [made.payment?.reference],
      label: "Meme Gazette",
      message: `Promoted submission #${made.id}`,
      memo: undefined,
    });
    expect(made.payment?.url).toContain("label=Meme%20Gazette");
    const other = await submitPromoted();
    expect(other.payment?.reference).not.toBe(made.payment?.reference);

    const { status, body, headers } = await getReceipt(made.receipt);
    expect(status).toBe(200);
    expect(headers["cache-control"]).toBe("private, no-store");
    expect(body).toMatchObject({
      kind: "promoted",
      status: "awaiting_payment",
      submittedBy: "Pond Labs",
      transactionId: null,
      payment: made.payment,
      headlineUrl: null,
    });
    expect(new Date(body.expiresAt ?? 0).getTime() - new Date(body.createdAt).getTime()).toBe(24 * 3600_000);
  });

  it("finds the payment by reference when the receipt asks, then waits for review, then is approved", async () => {
    const made = await submitPromoted();
    const signature = payWithReference(fake.state, made.payment?.reference ?? "");
    const paid = await getReceipt(made.receipt);
    expect(paid.body).toMatchObject({
      status: "paid",
      transactionId: signature,
      note: "Payment of 0.35 SOL confirmed",
      payment: null,
      checking: false,
    });

    // Staff approve it (the transition itself is the dashboard's, tested there).
    await t.db.update(headlines).set({ stage: "held", listedToday: true }).where(eq(headlines.id, made.id));
    const approved = await getReceipt(made.receipt);
    expect(approved.body.status).toBe("approved");
    expect(approved.body.headlineUrl).toMatch(new RegExp(`^/h/${made.id}/frog-buys-the-moon`));
  });

  it("stays out of the voting list until paid, even once approved", async () => {
    const made = await submitPromoted();
    await t.db.update(headlines).set({ stage: "held", listedToday: true }).where(eq(headlines.id, made.id));
    const listed = async () =>
      ((await t.app.inject({ method: "GET", url: "/api/headlines" })).json() as Array<{ id: number }>).some(
        (h) => h.id === made.id,
      );
    expect(await listed()).toBe(false);
    payWithReference(fake.state, made.payment?.reference ?? "");
    expect((await getReceipt(made.receipt)).body.status).toBe("approved");
    expect(await listed()).toBe(true);
  });

  it("asks the chain at most once per 10 seconds per submission", async () => {
    const made = await submitPromoted();
    const before = rpcCalls();
    await getReceipt(made.receipt);
    await getReceipt(made.receipt);
    await getReceipt(made.receipt);
    expect(rpcCalls() - before).toBe(1);
    await forgetLastCheck(made.id);
    await getReceipt(made.receipt);
    expect(rpcCalls() - before).toBe(2);
  });

  it("says why a payment is not counted: too little, or to another address", async () => {
    const made = await submitPromoted();
    payWithReference(fake.state, made.payment?.reference ?? "", "solana-tx-too-small.json");
    expect((await getReceipt(made.receipt)).body).toMatchObject({
      status: "awaiting_payment",
      note: "Amount 0.1 SOL is below the 0.35 SOL price",
    });
  });

  it("answers at once with checking while the RPC is slow, and marks nothing paid", async () => {
    const made = await submitPromoted();
    payWithReference(fake.state, made.payment?.reference ?? "");
    fake.state.hanging.add("/solana-rpc");
    const started = Date.now();
    const { body } = await getReceipt(made.receipt);
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(body).toMatchObject({ status: "awaiting_payment", checking: true });
    const [row] = await t.db.select().from(headlines).where(eq(headlines.id, made.id));
    expect(row?.isPaid).toBe(false);
  });

  it("takes a pasted signature as the fallback, and refuses one another submission uses", async () => {
    const first = await submitPromoted();
    const second = await submitPromoted();
    const paste = (receipt: string, transactionId: string) =>
      t.app.inject({
        method: "POST",
        url: `/api/submissions/${receipt}/transaction`,
        payload: { transactionId },
      });
    fake.state.rpcBlockTime = new Date(Date.now() - 60_000);
    const pasted = await paste(first.receipt, PAYMENTS.valid);
    expect(pasted.statusCode).toBe(200);
    expect(pasted.json()).toMatchObject({ status: "paid", transactionId: PAYMENTS.valid });

    const stolen = await paste(second.receipt, PAYMENTS.valid);
    expect(stolen.statusCode).toBe(409);
    expect(stolen.json()).toEqual({
      message: "This transaction ID has already been used for another submission.",
    });
    expect((await paste(first.receipt, PAYMENTS.tooSmall)).statusCode).toBe(409);
    expect((await paste(second.receipt, "short")).statusCode).toBe(400);
  });

  it("expires unpaid after 24 hours: the receipt says so", async () => {
    const made = await submitPromoted();
    await t.db
      .update(headlines)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(headlines.id, made.id));
    await t.app.paymentChecks.pass();
    expect((await getReceipt(made.receipt)).body).toMatchObject({
      status: "expired",
      payment: null,
      note: "No payment arrived within 24 hours",
    });
  });
});

describe("a receipt asked after its payment window", () => {
  const makeOld = (id: number, hours: number) =>
    t.db
      .update(headlines)
      .set({ createdAt: sql`now() - make_interval(hours => ${hours})` })
      .where(eq(headlines.id, id));

  it("expires on demand, without the payment job", async () => {
    const made = await submitPromoted();
    await makeOld(made.id, 25);
    // No pass of the job: the receipt's own look expires it (as with PAYMENT_CHECK_MINUTES=0).
    expect((await getReceipt(made.receipt)).body).toMatchObject({
      status: "expired",
      payment: null,
      expiresAt: null,
      note: "No payment arrived within 24 hours",
    });
    const [row] = await t.db.select().from(headlines).where(eq(headlines.id, made.id));
    expect(row?.stage).toBe("expired");
  });

  it("looks for the payment first: one made in time counts", async () => {
    const made = await submitPromoted();
    await makeOld(made.id, 25);
    const signature = payWithReference(
      fake.state,
      made.payment?.reference ?? "",
      "solana-tx-valid.json",
      new Date(Date.now() - 2 * 3_600_000),
    );
    expect((await getReceipt(made.receipt)).body).toMatchObject({ status: "paid", transactionId: signature });
  });

  it("shows a payment that arrived after it expired, which stays expired and unpaid for staff", async () => {
    const made = await submitPromoted();
    await makeOld(made.id, 25);
    expect((await getReceipt(made.receipt)).body.status).toBe("expired");
    const signature = payWithReference(fake.state, made.payment?.reference ?? "");
    await forgetLastCheck(made.id);
    expect((await getReceipt(made.receipt)).body).toMatchObject({
      status: "expired",
      transactionId: signature,
      note: `Paid 0.35 SOL after it expired (tx ${signature.slice(0, 8)}...${signature.slice(-4)})`,
    });
    const [row] = await t.db.select().from(headlines).where(eq(headlines.id, made.id));
    expect(row).toMatchObject({ stage: "expired", isPaid: false, transactionId: signature });
  });
});

describe("receipts", () => {
  it("a free submission gets one too, in review", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/headlines",
      payload: {
        title: "Cat elected mayor",
        description: "The cat won by a landslide in a small town.",
        imageUrl: "https://cdn.example.com/cat.png",
      },
      remoteAddress: "192.0.2.99",
    });
    const { body } = await getReceipt(res.json().receipt);
    expect(body).toMatchObject({ kind: "free", status: "in_review", payment: null, checking: false });
  });

  it("an unknown or malformed receipt is a 404 with the message", async () => {
    for (const receipt of ["AAAAAAAAAAAAAAAAAAAAAA", "not-a-receipt", "%27%20OR%201%3D1"]) {
      const { status, body } = await getReceipt(receipt);
      expect(status).toBe(404);
      expect(body).toEqual({ message: RECEIPT_MESSAGES.notFound });
    }
  });
});

describe("receipt ids and payment references", () => {
  it("are random: a 32-byte public key in base58, a 16-byte id in base64url", () => {
    const references = new Set(Array.from({ length: 50 }, newPaymentReference));
    expect(references.size).toBe(50);
    for (const reference of references) {
      expect(isAddress(reference)).toBe(true);
      expect(getBase58Encoder().encode(reference)).toHaveLength(32);
    }
    const receipts = new Set(Array.from({ length: 50 }, newReceipt));
    expect(receipts.size).toBe(50);
    for (const receipt of receipts) expect(receipt).toMatch(RECEIPT_PATTERN);
  });
});
