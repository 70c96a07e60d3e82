/**
 * Solana Pay transfer requests (https://docs.solanapay.com/spec): the `solana:` link a wallet opens, shown
 * as a QR code and used by the "Pay with wallet" button. Written here rather than taken from `@solana/pay`,
 * which pulls in `@solana/web3.js` 1.x (hundreds of kB) for what is a URL with five parameters; the tests
 * check it against the spec's own examples.
 */

export const LAMPORTS_PER_SOL = 1_000_000_000n;
const SOL_DECIMALS = 9;

export interface TransferRequest {
  /** Base58 address that receives the SOL. */
  recipient: string;
  /** Decimal SOL amount as the spec writes it ("0.35"): never an exponent, at most 9 decimals. */
  amount: string;
  /** Base58 public keys the transaction must include as read-only accounts, so the payment can be found. */
  references: readonly string[];
  label?: string;
  message?: string;
  memo?: string;
}

/** 0.35 -> 350000000n: SOL as a whole number of lamports (rounded to the lamport, so 0.1 + 0.2 is 0.3). */
export function lamportsFromSol(sol: number): bigint {
  if (!Number.isFinite(sol) || sol < 0) throw new RangeError(`Not a SOL amount: ${sol}`);
  return BigInt(Math.round(sol * Number(LAMPORTS_PER_SOL)));
}

/**
 * Lamports as a decimal SOL amount: 350000000n -> "0.35", 1n -> "0.000000001", 10n ** 18n -> "1000000000".
 * Integer arithmetic, so never an exponent ("1e-9"), which neither people nor the spec read. The one writer
 * of SOL amounts: transfer requests, receipts, payment notes and the pages.
 */
export function formatLamports(lamports: bigint | number): string {
  const value = BigInt(lamports);
  if (value < 0n) return `-${formatLamports(-value)}`;
  const whole = value / LAMPORTS_PER_SOL;
  const fraction = (value % LAMPORTS_PER_SOL).toString().padStart(SOL_DECIMALS, "0").replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

/** Lamports with the unit, as notes and pages write them: "0.35 SOL", "0.000000001 SOL". */
export const formatSol = (lamports: bigint | number) => `${formatLamports(lamports)} SOL`;

/** 0.35 -> "0.35"; 1e-9 -> "0.000000001"; never "3.5e-7" (the spec forbids scientific notation). */
export const solAmount = (sol: number): string => formatLamports(lamportsFromSol(sol));

/** "0.35" -> 350000000n; null for anything that is not a decimal of at most 9 places. */
export function lamportsOf(amount: string): bigint | null {
  const match = /^(\d+)(?:\.(\d{1,9}))?$/.exec(amount);
  if (!match) return null;
  const [, whole = "0", fraction = ""] = match;
  return BigInt(whole) * LAMPORTS_PER_SOL + BigInt(fraction.padEnd(SOL_DECIMALS, "0"));
}

/** The `solana:` URL of a transfer request, every parameter encoded. */
export function transferRequestUrl(request: TransferRequest): string {
  const params: string[] = [`amount=${encodeURIComponent(request.amount)}`];
  for (const reference of request.references) params.push(`reference=${encodeURIComponent(reference)}`);
  if (request.label) params.push(`label=${encodeURIComponent(request.label)}`);
  if (request.message) params.push(`message=${encodeURIComponent(request.message)}`);
  if (request.memo) params.push(`memo=${encodeURIComponent(request.memo)}`);
  return `solana:${encodeURIComponent(request.recipient)}?${params.join("&")}`;
}

/** The transfer request in a `solana:` URL; null when it is not one (or names an SPL token: SOL only here). */
export function parseTransferRequestUrl(url: string): TransferRequest | null {
  const match = /^solana:([^?]+)(?:\?(.*))?$/.exec(url);
  if (!match?.[1]) return null;
  const params = new URLSearchParams((match[2] ?? "").replace(/\+/g, "%2B"));
  const amount = params.get("amount");
  if (amount === null || lamportsOf(amount) === null || params.has("spl-token")) return null;
  const optional = (name: string) => params.get(name) ?? undefined;
  return {
    recipient: decodeURIComponent(match[1]),
    amount,
    references: params.getAll("reference"),
    label: optional("label"),
    message: optional("message"),
    memo: optional("memo"),
  };
}
