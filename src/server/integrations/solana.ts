import { z } from "zod";
import { formatSol } from "@/common/solana-pay";
import type { SafeFetch } from "./safe-fetch";

/**
 * On-chain payment checks through Solana JSON-RPC `getTransaction` (jsonParsed, finalized, versioned
 * transactions included). The RPC call and the judgement are separate: `evaluatePayment` is a pure function
 * of the transaction, so every outcome is tested without a network.
 */

export const LAMPORTS_PER_SOL = 1_000_000_000;
/** How long before the submission a payment may have been made. */
export const PAYMENT_WINDOW_DAYS = 7;
/** Clock skew allowed between the chain and this server. */
const FUTURE_SKEW_MS = 5 * 60 * 1000;

export class SolanaRpcError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "SolanaRpcError";
  }
}

const AccountKeySchema = z.union([z.string(), z.object({ pubkey: z.string() })]);

const TransactionSchema = z.object({
  blockTime: z.number().nullish(),
  slot: z.number().optional(),
  meta: z
    .object({
      err: z.unknown().optional(),
      preBalances: z.array(z.number()),
      postBalances: z.array(z.number()),
    })
    .nullable(),
  transaction: z.object({
    signatures: z.array(z.string()),
    message: z.object({ accountKeys: z.array(AccountKeySchema) }),
  }),
});
export type SolanaTransaction = z.infer<typeof TransactionSchema>;

const RpcErrorSchema = z.object({ code: z.number().optional(), message: z.string().optional() }).nullish();

const RpcAnswerSchema = z.object({ result: TransactionSchema.nullish(), error: RpcErrorSchema });

const SignaturesAnswerSchema = z.object({
  result: z.array(z.object({ signature: z.string(), err: z.unknown().optional() })).nullish(),
  error: RpcErrorSchema,
});

/** How many of a reference's signatures are looked at: a reference is paid once, a few tries at most. */
const SIGNATURES_LIMIT = 10;

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

/** The finalized transaction, or null when the node does not know it (yet). */
export async function getTransaction(
  http: SafeFetch,
  rpcUrl: string,
  signature: string,
): Promise<SolanaTransaction | null> {
  const answer = await rpcCall(
    http,
    rpcUrl,
    "getTransaction",
    [signature, { encoding: "jsonParsed", commitment: "finalized", maxSupportedTransactionVersion: 0 }],
    RpcAnswerSchema,
  );
  return answer.result ?? null;
}

/**
 * The finalized, successful transactions that name `address` (a Solana Pay reference), newest first
 * (`getSignaturesForAddress`). Failed ones are left out: they paid nothing.
 */
export async function findSignaturesFor(http: SafeFetch, rpcUrl: string, address: string): Promise<string[]> {
  const answer = await rpcCall(
    http,
    rpcUrl,
    "getSignaturesForAddress",
    [address, { commitment: "finalized", limit: SIGNATURES_LIMIT }],
    SignaturesAnswerSchema,
  );
  return (answer.result ?? []).filter((s) => s.err === null || s.err === undefined).map((s) => s.signature);
}

/** Every account a transaction names, in order (signers, writable, read-only: a reference is among them). */
export function accountKeysOf(tx: SolanaTransaction): string[] {
  return tx.transaction.message.accountKeys.map((k) => (typeof k === "string" ? k : k.pubkey));
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
}

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
  otherReference: "This transaction paid for another submission",
  usedElsewhere: "This transaction has already been used for another submission",
} as const;

/** Judges a transaction (or its absence) against what the submission claims. */
export function evaluatePayment(tx: SolanaTransaction | null, expected: PaymentExpectation): PaymentVerdict {
  const no = (reason: string): PaymentVerdict => ({ verified: false, reason });
  if (!tx) return no(PAYMENT_REASONS.notFound);
  if (!tx.meta || (tx.meta.err !== null && tx.meta.err !== undefined)) return no(PAYMENT_REASONS.failed);
  if (tx.transaction.signatures[0] !== expected.signature) return no(PAYMENT_REASONS.signatureMismatch);

  const keys = accountKeysOf(tx);
  if (expected.reference && !keys.includes(expected.reference)) return no(PAYMENT_REASONS.noReference);
  const index = keys.indexOf(expected.paymentAddress);
  const pre = index === -1 ? undefined : tx.meta.preBalances[index];
  const post = index === -1 ? undefined : tx.meta.postBalances[index];
  if (pre === undefined || post === undefined) return no(PAYMENT_REASONS.otherAddress);
  const received = post - pre;
  if (received <= 0) return no(PAYMENT_REASONS.otherAddress);
  const priceLamports = Math.round(expected.priceSol * LAMPORTS_PER_SOL);
  if (received < priceLamports) {
    return no(`Amount ${formatSol(received)} is below the ${formatSol(priceLamports)} price`);
  }

  if (tx.blockTime === null || tx.blockTime === undefined) return no(PAYMENT_REASONS.noTime);
  const paidAt = tx.blockTime * 1000;
  if (paidAt < expected.submittedAt.getTime() - PAYMENT_WINDOW_DAYS * 24 * 60 * 60 * 1000) {
    return no(PAYMENT_REASONS.tooOld);
  }
  if (paidAt > expected.now.getTime() + FUTURE_SKEW_MS) return no(PAYMENT_REASONS.inFuture);
  return { verified: true, reason: `Payment of ${formatSol(received)} confirmed` };
}
