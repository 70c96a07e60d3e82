import { z } from "zod";
import { idSchema } from "./ids";
import { isSolanaAddress } from "./solana-address";

export * from "./launch-receipt";

/**
 * The paper's coin launch (issue 29, decision 016): what the dashboard sends, what the server answers, and
 * the rules of the coin's name and symbol, shared by the launch dialog and the routes.
 */

/** What the token-launch program accepts (Metaplex's limits, in UTF-8 bytes). */
export const COIN_NAME_MAX_BYTES = 32;
export const COIN_SYMBOL_MAX = 13;
/** A Solana transaction on the wire at most (the network's packet size less its headers). */
export const TRANSACTION_MAX_BYTES = 1232;

export const LAUNCH_MESSAGES = {
  wallet: "The wallet must be a Solana address",
  mint: "The mint must be a Solana address",
  walletNotAllowed: "This wallet is not one of the paper's launch wallets (LAUNCH_WALLETS).",
  noWallets: "No launch wallet is configured: set LAUNCH_WALLETS.",
  noCreator: "No creator address is configured: set LAUNCH_CREATOR_ADDRESS.",
  noRpc: "No Solana RPC is configured: set SOLANA_RPC_URL.",
  notWinner: "Only the current winner without a contract address can be launched.",
  alreadyLive:
    "Another launch of this edition is already prepared or sent: wait for it to confirm or expire.",
  mintUsed: "This mint key was used before: generate a new one.",
  name: `The coin's name must be 1 to ${COIN_NAME_MAX_BYTES} bytes`,
  symbol: `The symbol must be 1 to ${COIN_SYMBOL_MAX} capital letters or digits`,
  transaction: "The transaction must be a base64 Solana transaction",
  notPrepared: "Only a prepared transaction can be signed and sent.",
  rpcFailed: "The Solana network could not be reached. Please try again.",
  image: "The winner's image could not be loaded for the coin: set another image first.",
  noImage: "The winner has no image for the coin: set one first.",
  locked: "A launched coin's name, symbol and image are on chain for ever: they cannot be edited here.",
  sellBeforeLaunch:
    "Sell comes after a confirmed launch: this winner's coin has not been launched from here.",
  sellTaken: "This launch's Sell is already under way or done.",
  nothingToSell: "This wallet holds none of the coin: there is nothing to sell.",
  buybackBeforeSell: "Buy back comes after a confirmed Sell.",
  buybackTaken: "This launch's Buy back is already under way or done.",
  noTokenAddress:
    "The paper's own coin is not configured (TOKEN_ADDRESS), so there is nothing to buy back: set it, or buy the coin back by hand.",
} as const;

/** What slippage the Sell and the Buy back allow, in percent: the SDK's own (1 % below or above its quote). */
export const TRADE_SLIPPAGE_PERCENT = 1;

/** A coin's name: the program counts bytes, and control characters would show as nothing anywhere. */
export const CoinNameSchema = z
  .string({ error: LAUNCH_MESSAGES.name })
  .transform((v) => v.replace(/\s+/g, " ").trim())
  .refine(
    (v) => v.length > 0 && new TextEncoder().encode(v).length <= COIN_NAME_MAX_BYTES && !/\p{Cc}/u.test(v),
    LAUNCH_MESSAGES.name,
  );

/** A symbol: capital letters and digits, as exchanges show them (the dialog upper-cases what is typed). */
export const CoinSymbolSchema = z
  .string({ error: LAUNCH_MESSAGES.symbol })
  .transform((v) => v.trim().toUpperCase())
  .refine((v) => new RegExp(`^[A-Z0-9]{1,${COIN_SYMBOL_MAX}}$`).test(v), LAUNCH_MESSAGES.symbol);

