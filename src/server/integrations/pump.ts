import { createRequire } from "node:module";
import { TRADE_SLIPPAGE_PERCENT } from "@/common/launch";

/**
 * The official pump SDK (`@pump-fun/pump-sdk` 2.x), on the server only (issue 29, decision 016). Its ES module
 * build does not load on Node's ESM loader, so it is required as CommonJS, and only when a launch is first
 * prepared (loading it costs ~0.4 s and ~40 MB that a server which never launches should not pay).
 * `@solana/web3.js` is required the same way, so its classes are the very ones the SDK's instructions use,
 * and `bn.js` from the SDK's own place (its amounts are BN instances).
 */

type PumpSdk = typeof import("@pump-fun/pump-sdk");
type Web3 = typeof import("@solana/web3.js");
type SplToken = typeof import("@solana/spl-token");
/** The SDK's amounts: bn.js instances (its types come with the SDK, not with this project). */
type BN = ReturnType<PumpSdk["getBuyTokenAmountFromSolAmount"]>;

export interface Pump {
  sdk: PumpSdk;
  web3: Web3;
  /** The SDK's own `@solana/spl-token`: token accounts read and closed as the SDK's builders make them. */
  splToken: SplToken;
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
  const splToken = fromSdk("@solana/spl-token") as SplToken;
  // An offline program: its coder reads and writes the program's accounts and instructions by its IDL.
  const coder = sdk.getPumpProgram(null as unknown as Parameters<PumpSdk["getPumpProgram"]>[0]).coder;
  loaded = { sdk, web3, splToken, BN: BNClass, coder };
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
  const { global, feeConfig } = programState(params);
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
    const { message, transaction } = compile(wallet, params.blockhash, list);
    if (transaction.length > params.maxBytes) continue;
    const decoded = decodeLaunchMessage(message);
    return {
      message,
      transaction,
      tokenAmount: BigInt(tokenAmount.toString()),
      maxSolCost: decoded.buy?.maxSolCost ?? 0n,
      computeUnitLimit: withLimit ? LAUNCH_COMPUTE_UNITS : null,
      instructions: decoded.instructions.map((i) => i.name),
    };
  }
  return null;
}

type PublicKey = import("@solana/web3.js").PublicKey;
type Instruction = import("@solana/web3.js").TransactionInstruction;

/** An account as the SDK's decoders take it (only the data and the owner are read). */
const accountInfo = (data: Buffer, owner: PublicKey) => ({ data, owner, lamports: 0, executable: false });

/** The program's Global and FeeConfig, decoded by the SDK from the node's bytes. */
function programState(params: { globalData: Buffer; feeConfigData: Buffer }) {
  const { sdk } = loadPump();
  return {
    global: sdk.PUMP_SDK.decodeGlobal(accountInfo(params.globalData, sdk.PUMP_PROGRAM_ID)),
    feeConfig: sdk.PUMP_SDK.decodeFeeConfig(accountInfo(params.feeConfigData, sdk.PUMP_FEE_PROGRAM_ID)),
  };
}

/** A v0 message (the wallet pays) and its unsigned wire transaction. */
function compile(
  payer: PublicKey,
  blockhash: string,
  instructions: Instruction[],
): { message: Uint8Array; transaction: Uint8Array } {
  const { web3 } = loadPump();
  const message = new web3.TransactionMessage({
    payerKey: payer,
    recentBlockhash: blockhash,
    instructions,
  }).compileToV0Message();
  return { message: message.serialize(), transaction: new web3.VersionedTransaction(message).serialize() };
}

/**
 * Where a coin's bonding curve stands: still trading on the curve in SOL, complete (graduated to the AMM,
 * where the curve's program no longer trades it), or quoted in another coin (which the curve's SOL buy and
 * sell cannot trade).
 */
export function curveState(data: Buffer): "trading" | "complete" | "notSol" {
  const { sdk, web3 } = loadPump();
  const curve = sdk.PUMP_SDK.decodeBondingCurve(accountInfo(data, sdk.PUMP_PROGRAM_ID));
  if (curve.complete) return "complete";
  return curve.quoteMint.equals(web3.PublicKey.default) ? "trading" : "notSol";
}

