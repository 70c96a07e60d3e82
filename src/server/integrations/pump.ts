import { createRequire } from "node:module";

/**
 * The official pump SDK (`@pump-fun/pump-sdk` 2.x), on the server only (issue 29, decision 016). Its ES module
 * build does not load on Node's ESM loader, so it is required as CommonJS, and only when a launch is first
 * prepared (loading it costs ~0.4 s and ~40 MB that a server which never launches should not pay).
 * `@solana/web3.js` is required the same way, so its classes are the very ones the SDK's instructions use,
 * and `bn.js` from the SDK's own place (its amounts are BN instances).
 */

type PumpSdk = typeof import("@pump-fun/pump-sdk");
type Web3 = typeof import("@solana/web3.js");
/** The SDK's amounts: bn.js instances (its types come with the SDK, not with this project). */
type BN = ReturnType<PumpSdk["getBuyTokenAmountFromSolAmount"]>;

export interface Pump {
  sdk: PumpSdk;
  web3: Web3;
  BN: new (value: string) => BN;
  /** The pump program's coder (its IDL, names in camelCase as the SDK decodes them). */
  coder: ReturnType<PumpSdk["getPumpProgram"]>["coder"];
}

let loaded: Pump | undefined;

export function loadPump(): Pump {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  const sdk = require("@pump-fun/pump-sdk") as PumpSdk;
  const web3 = require("@solana/web3.js") as Web3;
  const fromSdk = createRequire(require.resolve("@pump-fun/pump-sdk"));
  const BNClass = fromSdk("bn.js") as new (value: string) => BN;
  // An offline program: its coder reads and writes the program's accounts and instructions by its IDL.
  const coder = sdk.getPumpProgram(null as unknown as Parameters<PumpSdk["getPumpProgram"]>[0]).coder;
  loaded = { sdk, web3, BN: BNClass, coder };
  return loaded;
}

/** The program accounts a launch reads: the pump program's Global and the pump-fees program's FeeConfig. */
export function launchAccounts(): { global: string; feeConfig: string; program: string } {
  const { sdk } = loadPump();
  return {
    global: sdk.GLOBAL_PDA.toBase58(),
    feeConfig: sdk.PUMP_FEE_CONFIG_PDA.toBase58(),
    program: sdk.PUMP_PROGRAM_ID.toBase58(),
  };
}

export const ASSOCIATED_TOKEN_PROGRAM = "ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL";
export const COMPUTE_BUDGET_PROGRAM = "ComputeBudget111111111111111111111111111111";
/** Lighthouse, the assertion program wallets (Phantom) append to guard what a transaction may change. */
export const LIGHTHOUSE_PROGRAM = "L2TExMFKdjpN9kozasaurPirfHy9P8sbXoAN1qA3S95";
/**
 * The compute units a launch asks for: a create_v2 and first buy on a SOL-quoted curve use ~150-250k;
 * the runtime's default for three instructions is 600k.
 */
export const LAUNCH_COMPUTE_UNITS = 400_000;

export interface LaunchBuild {
  /** The v0 message, as signers sign it. */
  message: Uint8Array;
  /** The unsigned wire transaction (two empty signatures, then the message). */
  transaction: Uint8Array;
  tokenAmount: bigint;
  maxSolCost: bigint;
  computeUnitLimit: number | null;
  instructions: string[];
}

export interface LaunchParams {
  globalData: Buffer;
  feeConfigData: Buffer;
  wallet: string;
  mint: string;
  creator: string;
  name: string;
  symbol: string;
  uri: string;
  lamports: bigint;
  blockhash: string;
  maxBytes: number;
}

/**
 * The launch's one transaction, v0: create the coin (create_v2, Token-2022, its creator fees to `creator`)
 * and make the first buy of `lamports` in the same transaction, so no one can buy between the two. The
 * wallet pays the fees and buys; the wallet and the new mint are its only signers. With the compute-unit
 * limit when the transaction still fits the network's packet; otherwise without it (the runtime's default
 * is enough, decision 016). Null when it does not fit either way.
 */
export async function buildLaunch(params: LaunchParams): Promise<LaunchBuild | null> {
  const { sdk, web3, BN: BNClass } = loadPump();
  const account = (data: Buffer, owner: import("@solana/web3.js").PublicKey) => ({
    data,
    owner,
    lamports: 0,
    executable: false,
  });
  const global = sdk.PUMP_SDK.decodeGlobal(account(params.globalData, sdk.PUMP_PROGRAM_ID));
  const feeConfig = sdk.PUMP_SDK.decodeFeeConfig(account(params.feeConfigData, sdk.PUMP_FEE_PROGRAM_ID));
  const solAmount = new BNClass(params.lamports.toString());
  const tokenAmount = sdk.getBuyTokenAmountFromSolAmount({
    global,
    feeConfig,
    mintSupply: null,
    bondingCurve: null,
    amount: solAmount,
    quoteMint: web3.PublicKey.default,
  });
  const wallet = new web3.PublicKey(params.wallet);
  const instructions = await sdk.PUMP_SDK.createV2AndBuyInstructions({
    global,
    mint: new web3.PublicKey(params.mint),
    name: params.name,
    symbol: params.symbol,
    uri: params.uri,
    creator: new web3.PublicKey(params.creator),
    user: wallet,
    amount: tokenAmount,
    solAmount,
    mayhemMode: false,
  });
  for (const withLimit of [true, false]) {
    const list = withLimit
      ? [web3.ComputeBudgetProgram.setComputeUnitLimit({ units: LAUNCH_COMPUTE_UNITS }), ...instructions]
      : instructions;
    const message = new web3.TransactionMessage({
      payerKey: wallet,
      recentBlockhash: params.blockhash,
      instructions: list,
    }).compileToV0Message();
    const transaction = new web3.VersionedTransaction(message).serialize();
    if (transaction.length > params.maxBytes) continue;
    const decoded = decodeLaunchMessage(message.serialize());
    return {
      message: message.serialize(),
      transaction,
      tokenAmount: BigInt(tokenAmount.toString()),
      maxSolCost: decoded.buy?.maxSolCost ?? 0n,
      computeUnitLimit: withLimit ? LAUNCH_COMPUTE_UNITS : null,
      instructions: decoded.instructions.map((i) => i.name),
    };
  }
  return null;
}