/** POST /api/admin/launches. The name and symbol default to the winner's (coinNameOf, coinSymbolOf). */
export const LaunchInputSchema = z.object({
  headlineId: idSchema("Invalid headline id"),
  wallet: z.string({ error: LAUNCH_MESSAGES.wallet }).refine(isSolanaAddress, LAUNCH_MESSAGES.wallet),
  mint: z.string({ error: LAUNCH_MESSAGES.mint }).refine(isSolanaAddress, LAUNCH_MESSAGES.mint),
  name: CoinNameSchema.optional(),
  symbol: CoinSymbolSchema.optional(),
});
export type LaunchInput = z.input<typeof LaunchInputSchema>;

/** POST /api/admin/launches/trades: the Sell of the launch's first buy, or the Buy back of the paper's coin. */
export const TradeInputSchema = z.object({
  kind: z.enum(["sell", "buyback"]),
  headlineId: idSchema("Invalid headline id"),
  wallet: z.string({ error: LAUNCH_MESSAGES.wallet }).refine(isSolanaAddress, LAUNCH_MESSAGES.wallet),
});
export type TradeInput = z.input<typeof TradeInputSchema>;

/** POST /api/admin/launches/{id}/signed: the wire transaction, signed by the wallet and the mint, in base64. */
export const SignedLaunchInputSchema = z.object({
  transaction: z
    .string({ error: LAUNCH_MESSAGES.transaction })
    .max(4_000, LAUNCH_MESSAGES.transaction)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, LAUNCH_MESSAGES.transaction),
});

/** What a transaction does, decoded from the very bytes the server built (amounts in base units, as text). */
export const LaunchSummarySchema = z.object({
  name: z.string(),
  symbol: z.string(),
  uri: z.string(),
  description: z.string(),
  imageUrl: z.string(),
  creator: z.string(),
  mint: z.string(),
  feePayer: z.string(),
  signers: z.array(z.string()),
  /** The SOL the buy is quoted for (lamports). */
  solAmount: z.string(),
  /** The most SOL the buy may take (lamports): the program refuses to spend more. */
  maxSolCost: z.string(),
  /** The coin's base units the buy gets (6 decimals). */
  tokenAmount: z.string(),
  computeUnitLimit: z.number().nullable(),
  /** The program's instructions, in order ("create_v2", "create_associated_token_account_idempotent", "buy"). */
  instructions: z.array(z.string()),
  sizeBytes: z.number(),
  programId: z.string(),
});
export type LaunchSummary = z.infer<typeof LaunchSummarySchema>;

/** What every transaction's summary says: who pays and signs, and what was built. */
const TransactionFactsSchema = z.object({
  mint: z.string(),
  feePayer: z.string(),
  signers: z.array(z.string()),
  instructions: z.array(z.string()),
  sizeBytes: z.number(),
  programId: z.string(),
});

/** The Sell: every token of the wallet's account of the coin, its account closed (its rent back). */
export const SellSummarySchema = TransactionFactsSchema.extend({
  /** The coin's base units sold: the whole balance of `tokenAccount`. */
  tokenAmount: z.string(),
  /** The SDK's quote of the SOL the sale gets after fees (lamports). */
  solAmount: z.string(),
  /** The least SOL the sale may get (lamports): the program refuses to sell for less. */
  minSolOutput: z.string(),
  /** The wallet's Token-2022 account of the coin, closed by the same transaction. */
  tokenAccount: z.string(),
});
export type SellSummary = z.infer<typeof SellSummarySchema>;

/** The Buy back: LAUNCH_BUYBACK_PERCENT of what the Sell received, spent on the paper's own coin. */
export const BuybackSummarySchema = TransactionFactsSchema.extend({
  /** What the Sell received (lamports), and where that figure comes from. */
  proceeds: z.string(),
  /** "transaction": the confirmed Sell's balances; "quote": its minimum, when those could not be read. */
  proceedsFrom: z.enum(["transaction", "quote"]),
  percent: z.number(),
  /** The SOL the buy is quoted for (lamports): `percent` of `proceeds`. */
  solAmount: z.string(),
  /** The most SOL the buy may take (lamports). */
  maxSolCost: z.string(),
  /** The coin's base units the buy gets: exactly these, or the program refuses it. */
  tokenAmount: z.string(),
});
export type BuybackSummary = z.infer<typeof BuybackSummarySchema>;