/** A coin's bonding curve (its address, by the SDK's derivation). */
export const bondingCurveAddress = (mint: string): string => loadPump().sdk.bondingCurvePda(mint).toBase58();

/** The wallet's associated token account of a coin under `tokenProgram` (Token-2022 for create_v2 coins). */
export function tokenAccountAddress(mint: string, wallet: string, tokenProgram: string): string {
  const { splToken, web3 } = loadPump();
  return splToken
    .getAssociatedTokenAddressSync(
      new web3.PublicKey(mint),
      new web3.PublicKey(wallet),
      true,
      new web3.PublicKey(tokenProgram),
    )
    .toBase58();
}

/** The programs a coin's token accounts may belong to. */
export function tokenPrograms(): { token: string; token2022: string } {
  const { splToken } = loadPump();
  return {
    token: splToken.TOKEN_PROGRAM_ID.toBase58(),
    token2022: splToken.TOKEN_2022_PROGRAM_ID.toBase58(),
  };
}

/**
 * A token account's balance, as the token program keeps it (base units); null for another coin or owner, or
 * bytes that are no token account.
 */
export function tokenAccountAmount(
  address: string,
  account: { owner: string; data: Buffer },
  expected: { mint: string; wallet: string },
): bigint | null {
  const { splToken, web3 } = loadPump();
  try {
    const unpacked = splToken.unpackAccount(
      new web3.PublicKey(address),
      accountInfo(account.data, new web3.PublicKey(account.owner)),
      new web3.PublicKey(account.owner),
    );
    if (unpacked.mint.toBase58() !== expected.mint || unpacked.owner.toBase58() !== expected.wallet)
      return null;
    return unpacked.amount;
  } catch {
    return null;
  }
}

export interface TradeBuild {
  message: Uint8Array;
  transaction: Uint8Array;
  instructions: string[];
  /** The coin's base units sold or bought. */
  tokenAmount: bigint;
  /** The SDK's quote: the SOL the sale gets, or the SOL the buy spends (lamports). */
  solAmount: bigint;
  /** The sale's least SOL, or the buy's most (lamports): the program refuses the trade beyond it. */
  solLimit: bigint;
}

interface TradeParams {
  globalData: Buffer;
  feeConfigData: Buffer;
  bondingCurveData: Buffer;
  wallet: string;
  mint: string;
  blockhash: string;
}

/**
 * The Sell, v0: every token of the wallet's Token-2022 account of the launch's coin sold on its curve by the
 * SDK's own builder, for at least its quote less TRADE_SLIPPAGE_PERCENT, then the emptied account closed (its
 * rent back to the wallet). The wallet is the only signer.
 */
export async function buildSell(params: TradeParams & { tokenAmount: bigint }): Promise<TradeBuild> {
  const { sdk, web3, splToken, BN: BNClass } = loadPump();
  const { global, feeConfig } = programState(params);
  const curveInfo = accountInfo(params.bondingCurveData, sdk.PUMP_PROGRAM_ID);
  const bondingCurve = sdk.PUMP_SDK.decodeBondingCurve(curveInfo);
  const amount = new BNClass(params.tokenAmount.toString());
  // The curve's own supply: a pump coin's is minted whole at its creation and is what the fee tiers read.
  const solAmount = sdk.getSellSolAmountFromTokenAmount({
    global,
    feeConfig,
    mintSupply: bondingCurve.tokenTotalSupply,
    bondingCurve,
    amount,
  });
  const wallet = new web3.PublicKey(params.wallet);
  const mint = new web3.PublicKey(params.mint);
  const tokenProgram = splToken.TOKEN_2022_PROGRAM_ID;
  const sell = await sdk.PUMP_SDK.sellInstructions({
    global,
    bondingCurveAccountInfo: curveInfo,
    bondingCurve,
    mint,
    user: wallet,
    amount,
    solAmount,
    slippage: TRADE_SLIPPAGE_PERCENT,
    tokenProgram,
    mayhemMode: bondingCurve.isMayhemMode,
    cashback: bondingCurve.isCashbackCoin,
  });
  const tokenAccount = splToken.getAssociatedTokenAddressSync(mint, wallet, true, tokenProgram);
  const close = splToken.createCloseAccountInstruction(tokenAccount, wallet, wallet, [], tokenProgram);
  const { message, transaction } = compile(wallet, params.blockhash, [...sell, close]);
  const decoded = decodeLaunchMessage(message);
  return {
    message,
    transaction,
    instructions: decoded.instructions.map((i) => i.name),
    tokenAmount: params.tokenAmount,
    solAmount: BigInt(solAmount.toString()),
    solLimit: decoded.sell?.minSolOutput ?? 0n,
  };
}

