import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  LAUNCH_MESSAGES,
  type LaunchView,
  type PreparedLaunch,
  TRANSACTION_MAX_BYTES,
} from "@/common/launch";
import type { Config } from "../../config";
import { auditLog, headlines, launches } from "../../db/schema";
import {
  bondingCurveAddress,
  COMPUTE_BUDGET_PROGRAM,
  decodeLaunchMessage,
  loadPump,
  resolveMessage,
  tokenAccountAddress,
  tokenPrograms,
} from "../../integrations/pump";
import { createHeadline } from "../../test/factories";
import { type FakeNode, startFakeSolanaNode } from "../../test/fake-solana-node";
import {
  bondingCurveAccountData,
  FEE_RECIPIENTS,
  mintAccountData,
  testAddress,
  tokenAccountData,
} from "../../test/pump-accounts";
import { createTestApp, type TestApp } from "../../test/test-app";
import { staffSessions, withSession } from "../accounts/test-accounts";
import { storeImage } from "../images/images.service";

const { web3, sdk } = loadPump();
/** A launch's preparation (POST /api/admin/launches answers only that kind). */
type Prepared = { launch: Extract<LaunchView, { kind: "launch" }>; transaction: string };
type Keypair = InstanceType<typeof web3.Keypair>;

const WALLET = web3.Keypair.fromSeed(new Uint8Array(32).fill(7));
const OTHER_WALLET = web3.Keypair.fromSeed(new Uint8Array(32).fill(8));
const CREATOR = testAddress("treasury");
/** The paper's own coin (TOKEN_ADDRESS), an older SPL Token coin still on its curve. */
const PAPER_COIN = testAddress("paper-coin");
/** What the fake chain says the Sell received (lamports). */
const SALE_PROCEEDS = 985_000_000;

let node: FakeNode;
beforeAll(async () => {
  node = await startFakeSolanaNode();
});
afterAll(() => node.close());

let t: TestApp;
let session: string;
let winner: typeof headlines.$inferSelect;

async function start(overrides: Partial<Config> = {}) {
  t = await createTestApp({
    solanaRpcUrl: `${node.url}/`,
    outboundAllowHosts: [node.host],
    launchWallets: [WALLET.publicKey.toBase58()],
    launchCreatorAddress: CREATOR,
    tokenAddress: PAPER_COIN,
    publicUrl: "https://mg.example",
    ...overrides,
  });
  session = (await staffSessions(t.app, t.db)).staff;
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#f8b800" } })
    .png()
    .toBuffer();
  const imageUrl = await storeImage(t.db, { bytes: png, contentType: "image/png", width: 64, height: 64 });
  // Ids that differ from the launches' (a query mixing the two would pass by chance otherwise).
  await createHeadline(t.db, { stage: "pending" });
  await createHeadline(t.db, { stage: "pending" });
  winner = await createHeadline(t.db, {
    stage: "winner",
    title: "Frog buys the moon",
    symbol: "FROG",
    imageUrl,
    description: "A frog bought the moon with one SOL and a dream.",
  });
}

beforeEach(() => {
  node.state = {
    ...node.state,
    blockHeight: 319_312_270,
    simulationErr: null,
    outcome: "confirmed",
    noProgramAccounts: false,
    received: SALE_PROCEEDS,
  };
  node.accounts.clear();
  node.sent.length = 0;
  node.simulated.length = 0;
  node.calls.length = 0;
});
afterEach(() => t?.close());

const call = (method: "GET" | "POST" | "PUT", url: string, payload?: object, cookie = session) =>
  t.app.inject({ method, url, payload, cookies: cookie ? withSession(cookie) : {} });

async function prepare(mint: Keypair, input: Record<string, unknown> = {}) {
  return call("POST", "/api/admin/launches", {
    headlineId: winner.id,
    wallet: WALLET.publicKey.toBase58(),
    mint: mint.publicKey.toBase58(),
    ...input,
  });
}