const LaunchViewBase = z.object({
  id: z.number(),
  state: z.enum(["prepared", "sent", "confirmed", "expired", "failed"]),
  editionDay: z.string(),
  headlineId: z.number(),
  mint: z.string(),
  wallet: z.string(),
  signature: z.string().nullable(),
  error: z.string().nullable(),
  lastValidBlockHeight: z.number(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  settledAt: z.string().nullable(),
});

/** A transaction of the launch, its summary by its kind. */
export const LaunchViewSchema = z.discriminatedUnion("kind", [
  LaunchViewBase.extend({ kind: z.literal("launch"), summary: LaunchSummarySchema }),
  LaunchViewBase.extend({ kind: z.literal("sell"), summary: SellSummarySchema }),
  LaunchViewBase.extend({ kind: z.literal("buyback"), summary: BuybackSummarySchema }),
]);
export type LaunchView = z.infer<typeof LaunchViewSchema>;

/** 201 to POST /api/admin/launches: the unsigned transaction (base64) for the wallet, and what it does. */
export const PreparedLaunchSchema = z.object({ launch: LaunchViewSchema, transaction: z.string() });
export type PreparedLaunch = z.infer<typeof PreparedLaunchSchema>;

/** GET /api/admin/launches/settings: what the dialog shows before anything is built. */
export const LaunchSettingsSchema = z.object({
  wallets: z.array(z.string()),
  creator: z.string().nullable(),
  buySol: z.number(),
  buybackPercent: z.number(),
  /** The paper's own coin (TOKEN_ADDRESS) the Buy back buys; null when unset (no Buy back). */
  tokenAddress: z.string().nullable(),
  rpcConfigured: z.boolean(),
  /** The launches of the current winner's edition, newest first (a prepared one the dialog may resume). */
  launches: z.array(LaunchViewSchema),
});
export type LaunchSettings = z.infer<typeof LaunchSettingsSchema>;

/** GET /api/launches/{date}: the public receipt of an edition's launch. */
export const LaunchReceiptSchema = z.object({
  editionDay: z.string(),
  headline: z.object({ id: z.number(), title: z.string() }),
  coin: z
    .object({ mint: z.string(), name: z.string(), symbol: z.string(), metadataUrl: z.string() })
    .nullable(),
  /** Every transaction prepared for the edition, oldest first: launch, sale, buy-back, and those that expired. */
  transactions: z.array(LaunchViewSchema),
});
export type LaunchReceipt = z.infer<typeof LaunchReceiptSchema>;

/** The coin's default name: the winner's title, cut at a word to the program's 32 bytes. */
export function coinNameOf(title: string): string {
  const words = title.replace(/\s+/g, " ").trim().split(" ");
  let name = "";
  for (const word of words) {
    const next = name ? `${name} ${word}` : word;
    if (new TextEncoder().encode(next).length > COIN_NAME_MAX_BYTES) break;
    name = next;
  }
  // A first word longer than the limit: cut by characters (never inside one).
  if (!name) {
    for (const char of title.trim()) {
      if (new TextEncoder().encode(name + char).length > COIN_NAME_MAX_BYTES) break;
      name += char;
    }
  }
  return name.replace(/[\s,.;:!?-]+$/, "");
}

/** The coin's default symbol: the winner's own, else the letters of its first words, up to 10. */
export function coinSymbolOf(title: string, symbol: string | null): string {
  const own = symbol?.trim().toUpperCase();
  if (own && CoinSymbolSchema.safeParse(own).success) return own;
  const letters = title
    .normalize("NFKD")
    .toUpperCase()
    .split(/\s+/)
    .map((w) => w.replace(/[^A-Z0-9]/g, ""))
    .filter(Boolean);
  return letters.join("").slice(0, 10) || "COIN";
}