/** The size the launch's transaction would have, with the limit: what the refusal says. */
export function transactionSize(message: Uint8Array, signers: number): number {
  return 1 + signers * 64 + message.length;
}

/** One instruction of a message, with its accounts resolved (no lookup tables: static keys only). */
export interface ResolvedInstruction {
  programId: string;
  accounts: Array<{ address: string; isSigner: boolean; isWritable: boolean }>;
  data: Buffer;
}

export interface ResolvedMessage {
  version: "legacy" | number;
  feePayer: string;
  signers: string[];
  blockhash: string;
  lookupTables: number;
  instructions: ResolvedInstruction[];
}

/** A message's instructions with their accounts as addresses and roles, as the runtime reads them. */
export function resolveMessage(messageBytes: Uint8Array): ResolvedMessage {
  const { web3 } = loadPump();
  const message = web3.VersionedMessage.deserialize(messageBytes);
  const keys = message.staticAccountKeys;
  const lookupTables = message.version === 0 ? message.addressTableLookups.length : 0;
  return {
    version: message.version,
    feePayer: keys[0]?.toBase58() ?? "",
    signers: keys.slice(0, message.header.numRequiredSignatures).map((k) => k.toBase58()),
    blockhash: message.recentBlockhash,
    lookupTables,
    instructions: message.compiledInstructions.map((ix) => ({
      programId: keys[ix.programIdIndex]?.toBase58() ?? `#${ix.programIdIndex}`,
      accounts: ix.accountKeyIndexes.map((i) => ({
        address: keys[i]?.toBase58() ?? `#${i}`,
        isSigner: message.isAccountSigner(i),
        isWritable: message.isAccountWritable(i),
      })),
      data: Buffer.from(ix.data),
    })),
  };
}

export interface DecodedLaunch {
  instructions: Array<{ programId: string; name: string }>;
  create?: { name: string; symbol: string; uri: string; creator: string; mint: string; user: string };
  buy?: { amount: bigint; maxSolCost: bigint; mint: string; user: string; feeRecipient: string };
  computeUnitLimit: number | null;
}

/** A launch message decoded against the program's IDL: what it creates, what it buys, for how much at most. */
export function decodeLaunchMessage(messageBytes: Uint8Array): DecodedLaunch {
  const { coder, sdk } = loadPump();
  const program = sdk.PUMP_PROGRAM_ID.toBase58();
  const resolved = resolveMessage(messageBytes);
  const out: DecodedLaunch = { instructions: [], computeUnitLimit: null };
  for (const ix of resolved.instructions) {
    if (ix.programId === COMPUTE_BUDGET_PROGRAM) {
      const limit = ix.data[0] === 2 && ix.data.length === 5 ? ix.data.readUInt32LE(1) : null;
      if (limit !== null) out.computeUnitLimit = limit;
      out.instructions.push({
        programId: ix.programId,
        name: limit !== null ? "set_compute_unit_limit" : "compute_budget",
      });
      continue;
    }
    if (ix.programId === ASSOCIATED_TOKEN_PROGRAM) {
      out.instructions.push({ programId: ix.programId, name: "create_associated_token_account_idempotent" });
      continue;
    }
    if (ix.programId !== program) {
      out.instructions.push({ programId: ix.programId, name: "unknown" });
      continue;
    }
    const decoded = (
      coder.instruction as unknown as { decode(data: Buffer): { name: string; data: unknown } | null }
    ).decode(ix.data);
    const name = decoded?.name ?? "unknown";
    out.instructions.push({ programId: ix.programId, name: snake(name) });
    const at = (i: number) => ix.accounts[i]?.address ?? "";
    if (decoded && name === "createV2") {
      const d = decoded.data as {
        name: string;
        symbol: string;
        uri: string;
        creator: { toBase58(): string };
      };
      // Accounts as the IDL lists them: mint first, user sixth.
      out.create = {
        name: d.name,
        symbol: d.symbol,
        uri: d.uri,
        creator: d.creator.toBase58(),
        mint: at(0),
        user: at(5),
      };
    }
    if (decoded && name === "buy") {
      const d = decoded.data as { amount: BN; maxSolCost: BN };
      out.buy = {
        amount: BigInt(d.amount.toString()),
        maxSolCost: BigInt(d.maxSolCost.toString()),
        feeRecipient: at(1),
        mint: at(2),
        user: at(6),
      };
    }
  }
  return out;
}

/** The IDL's own name of an instruction (the coder gives it in camelCase): createV2 -> create_v2. */
const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