/** The wallet and the mint sign the transaction (after `edit` changed its message, as a wallet may). */
function sign(
  base64: string,
  signers: Keypair[],
  edit?: (m: InstanceType<typeof web3.TransactionMessage>) => void,
): string {
  let tx = web3.VersionedTransaction.deserialize(Buffer.from(base64, "base64"));
  if (edit) {
    const message = web3.TransactionMessage.decompile(tx.message);
    edit(message);
    tx = new web3.VersionedTransaction(message.compileToV0Message());
  }
  tx.sign(signers);
  return Buffer.from(tx.serialize()).toString("base64");
}

describe("POST /api/admin/launches: preparing the launch", () => {
  it("401 without a session, 400 for a malformed address, 403 for a wallet not on the list", async () => {
    await start();
    const mint = web3.Keypair.generate();
    expect((await call("POST", "/api/admin/launches", { headlineId: winner.id }, "")).statusCode).toBe(401);
    const bad = await prepare(mint, { wallet: "not-an-address" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(LAUNCH_MESSAGES.wallet);
    expect((await prepare(mint, { mint: "1".repeat(44) })).statusCode).toBe(400);
    const other = await prepare(mint, { wallet: OTHER_WALLET.publicKey.toBase58() });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(LAUNCH_MESSAGES.walletNotAllowed);
    expect(await t.db.select().from(launches)).toEqual([]);
  });

  it("503 naming SOLANA_RPC_URL when it is unset", async () => {
    await start({ solanaRpcUrl: undefined });
    const res = await prepare(web3.Keypair.generate());
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toContain("SOLANA_RPC_URL");
  });

  it("409 for a headline that is not the current winner, or already has a contract address", async () => {
    await start();
    const voting = await createHeadline(t.db);
    const res = await call("POST", "/api/admin/launches", {
      headlineId: voting.id,
      wallet: WALLET.publicKey.toBase58(),
      mint: web3.Keypair.generate().publicKey.toBase58(),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(LAUNCH_MESSAGES.notWinner);
    await t.db
      .update(headlines)
      .set({ contractAddress: testAddress("hand-made") })
      .where(eq(headlines.id, winner.id));
    expect((await prepare(web3.Keypair.generate())).statusCode).toBe(409);
  });

  it("builds create_v2 and the first buy in one v0 transaction: the wallet pays, the wallet and the mint sign", async () => {
    await start();
    const mint = web3.Keypair.generate();
    // A short name: with the compute-unit limit, 85 bytes are left for the name, symbol and metadata address.
    const res = await prepare(mint, { name: "Frog moon" });
    expect(res.statusCode).toBe(201);
    const { launch, transaction } = res.json() as Prepared;
    const wire = Buffer.from(transaction, "base64");
    expect(wire.length).toBeLessThanOrEqual(TRANSACTION_MAX_BYTES);
    expect(launch).toMatchObject({ state: "prepared", kind: "launch", lastValidBlockHeight: 319_312_421 });

    const tx = web3.VersionedTransaction.deserialize(wire);
    expect(tx.version).toBe(0);
    expect(tx.signatures).toHaveLength(2);
    const message = resolveMessage(tx.message.serialize());
    expect(message.feePayer).toBe(WALLET.publicKey.toBase58());
    expect(message.signers).toEqual([WALLET.publicKey.toBase58(), mint.publicKey.toBase58()]);
    expect(message.blockhash).toBe(node.state.blockhash);
    expect(message.lookupTables).toBe(0);

    // Decoded against the program's IDL.
    const decoded = decodeLaunchMessage(tx.message.serialize());
    expect(decoded.instructions.map((i) => i.name)).toEqual([
      "set_compute_unit_limit",
      "create_v2",
      "create_associated_token_account_idempotent",
      "buy",
    ]);
    expect(decoded.computeUnitLimit).toBe(400_000);
    expect(decoded.create).toEqual({
      name: "Frog moon",
      symbol: "FROG",
      uri: `https://mg.example/m/${mint.publicKey.toBase58()}.json`,
      creator: CREATOR,
      mint: mint.publicKey.toBase58(),
      user: WALLET.publicKey.toBase58(),
    });
    // 1 SOL, capped at 1.01 SOL (the SDK's 1%): the program spends no more, whatever the curve says.
    expect(decoded.buy?.maxSolCost).toBe(1_010_000_000n);
    expect(decoded.buy?.amount).toBeGreaterThan(30_000_000_000_000n);
    expect(decoded.buy?.amount.toString()).toBe(launch.summary.tokenAmount);
    expect(decoded.buy).toMatchObject({ mint: mint.publicKey.toBase58(), user: WALLET.publicKey.toBase58() });
    expect(FEE_RECIPIENTS).toContain(decoded.buy?.feeRecipient);
    // The creator fees' vault is the treasury's, not the wallet's.
    const buy = message.instructions.at(-1);
    const vault = sdk.creatorVaultPda(new web3.PublicKey(CREATOR)).toBase58();
    expect(buy?.accounts.map((a) => a.address)).toContain(vault);
    expect(buy?.accounts.map((a) => a.address)).not.toContain(
      sdk.creatorVaultPda(WALLET.publicKey).toBase58(),
    );
    expect(launch.summary).toMatchObject({
      name: "Frog moon",
      symbol: "FROG",
      creator: CREATOR,
      solAmount: "1000000000",
      maxSolCost: "1010000000",
      feePayer: WALLET.publicKey.toBase58(),
      sizeBytes: wire.length,
    });
    // Read from the node: the program's accounts and a blockhash; nothing sent.
    expect(node.calls.sort()).toEqual(["getAccountInfo", "getAccountInfo", "getLatestBlockhash"]);
    expect(node.sent).toEqual([]);
  });

  it("writes the coin's metadata once, served for ever at /m/{mint}.json with its image; unknown mints 404", async () => {
    await start({ xUrl: "https://x.com/memegazette" });
    const mint = web3.Keypair.generate();
    expect((await prepare(mint, { symbol: "moon" })).statusCode).toBe(201);
    const res = await t.app.inject({ url: `/m/${mint.publicKey.toBase58()}.json` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toContain("immutable");
    expect(res.json()).toEqual({
      name: "Frog buys the moon",
      symbol: "MOON",
      description: "A frog bought the moon with one SOL and a dream.",
      image: `https://mg.example/m/${mint.publicKey.toBase58()}.png`,
      showName: true,
      createdOn: "https://mg.example",
      website: `https://mg.example/h/${winner.id}`,
      twitter: "https://x.com/memegazette",
    });
    const image = await t.app.inject({ url: `/m/${mint.publicKey.toBase58()}.png` });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/png");
    expect((await sharp(image.rawPayload).metadata()).width).toBe(64);
    expect(
      (await t.app.inject({ url: `/m/${web3.Keypair.generate().publicKey.toBase58()}.json` })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: `/m/${mint.publicKey.toBase58()}.gif` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: "/m/nothing.json" })).statusCode).toBe(404);
  });

  it("two staff pressing Launch at once make one launch", async () => {
    await start();
    const [a, b] = await Promise.all([prepare(web3.Keypair.generate()), prepare(web3.Keypair.generate())]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect(await t.db.select().from(launches)).toHaveLength(1);
  });

  it("refuses a transaction over 1,232 bytes, saying to shorten the symbol or the name", async () => {
    await start({ publicUrl: "https://the-meme-gazette-daily-edition.example" });
    const res = await prepare(web3.Keypair.generate(), {
      name: "Frog buys the moon and the sun",
      symbol: "FROGMOONSUN12",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(
      /over the network's 1232: shorten the symbol or the name by \d+ characters/,
    );
    expect(await t.db.select().from(launches)).toEqual([]);
  });

  it("leaves the compute-unit limit out when only that makes it fit (the runtime's default then applies)", async () => {
    await start({ publicUrl: "https://memegazette.example" });
    const { transaction, launch } = (await prepare(web3.Keypair.generate())).json() as Prepared;
    expect(Buffer.from(transaction, "base64").length).toBeLessThanOrEqual(TRANSACTION_MAX_BYTES);
    expect(launch.summary.computeUnitLimit).toBeNull();
    expect(launch.summary.instructions).toEqual([
      "create_v2",
      "create_associated_token_account_idempotent",
      "buy",
    ]);
  });
});

describe("POST /api/admin/launches/{id}/signed: checked, then sent", () => {
  async function prepared(mint = web3.Keypair.generate()) {
    const res = await prepare(mint);
    expect(res.statusCode).toBe(201);
    return { mint, ...(res.json() as Prepared) };
  }
  const submit = (id: number, transaction: string) =>
    call("POST", `/api/admin/launches/${id}/signed`, { transaction });

  it("sends an honest signature, follows it to confirmed and sets the contract address", async () => {
    await start();
    const { mint, launch, transaction } = await prepared();
    const signed = sign(transaction, [WALLET, mint]);
    const res = await submit(launch.id, signed);
    expect(res.statusCode).toBe(200);
    const view = res.json() as LaunchView;
    expect(view.state).toBe("confirmed");
    expect(node.simulated).toEqual([signed]);
    expect(node.sent).toEqual([signed]);
    const [h] = await t.db.select().from(headlines).where(eq(headlines.id, winner.id));
    expect(h?.contractAddress).toBe(mint.publicKey.toBase58());
    // The staff guard writes its row once the answer is out: waited for, as the audit feed's tests do.
    await expect
      .poll(async () => (await t.db.select().from(auditLog)).map((r) => r.action))
      .toEqual(
        expect.arrayContaining([
          "POST /api/admin/launches",
          "launch sent",
          "launch confirmed",
          "POST /api/admin/launches/:id/signed",
        ]),
      );
    // The winner's page links to the receipt.
    const page = await t.app.inject({ url: `/api/headlines/${winner.id}` });
    expect(page.json()).toMatchObject({ launchReceiptDate: launch.editionDay });
    // The public receipt shows it, with its signature.
    const receipt = await t.app.inject({ url: `/api/launches/${launch.editionDay}` });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.json()).toMatchObject({
      headline: { id: winner.id, title: "Frog buys the moon" },
      coin: {
        mint: mint.publicKey.toBase58(),
        symbol: "FROG",
        metadataUrl: `https://mg.example/m/${mint.publicKey.toBase58()}.json`,
      },
      transactions: [{ state: "confirmed", signature: view.signature }],
    });
    // The coin's name, symbol and image can no longer be edited.
    const edit = await call("PUT", `/api/admin/headlines/${winner.id}`, {
      title: "Toad buys the moon",
      symbol: "FROG",
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(LAUNCH_MESSAGES.locked);
    expect(
      (
        await call("PUT", `/api/admin/headlines/${winner.id}`, {
          title: "Frog buys the moon",
          description: "A longer story of the frog and the moon.",
        })
      ).statusCode,
    ).toBe(200);
  });

  it("accepts a wallet's added compute-budget instructions (a priority fee)", async () => {
    await start();
    const { mint, launch, transaction } = await prepared();
    const signed = sign(transaction, [WALLET, mint], (m) => {
      m.instructions.unshift(web3.ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 10_000 }));
    });
    const res = await submit(launch.id, signed);
    expect(res.statusCode).toBe(200);
    expect(node.sent).toEqual([signed]);
    const sent = web3.VersionedTransaction.deserialize(Buffer.from(signed, "base64"));
    expect(
      resolveMessage(sent.message.serialize()).instructions.filter(
        (i) => i.programId === COMPUTE_BUDGET_PROGRAM,
      ),
    ).toHaveLength(launch.summary.computeUnitLimit === null ? 1 : 2);
  });

  it("422 for a changed amount, a changed recipient or a missing mint signature, and nothing is sent", async () => {
    await start();
    const buyOf = (m: InstanceType<typeof web3.TransactionMessage>) =>
      m.instructions[m.instructions.length - 1];
    const tamperings: Record<string, (transaction: string, mint: Keypair) => string> = {
      amount: (transaction, mint) =>
        sign(transaction, [WALLET, mint], (m) => {
          buyOf(m)?.data.writeBigUInt64LE(5_000_000_000n, 16); // max_sol_cost: 5 SOL
        }),
      recipient: (transaction, mint) =>
        sign(transaction, [WALLET, mint], (m) => {
          const meta = buyOf(m)?.keys[1]; // the fee recipient
          if (meta) meta.pubkey = OTHER_WALLET.publicKey;
        }),
      noMint: (transaction) => {
        const tx = web3.VersionedTransaction.deserialize(Buffer.from(transaction, "base64"));
        tx.sign([WALLET]);
        return Buffer.from(tx.serialize()).toString("base64");
      },
      payer: (transaction, mint) =>
        sign(transaction, [OTHER_WALLET, mint], (m) => {
          m.payerKey = OTHER_WALLET.publicKey;
        }),
    };
    const answers: Record<string, string> = {};
    for (const [name, tamper] of Object.entries(tamperings)) {
      const { mint, launch, transaction } = await prepared();
      const res = await submit(launch.id, tamper(transaction, mint));
      expect(res.statusCode, name).toBe(422);
      answers[name] = res.json().message;
      // Refused for good: marked failed with why, and the honest bytes are not taken for it any more.
      const [row] = await t.db.select().from(launches).where(eq(launches.id, launch.id));
      expect(row?.state, name).toBe("failed");
      expect(row?.error, name).toContain("Refused:");
      expect((await submit(launch.id, sign(transaction, [WALLET, mint]))).statusCode, name).toBe(409);
    }
    expect(answers.amount).toMatch(/Instruction \d differs: different data/);
    expect(answers.recipient).toMatch(new RegExp(`is ${OTHER_WALLET.publicKey.toBase58()} instead of`));
    expect(answers.noMint).toContain("The signature of the mint is missing or not valid.");
    expect(answers.payer).toContain("The fee payer is");
    expect(answers.amount).toContain("nothing was sent");
    expect(node.sent).toEqual([]);
    expect(node.simulated).toEqual([]);
    // A new launch is prepared at once and the honest one goes through.
    const honest = await prepared();
    expect((await submit(honest.launch.id, sign(honest.transaction, [WALLET, honest.mint]))).statusCode).toBe(
      200,
    );
  });

  it("an expired transaction is refused and marked expired; the launch may be prepared again", async () => {
    await start();
    const { mint, launch, transaction } = await prepared();
    node.state.blockHeight = launch.lastValidBlockHeight + 1;
    const res = await submit(launch.id, sign(transaction, [WALLET, mint]));
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/expired/);
    expect(node.sent).toEqual([]);
    expect((await t.db.select().from(launches))[0]?.state).toBe("expired");
    node.state.blockHeight = 319_312_270;
    expect((await prepare(web3.Keypair.generate())).statusCode).toBe(201);
  });

  it("a prepared launch left unsigned past its last valid height no longer blocks a new one", async () => {
    await start();
    await prepared();
    expect((await prepare(web3.Keypair.generate())).statusCode).toBe(409);
    node.state.blockHeight = 319_312_500;
    expect((await prepare(web3.Keypair.generate())).statusCode).toBe(201);
    const states = (await t.db.select().from(launches)).map((r) => r.state).sort();
    expect(states).toEqual(["expired", "prepared"]);
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.action, "launch expired"));
    expect(audited).toHaveLength(1);
  });

  it("a simulation the network refuses sends nothing and marks the launch failed", async () => {
    await start();
    const { mint, launch, transaction } = await prepared();
    node.state.simulationErr = { InstructionError: [1, { Custom: 1 }] };
    const res = await submit(launch.id, sign(transaction, [WALLET, mint]));
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toContain("insufficient lamports");
    expect(node.sent).toEqual([]);
    expect((await t.db.select().from(launches))[0]?.state).toBe("failed");
  });

  it("a sent launch the chain never saw expires once its height passes; one that failed on chain is failed", async () => {
    await start();
    const first = await prepared();
    node.state.outcome = "dropped";
    const sent = await submit(first.launch.id, sign(first.transaction, [WALLET, first.mint]));
    expect(sent.json().state).toBe("sent");
    node.state.blockHeight = first.launch.lastValidBlockHeight + 1;
    const followed = await call("GET", `/api/admin/launches/${first.launch.id}`);
    expect(followed.json().state).toBe("expired");
    const [h] = await t.db.select().from(headlines).where(eq(headlines.id, winner.id));
    expect(h?.contractAddress).toBeNull();

    node.state.blockHeight = 319_312_270;
    node.state.outcome = "failed";
    const second = await prepared();
    const res = await submit(second.launch.id, sign(second.transaction, [WALLET, second.mint]));
    expect(res.json()).toMatchObject({ state: "failed", error: expect.stringContaining("6002") });
  });

  it("a launch can be sent once: a second submission is a conflict", async () => {
    await start();
    const { mint, launch, transaction } = await prepared();
    const signed = sign(transaction, [WALLET, mint]);
    expect((await submit(launch.id, signed)).statusCode).toBe(200);
    expect((await submit(launch.id, signed)).statusCode).toBe(409);
    expect(node.sent).toHaveLength(1);
  });
});

describe("GET /api/launches/{date}", () => {
  it("400 for a date that is none, 404 for a day without a launch", async () => {
    await start();
    expect((await t.app.inject({ url: "/api/launches/2026-02-30" })).statusCode).toBe(400);
    expect((await t.app.inject({ url: "/api/launches/2026-01-01" })).statusCode).toBe(404);
  });
});

describe("POST /api/admin/launches/trades: the Sell and the Buy back", () => {
  const programs = tokenPrograms();
  const pumpProgram = sdk.PUMP_PROGRAM_ID.toBase58();
  const wallet = WALLET.publicKey.toBase58();
  const trade = (kind: "sell" | "buyback", from = WALLET) =>
    call("POST", "/api/admin/launches/trades", {
      kind,
      headlineId: winner.id,
      wallet: from.publicKey.toBase58(),
    });
  const submit = async (id: number, transaction: string) =>
    call("POST", `/api/admin/launches/${id}/signed`, { transaction: sign(transaction, [WALLET]) });
  const setCurve = (mint: string, change: { complete?: boolean } = {}) =>
    node.accounts.set(bondingCurveAddress(mint), {
      data: bondingCurveAccountData(CREATOR, change),
      owner: pumpProgram,
    });

  /** The winner launched and confirmed; the chain holds its curve and the wallet's tokens of the first buy. */
  async function launched() {
    const mint = web3.Keypair.generate();
    const { launch, transaction } = (await prepare(mint)).json() as Prepared;
    const done = await call("POST", `/api/admin/launches/${launch.id}/signed`, {
      transaction: sign(transaction, [WALLET, mint]),
    });
    expect(done.json().state).toBe("confirmed");
    const coin = mint.publicKey.toBase58();
    const tokenAccount = tokenAccountAddress(coin, wallet, programs.token2022);
    const held = BigInt(launch.summary.tokenAmount);
    setCurve(coin);
    node.accounts.set(tokenAccount, {
      data: tokenAccountData(coin, wallet, held),
      owner: programs.token2022,
    });
    // The paper's own coin, still on its curve.
    node.accounts.set(PAPER_COIN, { data: mintAccountData(), owner: programs.token });
    setCurve(PAPER_COIN);
    return { coin, tokenAccount, held };
  }

  async function sold() {
    const facts = await launched();
    const res = await trade("sell");
    expect(res.statusCode).toBe(201);
    const { launch, transaction } = res.json() as PreparedLaunch;
    expect((await submit(launch.id, transaction)).json().state).toBe("confirmed");
    return { ...facts, sell: launch };
  }

  it("the Sell: every token of the Token-2022 account for at least the quote less 1%, the account closed, the wallet alone signing", async () => {
    await start();
    const { coin, tokenAccount, held } = await launched();
    const res = await trade("sell");
    expect(res.statusCode).toBe(201);
    const { launch, transaction } = res.json() as PreparedLaunch;
    expect(launch).toMatchObject({ kind: "sell", state: "prepared", mint: coin, wallet });
    const tx = web3.VersionedTransaction.deserialize(Buffer.from(transaction, "base64"));
    expect(tx.signatures).toHaveLength(1);
    const message = resolveMessage(tx.message.serialize());
    expect(message.signers).toEqual([wallet]);
    expect(message.feePayer).toBe(wallet);

    const decoded = decodeLaunchMessage(tx.message.serialize());
    expect(decoded.instructions.map((i) => i.name)).toEqual(["sell", "close_account"]);
    expect(decoded.sell).toMatchObject({ amount: held, mint: coin, user: wallet });
    expect(FEE_RECIPIENTS).toContain(decoded.sell?.feeRecipient);
    // The SDK's quote of the curve the node served, less its 1%: the program sells for no less.
    const quote = BigInt(launch.kind === "sell" ? launch.summary.solAmount : "0");
    expect(quote).toBeGreaterThan(900_000_000n);
    expect(quote).toBeLessThan(1_000_000_000n);
    expect(decoded.sell?.minSolOutput).toBe(quote - (quote * 10n) / 1000n);
    // The coin's Token-2022 account, through Token-2022, then closed to the wallet on its own authority.
    const sell = message.instructions[0];
    expect(sell?.programId).toBe(pumpProgram);
    expect(sell?.accounts.map((a) => a.address)).toEqual(
      expect.arrayContaining([tokenAccount, programs.token2022]),
    );
    expect(decoded.close).toEqual({
      account: tokenAccount,
      destination: wallet,
      owner: wallet,
      programId: programs.token2022,
    });
    expect(launch.summary).toMatchObject({
      tokenAmount: held.toString(),
      minSolOutput: decoded.sell?.minSolOutput.toString(),
      tokenAccount,
      signers: [wallet],
    });

    const sent = await submit(launch.id, transaction);
    expect(sent.json()).toMatchObject({ kind: "sell", state: "confirmed" });
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, String(launch.id)));
    // The launch's own rows, and the staff guard's for the click.
    expect(
      audited
        .filter((r) => r.action.startsWith("launch "))
        .map((r) => [r.action, (r.details as { kind: string }).kind]),
    ).toEqual([
      ["launch sent", "sell"],
      ["launch confirmed", "sell"],
    ]);
    await expect
      .poll(async () =>
        (
          await t.db.select().from(auditLog).where(eq(auditLog.action, "POST /api/admin/launches/trades"))
        ).map((r) => r.details),
      )
      .toEqual([expect.objectContaining({ launchId: launch.id, kind: "sell", mint: coin, wallet })]);
    // Once only.
    const again = await trade("sell");
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(LAUNCH_MESSAGES.sellTaken);
  });

  it("409 in words: a Sell before a confirmed launch, with nothing to sell, or while one is under way", async () => {
    await start();
    const early = await trade("sell");
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(LAUNCH_MESSAGES.sellBeforeLaunch);
    expect((await trade("sell", OTHER_WALLET)).statusCode).toBe(403);

    const { coin, tokenAccount } = await launched();
    node.accounts.set(tokenAccount, {
      data: tokenAccountData(coin, wallet, 0n),
      owner: programs.token2022,
    });
    const empty = await trade("sell");
    expect(empty.statusCode).toBe(409);
    expect(empty.json().message).toBe(LAUNCH_MESSAGES.nothingToSell);
    node.accounts.delete(tokenAccount);
    expect((await trade("sell")).json().message).toBe(LAUNCH_MESSAGES.nothingToSell);

    node.accounts.set(tokenAccount, {
      data: tokenAccountData(coin, wallet, 5_000_000n),
      owner: programs.token2022,
    });
    setCurve(coin, { complete: true });
    const graduated = await trade("sell");
    expect(graduated.statusCode).toBe(409);
    expect(graduated.json().message).toMatch(/left its bonding curve.*sell it by hand/);

    setCurve(coin);
    expect((await trade("sell")).statusCode).toBe(201);
    const busy = await trade("sell");
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe(LAUNCH_MESSAGES.sellTaken);
    expect((await trade("buyback")).json().message).toBe(LAUNCH_MESSAGES.buybackBeforeSell);
  });

  it("422 for a Sell whose minimum was lowered, or signed by another wallet; nothing is sent", async () => {
    await start();
    await launched();
    const first = (await trade("sell")).json() as PreparedLaunch;
    const lowered = sign(first.transaction, [WALLET], (m) => {
      m.instructions[0]?.data.writeBigUInt64LE(1n, 16); // min_sol_output: 1 lamport
    });
    const res = await call("POST", `/api/admin/launches/${first.launch.id}/signed`, { transaction: lowered });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/Instruction 1 differs: different data/);

    const second = (await trade("sell")).json() as PreparedLaunch;
    const other = sign(second.transaction, [OTHER_WALLET], (m) => {
      m.payerKey = OTHER_WALLET.publicKey;
    });
    const refused = await call("POST", `/api/admin/launches/${second.launch.id}/signed`, {
      transaction: other,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toContain("instead of the wallet.");
    expect(node.sent).toHaveLength(1); // the launch's only
  });

  it("the Buy back: 1% of what the Sell received, on TOKEN_ADDRESS's curve, through its own token program", async () => {
    await start();
    const { sell } = await sold();
    const res = await trade("buyback");
    expect(res.statusCode).toBe(201);
    const { launch, transaction } = res.json() as PreparedLaunch;
    expect(launch).toMatchObject({ kind: "buyback", mint: PAPER_COIN, wallet });
    const tx = web3.VersionedTransaction.deserialize(Buffer.from(transaction, "base64"));
    const message = resolveMessage(tx.message.serialize());
    expect(message.signers).toEqual([wallet]);
    const decoded = decodeLaunchMessage(tx.message.serialize());
    expect(decoded.instructions.map((i) => i.name)).toEqual([
      "create_associated_token_account_idempotent",
      "buy",
    ]);
    // The fake chain's sale: 0.985 SOL received (its balances, the fee and the closed account's rent aside).
    const spend = BigInt(SALE_PROCEEDS) / 100n;
    expect(launch.summary).toMatchObject({
      proceeds: String(SALE_PROCEEDS),
      proceedsFrom: "transaction",
      percent: 1,
      solAmount: spend.toString(),
      maxSolCost: (spend + spend / 100n).toString(),
    });
    expect(decoded.buy).toMatchObject({ mint: PAPER_COIN, user: wallet, maxSolCost: spend + spend / 100n });
    expect(decoded.buy?.amount.toString()).toBe(launch.kind === "buyback" ? launch.summary.tokenAmount : "");
    expect(decoded.buy?.amount).toBeGreaterThan(0n);
    // The paper's coin is an SPL Token coin: its account and program are those, not Token-2022's.
    const buy = message.instructions.at(-1);
    expect(buy?.accounts.map((a) => a.address)).toEqual(
      expect.arrayContaining([tokenAccountAddress(PAPER_COIN, wallet, programs.token), programs.token]),
    );
    expect(buy?.accounts.map((a) => a.address)).not.toContain(programs.token2022);

    expect((await submit(launch.id, transaction)).json().state).toBe("confirmed");
    expect((await trade("buyback")).json().message).toBe(LAUNCH_MESSAGES.buybackTaken);
    // The receipt: bought, sold and bought back, with their signatures.
    const receipt = (await t.app.inject({ url: `/api/launches/${sell.editionDay}` })).json();
    expect(receipt.transactions.map((r: LaunchView) => [r.kind, r.state, Boolean(r.signature)])).toEqual([
      ["launch", "confirmed", true],
      ["sell", "confirmed", true],
      ["buyback", "confirmed", true],
    ]);
    expect(receipt.transactions[2].summary).toMatchObject({ solAmount: spend.toString() });
  });

  it("the Buy back spends its percent of the Sell's minimum when the node cannot give what the sale received", async () => {
    await start();
    node.state.received = null;
    const { sell } = await sold();
    const { launch } = (await trade("buyback")).json() as PreparedLaunch;
    const minimum = sell.kind === "sell" ? BigInt(sell.summary.minSolOutput) : 0n;
    expect(launch.summary).toMatchObject({
      proceeds: minimum.toString(),
      proceedsFrom: "quote",
      solAmount: (minimum / 100n).toString(),
    });
  });

  it("409 for a Buy back without TOKEN_ADDRESS, or with the paper's coin off its curve, saying what to do", async () => {
    await start({ tokenAddress: undefined });
    await sold();
    const unset = await trade("buyback");
    expect(unset.statusCode).toBe(409);
    expect(unset.json().message).toBe(LAUNCH_MESSAGES.noTokenAddress);
    await t.close();

    await start();
    await sold();
    setCurve(PAPER_COIN, { complete: true });
    const graduated = await trade("buyback");
    expect(graduated.statusCode).toBe(409);
    expect(graduated.json().message).toMatch(
      /The paper's coin \(TOKEN_ADDRESS\) has left its bonding curve .*buy it back by hand \(on Jupiter\) with 0\.00985 SOL\./,
    );
    node.accounts.delete(bondingCurveAddress(PAPER_COIN));
    expect((await trade("buyback")).json().message).toMatch(/has no bonding curve/);
    expect(await t.db.select().from(launches).where(eq(launches.kind, "buyback"))).toEqual([]);
  });
});
