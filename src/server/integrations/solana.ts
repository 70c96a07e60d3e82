import { getBase58Encoder } from "@solana/kit";
import { z } from "zod";
import { formatSol, lamportsFromSol } from "@/common/solana-pay";
import type { SafeFetch } from "./safe-fetch";

/**
 * On-chain payment checks through Solana JSON-RPC `getTransaction` (json encoding, finalized, versioned
 * transactions included). The RPC call and the judgement are separate: `evaluatePayment` is a pure function
 * of the transaction, so every outcome is tested without a network.
 */

/** How long before the submission a payment may have been made. */
export const PAYMENT_WINDOW_DAYS = 7;
/** Clock skew allowed between the chain and this server. */
export const CLOCK_SKEW_MS = 5 * 60 * 1000;

export class SolanaRpcError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "SolanaRpcError";
  }
}

const InstructionSchema = z.object({
  programIdIndex: z.number().int().nonnegative(),
  accounts: z.array(z.number().int().nonnegative()),
  /** base58 */
  data: z.string(),
});

/**
 * A transaction as `getTransaction` answers with encoding "json": account keys as strings and instructions
 * as indexes into them. Not "jsonParsed": that shows a System transfer as { source, destination, lamports }
 * and drops the extra accounts, the very place Solana Pay puts the reference.
 */
const TransactionSchema = z.object({
  blockTime: z.number().nullish(),
  slot: z.number().optional(),
  meta: z
    .object({
      err: z.unknown().optional(),
      /** The fee the fee payer paid (lamports), priority fee included. */
      fee: z.number().optional(),
      preBalances: z.array(z.number()),
      postBalances: z.array(z.number()),
      /** v0 transactions: the accounts loaded from address lookup tables, after the static ones. */
      loadedAddresses: z.object({ writable: z.array(z.string()), readonly: z.array(z.string()) }).nullish(),
    })
    .nullable(),
  transaction: z.object({
    signatures: z.array(z.string()),
    message: z.object({ accountKeys: z.array(z.string()), instructions: z.array(InstructionSchema) }),
  }),
});
export type SolanaTransaction = z.infer<typeof TransactionSchema>;

const RpcErrorSchema = z.object({ code: z.number().optional(), message: z.string().optional() }).nullish();

const RpcAnswerSchema = z.object({ result: TransactionSchema.nullish(), error: RpcErrorSchema });

const SignaturesAnswerSchema = z.object({
  result: z
    .array(z.object({ signature: z.string(), err: z.unknown().optional(), blockTime: z.number().nullish() }))
    .nullish(),
  error: RpcErrorSchema,
});

/** Signatures per getSignaturesForAddress page: the most a node gives. */
export const SIGNATURES_PAGE_LIMIT = 1000;
/**
 * Pages one look at a reference reads at most (10,000 signatures, 10 calls). Anyone can name a reference once
 * it is on chain, in as many transactions as they pay fees for, so one check must stay bounded; beyond it
 * only the newest 10,000 are seen (hiding a payment that way costs 0.05 SOL in fees, and a pasted signature
 * is checked without this listing).
 */
export const MAX_SIGNATURE_PAGES = 10;