/**
 * The Buy back, v0: `lamports` spent on the paper's own coin on its curve by the SDK's own builder (the
 * wallet's account of the coin created if it has none), the tokens the SDK quotes for them and at most
 * TRADE_SLIPPAGE_PERCENT more SOL. The wallet is the only signer.
 */
export async function buildBuyback(
  params: TradeParams & { lamports: bigint; tokenProgram: string },
): Promise<TradeBuild> {
  const { sdk, web3, BN: BNClass } = loadPump();
  const { global, feeConfig } = programState(params);
  const curveInfo = accountInfo(params.bondingCurveData, sdk.PUMP_PROGRAM_ID);
  const bondingCurve = sdk.PUMP_SDK.decodeBondingCurve(curveInfo);
  const solAmount = new BNClass(params.lamports.toString());
  const tokenAmount = sdk.getBuyTokenAmountFromSolAmount({
    global,
    feeConfig,
    mintSupply: bondingCurve.tokenTotalSupply,
    bondingCurve,
    amount: solAmount,
    quoteMint: bondingCurve.quoteMint,
  });
  const wallet = new web3.PublicKey(params.wallet);
  // Always with the idempotent creation of the wallet's account: the same instructions whatever it holds.
  const instructions = await sdk.PUMP_SDK.buyInstructions({
    global,
    bondingCurveAccountInfo: curveInfo,
    bondingCurve,
    associatedUserAccountInfo: null,
    mint: new web3.PublicKey(params.mint),
    user: wallet,
    amount: tokenAmount,
    solAmount,
    slippage: TRADE_SLIPPAGE_PERCENT,
    tokenProgram: new web3.PublicKey(params.tokenProgram),
  });
  const { message, transaction } = compile(wallet, params.blockhash, instructions);
  const decoded = decodeLaunchMessage(message);
  return {
    message,
    transaction,
    instructions: decoded.instructions.map((i) => i.name),
    tokenAmount: BigInt(tokenAmount.toString()),
    solAmount: params.lamports,
    solLimit: decoded.buy?.maxSolCost ?? 0n,
  };
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
  sell?: { amount: bigint; minSolOutput: bigint; mint: string; user: string; feeRecipient: string };
  /** A token account closed: its rent to `destination`, on the authority of `owner`. */
  close?: { account: string; destination: string; owner: string; programId: string };
  computeUnitLimit: number | null;
}

/**
 * A launch, sell or buy-back message decoded against the program's IDL: what it creates, what it buys or
 * sells and for how much at most or at least, which token account it closes.
 */
export function decodeLaunchMessage(messageBytes: Uint8Array): DecodedLaunch {
  const { coder, sdk } = loadPump();
  const program = sdk.PUMP_PROGRAM_ID.toBase58();
  const programs = tokenPrograms();
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
    // The token programs' CloseAccount is instruction 9 (account, destination, owner).
    if ((ix.programId === programs.token || ix.programId === programs.token2022) && ix.data[0] === 9) {
      out.instructions.push({ programId: ix.programId, name: "close_account" });
      out.close = {
        account: ix.accounts[0]?.address ?? "",
        destination: ix.accounts[1]?.address ?? "",
        owner: ix.accounts[2]?.address ?? "",
        programId: ix.programId,
      };
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
    if (decoded && name === "sell") {
      // The sell's accounts are the buy's, in the same places.
      const d = decoded.data as { amount: BN; minSolOutput: BN };
      out.sell = {
        amount: BigInt(d.amount.toString()),
        minSolOutput: BigInt(d.minSolOutput.toString()),
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