async function rpcCall<T extends z.ZodType<{ error?: { message?: string } | null }>>(
  http: SafeFetch,
  rpcUrl: string,
  method: string,
  params: unknown[],
  schema: T,
): Promise<z.infer<T>> {
  const answer = await http.json(rpcUrl, schema, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  if (answer.error)
    throw new SolanaRpcError(`The Solana RPC refused the call: ${answer.error.message ?? "unknown error"}`);
  return answer;
}

/**
 * The transaction at `commitment` (finalized unless asked: a payment counts once it cannot be rolled back),
 * or null when the node does not know it (yet).
 */
export async function getTransaction(
  http: SafeFetch,
  rpcUrl: string,
  signature: string,
  commitment: "confirmed" | "finalized" = "finalized",
): Promise<SolanaTransaction | null> {
  const answer = await rpcCall(
    http,
    rpcUrl,
    "getTransaction",
    [signature, { encoding: "json", commitment, maxSupportedTransactionVersion: 0 }],
    RpcAnswerSchema,
  );
  return answer.result ?? null;
}

export interface ReferenceSignatures {
  /** The successful transactions naming the address, oldest first (failed ones paid nothing). */
  signatures: string[];
  /** False when MAX_SIGNATURE_PAGES ran out before `since`: older signatures were not read. */
  complete: boolean;
}

/**
 * The finalized, successful transactions that name `address` (a Solana Pay reference) from `since` on,
 * oldest first: `getSignaturesForAddress` pages backwards (`before`) until a page reaches `since` or is
 * short, so no number of newer transactions hides an older one (up to MAX_SIGNATURE_PAGES).
 */
export async function findSignaturesFor(
  http: SafeFetch,
  rpcUrl: string,
  address: string,
  since: Date,
): Promise<ReferenceSignatures> {
  const found: string[] = [];
  let before: string | undefined;
  for (let page = 0; page < MAX_SIGNATURE_PAGES; page++) {
    const answer = await rpcCall(
      http,
      rpcUrl,
      "getSignaturesForAddress",
      [address, { commitment: "finalized", limit: SIGNATURES_PAGE_LIMIT, ...(before ? { before } : {}) }],
      SignaturesAnswerSchema,
    );
    const entries = answer.result ?? [];
    for (const entry of entries) {
      if (typeof entry.blockTime === "number" && entry.blockTime * 1000 < since.getTime())
        return { signatures: found.reverse(), complete: true };
      if (entry.err === null || entry.err === undefined) found.push(entry.signature);
    }
    before = entries.at(-1)?.signature;
    if (entries.length < SIGNATURES_PAGE_LIMIT || !before)
      return { signatures: found.reverse(), complete: true };
  }
  return { signatures: found.reverse(), complete: false };
}

/**
 * Every account a transaction names, in the order its instructions index them: the static keys (signers,
 * writable, read-only), then those a v0 transaction loads from lookup tables (writable, then read-only).
 */
export function accountKeysOf(tx: SolanaTransaction): string[] {
  const loaded = tx.meta?.loadedAddresses;
  return [...tx.transaction.message.accountKeys, ...(loaded?.writable ?? []), ...(loaded?.readonly ?? [])];
}

const SYSTEM_PROGRAM = "11111111111111111111111111111111";
/** The System Program's Transfer: u32 2 then the u64 lamports, little-endian. */
const SYSTEM_TRANSFER = 2;
const SYSTEM_TRANSFER_BYTES = 12;

/** A top-level System Program transfer, with the extra accounts a Solana Pay wallet adds to it. */
export interface SystemTransfer {
  source: string;
  destination: string;
  lamports: bigint;
  /** The read-only keys after source and destination: the request's references, in its order. */
  references: string[];
}

/**
 * The transaction's top-level System Program transfers. Inner (program-invoked) transfers are not
 * transfer requests: a Solana Pay wallet signs a transfer instruction of its own.
 */
export function systemTransfersOf(tx: SolanaTransaction): SystemTransfer[] {
  const keys = accountKeysOf(tx);
  const transfers: SystemTransfer[] = [];
  for (const instruction of tx.transaction.message.instructions) {
    if (keys[instruction.programIdIndex] !== SYSTEM_PROGRAM) continue;
    let data: Uint8Array;
    try {
      data = getBase58Encoder().encode(instruction.data) as Uint8Array;
    } catch {
      continue;
    }
    if (data.length !== SYSTEM_TRANSFER_BYTES) continue;
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    if (view.getUint32(0, true) !== SYSTEM_TRANSFER) continue;
    const [source, destination, ...references] = instruction.accounts.map((i) => keys[i]);
    if (source === undefined || destination === undefined || references.some((k) => k === undefined))
      continue;
    transfers.push({
      source,
      destination,
      lamports: view.getBigUint64(4, true),
      references: references as string[],
    });
  }
  return transfers;
}

export interface PaymentExpectation {
  signature: string;
  paymentAddress: string;
  priceSol: number;
  /** The submission's Solana Pay reference, when the payment must carry it (found by reference). */
  reference?: string;
  /** When the submission was made: the payment may be at most PAYMENT_WINDOW_DAYS older. */
  submittedAt: Date;
  now: Date;
}

export interface PaymentVerdict {
  verified: boolean;
  reason: string;
  /** A verified payment: the transfer that paid (its lamports and references) and when, by the chain. */
  transfer?: SystemTransfer;
  paidAt?: Date;
}

/**
 * The note a payment verified on chain leaves on its headline ("Payment of 0.35 SOL confirmed", written by
 * evaluatePayment below): the autopilot crowns a promotion only when its payment says so (issue 30).
 */
export const CONFIRMED_ON_CHAIN = /^Payment of .+ confirmed$/;

export const PAYMENT_REASONS = {
  notFound: "Transaction not found or not finalized",
  failed: "Transaction failed on chain",
  signatureMismatch: "Transaction signature does not match the submitted one",
  otherAddress: "Payment went to another address",
  tooOld: "Transaction is older than the submission window",
  inFuture: "Transaction time is after the check time",
  noTime: "Transaction time is unknown",
  notASignature: "The transaction ID is not a Solana transaction signature",
  noReference: "The transaction does not carry this submission's payment reference",
  otherReferences: "The transfer names other payment references besides this submission's",
  otherReference: "This transaction paid for another submission",
  usedElsewhere: "This transaction has already been used for another submission",
} as const;

/**
 * Judges a transaction (or its absence) against what the submission claims, as the Solana Pay transfer
 * request spec defines a payment: a System Program transfer to the payment address that moves at least the
 * price by itself and, when found by reference, names exactly the request's reference as its extra
 * account (the reference elsewhere in the transaction pays nothing; a transfer naming more references than
 * the request's is not this request's). Finalized (the RPC is asked so) and successful. The transfer need not
 * be the last instruction: wallets append instructions of their own (Phantom's Lighthouse assertions).
 */
export function evaluatePayment(tx: SolanaTransaction | null, expected: PaymentExpectation): PaymentVerdict {
  const no = (reason: string): PaymentVerdict => ({ verified: false, reason });
  if (!tx) return no(PAYMENT_REASONS.notFound);
  if (!tx.meta || (tx.meta.err !== null && tx.meta.err !== undefined)) return no(PAYMENT_REASONS.failed);
  if (tx.transaction.signatures[0] !== expected.signature) return no(PAYMENT_REASONS.signatureMismatch);

  // Paying oneself moves nothing.
  let transfers = systemTransfersOf(tx).filter(
    (t) => t.destination === expected.paymentAddress && t.source !== expected.paymentAddress,
  );
  if (transfers.length === 0) return no(PAYMENT_REASONS.otherAddress);
  const { reference } = expected;
  if (reference) {
    const exact = transfers.filter((t) => t.references.length === 1 && t.references[0] === reference);
    if (exact.length === 0)
      return no(
        transfers.some((t) => t.references.includes(reference))
          ? PAYMENT_REASONS.otherReferences
          : PAYMENT_REASONS.noReference,
      );
    transfers = exact;
  }
  const transfer = transfers.reduce((a, b) => (b.lamports > a.lamports ? b : a));
  const price = lamportsFromSol(expected.priceSol);
  if (transfer.lamports < price)
    return no(`Amount ${formatSol(transfer.lamports)} is below the ${formatSol(price)} price`);

  if (tx.blockTime === null || tx.blockTime === undefined) return no(PAYMENT_REASONS.noTime);
  const paidAt = new Date(tx.blockTime * 1000);
  if (paidAt.getTime() < expected.submittedAt.getTime() - PAYMENT_WINDOW_DAYS * 24 * 60 * 60 * 1000) {
    return no(PAYMENT_REASONS.tooOld);
  }
  if (paidAt.getTime() > expected.now.getTime() + CLOCK_SKEW_MS) return no(PAYMENT_REASONS.inFuture);
  return { verified: true, reason: `Payment of ${formatSol(transfer.lamports)} confirmed`, transfer, paidAt };
}

// --- token facts (issue 22) ------------------------------------------------------------------------

/**
 * A mint account as `getAccountInfo` with encoding "jsonParsed" shows it (SPL Token and Token-2022 alike):
 * `value.data.parsed.info`. Amounts are decimal strings: a supply passes 2^53 easily.
 */
const MintAccountAnswerSchema = z.object({
  result: z
    .object({ value: z.object({ owner: z.string().optional(), data: z.unknown() }).nullable() })
    .nullish(),
  error: RpcErrorSchema,
});

/** `value.data` of a mint account; anything else (another account type, base64 data) is no mint. */
const MintDataSchema = z.object({
  program: z.string().optional(),
  parsed: z.object({
    type: z.literal("mint"),
    info: z.object({
      mintAuthority: z.string().nullish(),
      freezeAuthority: z.string().nullish(),
      supply: z.string().regex(/^\d+$/),
      decimals: z.number().int().min(0).max(255),
      isInitialized: z.boolean().optional(),
    }),
  }),
});

export interface MintAccount {
  /** Null when renounced (no one can mint more). */
  mintAuthority: string | null;
  /** Null when renounced (no one can freeze holders' accounts). */
  freezeAuthority: string | null;
  /** Base units, exact. */
  supply: bigint;
  decimals: number;
}

/** The mint's authorities and supply, or null when the address holds no initialized token mint. */
export async function getMintAccount(
  http: SafeFetch,
  rpcUrl: string,
  mint: string,
): Promise<MintAccount | null> {
  const answer = await rpcCall(
    http,
    rpcUrl,
    "getAccountInfo",
    [mint, { encoding: "jsonParsed", commitment: "confirmed" }],
    MintAccountAnswerSchema,
  );
  if (!answer.result) throw new SolanaRpcError("The Solana RPC gave no account answer");
  const mintData = MintDataSchema.safeParse(answer.result.value?.data);
  if (!mintData.success || mintData.data.parsed.info.isInitialized === false) return null;
  const parsed = mintData.data.parsed;
  return {
    mintAuthority: parsed.info.mintAuthority ?? null,
    freezeAuthority: parsed.info.freezeAuthority ?? null,
    supply: BigInt(parsed.info.supply),
    decimals: parsed.info.decimals,
  };
}

const LargestAccountsAnswerSchema = z.object({
  result: z
    .object({
      value: z.array(z.object({ address: z.string(), amount: z.string().regex(/^\d+$/) })),
    })
    .nullish(),
  error: RpcErrorSchema,
});

/** The largest token accounts' amounts in base units, largest first (a node gives up to 20). */
export async function getLargestTokenAccounts(
  http: SafeFetch,
  rpcUrl: string,
  mint: string,
): Promise<bigint[]> {
  const answer = await rpcCall(
    http,
    rpcUrl,
    "getTokenLargestAccounts",
    [mint, { commitment: "confirmed" }],
    LargestAccountsAnswerSchema,
  );
  if (!answer.result) throw new SolanaRpcError("The Solana RPC gave no largest accounts");
  return answer.result.value.map((a) => BigInt(a.amount)).sort((a, b) => (b > a ? 1 : b < a ? -1 : 0));
}

/**
 * The percent of `supply` the `count` largest amounts hold, to 2 decimals (bigint all the way: the amounts
 * are exact). Null for a zero supply.
 */
export function topShare(amounts: readonly bigint[], supply: bigint, count = 10): number | null {
  if (supply <= 0n) return null;
  const held = [...amounts]
    .sort((a, b) => (b > a ? 1 : b < a ? -1 : 0))
    .slice(0, count)
    .reduce((sum, amount) => sum + amount, 0n);
  // Hundredths of a percent, rounded half up.
  const basisPoints = (held * 20_000n + supply) / (supply * 2n);
  return Number(basisPoints) / 100;
}

/** Base units as an exact decimal string of whole tokens: 999973210592529 with 6 decimals is "999973210.592529". */
export function uiAmount(amount: bigint, decimals: number): string {
  if (decimals === 0) return amount.toString();
  const digits = amount.toString().padStart(decimals + 1, "0");
  const whole = digits.slice(0, -decimals);
  const fraction = digits.slice(-decimals).replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : whole;
}

// --- the paper's launches (issue 29) ---------------------------------------------------------------

/** An account's raw data (`getAccountInfo`, encoding base64), or null when the address holds none. */
export interface RawAccount {
  owner: string;
  lamports: number;
  data: Buffer;
}

const RawAccountAnswerSchema = z.object({
  result: z
    .object({
      value: z
        .object({
          owner: z.string(),
          lamports: z.number(),
          data: z.tuple([z.string(), z.literal("base64")]),
        })
        .nullable(),
    })
    .nullish(),
  error: RpcErrorSchema,
});

export async function getRawAccount(
  http: SafeFetch,
  rpcUrl: string,
  address: string,
): Promise<RawAccount | null> {
  const answer = await rpcCall(
    http,
    rpcUrl,
    "getAccountInfo",
    [address, { encoding: "base64", commitment: "confirmed" }],
    RawAccountAnswerSchema,
  );
  if (!answer.result) throw new SolanaRpcError("The Solana RPC gave no account answer");
  const value = answer.result.value;
  return (
    value && { owner: value.owner, lamports: value.lamports, data: Buffer.from(value.data[0], "base64") }
  );
}

const LatestBlockhashAnswerSchema = z.object({
  result: z
    .object({
      value: z.object({ blockhash: z.string(), lastValidBlockHeight: z.number().int().nonnegative() }),
    })
    .nullish(),
  error: RpcErrorSchema,
});

/**
 * A recent blockhash (confirmed: good for ~60-90 s) and the last block height a transaction naming it can
 * land in. `timeoutMs` for a caller someone waits on.
 */
export async function getLatestBlockhash(
  http: SafeFetch,
  rpcUrl: string,
  timeoutMs?: number,
): Promise<{ blockhash: string; lastValidBlockHeight: number }> {
  const answer = await http.json(rpcUrl, LatestBlockhashAnswerSchema, {
    method: "POST",
    headers: { "content-type": "application/json" },
    ...(timeoutMs !== undefined && { timeoutMs }),
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "getLatestBlockhash",
      params: [{ commitment: "confirmed" }],
    }),
  });
  if (!answer.result) {
    throw new SolanaRpcError(`The Solana RPC refused the call: ${answer.error?.message ?? "no result"}`);
  }
  return answer.result.value;
}

const NumberAnswerSchema = z.object({
  result: z.number().int().nonnegative().nullish(),
  error: RpcErrorSchema,
});

/** The chain's current block height (confirmed): a transaction whose last valid height is below it expired. */
export async function getBlockHeight(http: SafeFetch, rpcUrl: string): Promise<number> {
  const answer = await rpcCall(
    http,
    rpcUrl,
    "getBlockHeight",
    [{ commitment: "confirmed" }],
    NumberAnswerSchema,
  );
  if (answer.result === null || answer.result === undefined)
    throw new SolanaRpcError("The Solana RPC gave no block height");
  return answer.result;
}

const SimulationAnswerSchema = z.object({
  result: z
    .object({
      value: z.object({
        err: z.unknown().optional(),
        logs: z.array(z.string()).nullish(),
        unitsConsumed: z.number().nullish(),
      }),
    })
    .nullish(),
  error: RpcErrorSchema,
});

export interface Simulation {
  /** The runtime's error, or null when the transaction would succeed. */
  err: unknown;
  logs: string[];
  unitsConsumed: number | null;
}

/**
 * Runs a signed transaction (base64 wire bytes) without landing it: its signatures checked and its own
 * blockhash kept, so what is simulated is exactly what would be sent.
 */
export async function simulateTransaction(
  http: SafeFetch,
  rpcUrl: string,
  base64: string,
): Promise<Simulation> {
  const answer = await rpcCall(
    http,
    rpcUrl,
    "simulateTransaction",
    [base64, { encoding: "base64", sigVerify: true, replaceRecentBlockhash: false, commitment: "confirmed" }],
    SimulationAnswerSchema,
  );
  if (!answer.result) throw new SolanaRpcError("The Solana RPC gave no simulation");
  const { err, logs, unitsConsumed } = answer.result.value;
  return { err: err ?? null, logs: logs ?? [], unitsConsumed: unitsConsumed ?? null };
}

const SignatureAnswerSchema = z.object({ result: z.string().nullish(), error: RpcErrorSchema });

/**
 * Hands a signed transaction (base64) to the node, which forwards it to the leaders. Preflight is skipped:
 * the caller has just simulated it. The node keeps re-sending it until it lands or its blockhash expires.
 */
export async function sendTransaction(http: SafeFetch, rpcUrl: string, base64: string): Promise<string> {
  const answer = await rpcCall(
    http,
    rpcUrl,
    "sendTransaction",
    [base64, { encoding: "base64", skipPreflight: true, maxRetries: 30 }],
    SignatureAnswerSchema,
  );
  if (!answer.result) throw new SolanaRpcError("The Solana RPC gave no signature");
  return answer.result;
}

const StatusesAnswerSchema = z.object({
  result: z
    .object({
      value: z.array(
        z
          .object({
            slot: z.number().optional(),
            err: z.unknown().optional(),
            confirmationStatus: z.enum(["processed", "confirmed", "finalized"]).nullish(),
          })
          .nullable(),
      ),
    })
    .nullish(),
  error: RpcErrorSchema,
});

export interface SignatureStatus {
  err: unknown;
  confirmationStatus: "processed" | "confirmed" | "finalized" | null;
}

/** Where a sent transaction stands (searching the node's history too), or null when the node has not seen it. */
export async function getSignatureStatus(
  http: SafeFetch,
  rpcUrl: string,
  signature: string,
): Promise<SignatureStatus | null> {
  const answer = await rpcCall(
    http,
    rpcUrl,
    "getSignatureStatuses",
    [[signature], { searchTransactionHistory: true }],
    StatusesAnswerSchema,
  );
  if (!answer.result) throw new SolanaRpcError("The Solana RPC gave no signature status");
  const status = answer.result.value[0];
  return status ? { err: status.err ?? null, confirmationStatus: status.confirmationStatus ?? null } : null;
}
