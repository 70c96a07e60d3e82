import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { IMAGE_MAX_BYTES } from "@/common/images";
import {
  type BuybackSummary,
  coinMetadataPath,
  coinNameOf,
  coinSymbolOf,
  LAUNCH_MESSAGES,
  type LaunchInput,
  type LaunchReceipt,
  type LaunchSettings,
  type LaunchSummary,
  type LaunchView,
  type SellSummary,
  TRANSACTION_MAX_BYTES,
  type TradeInput,
} from "@/common/launch";
import { formatSol, lamportsFromSol } from "@/common/solana-pay";
import { isHttpUrl } from "@/common/submission";
import { easternDay } from "@/common/time";
import type { Config } from "../../config";
import type { Db } from "../../db/connect";
import { auditLog, coinMetadata, headlines, images, launches, settings } from "../../db/schema";
import {
  bondingCurveAddress,
  buildBuyback,
  buildLaunch,
  buildSell,
  curveState,
  decodeLaunchMessage,
  launchAccounts,
  type TradeBuild,
  tokenAccountAddress,
  tokenAccountAmount,
  tokenPrograms,
  transactionSize,
} from "../../integrations/pump";
import type { SafeFetch } from "../../integrations/safe-fetch";
import {
  getBlockHeight,
  getLatestBlockhash,
  getRawAccount,
  getSignatureStatus,
  getTransaction,
  type RawAccount,
  SolanaRpcError,
  sendTransaction,
  simulateTransaction,
} from "../../integrations/solana";
import { badRequest, conflict, forbidden, HttpError, notFound } from "../../lib/http-error";
import type { SessionAccount } from "../../plugins/auth";
import { type Actor as StageActor, setContractAddress } from "../headlines/headline-stage";
import { findHeadlinePage } from "../headlines/headlines.service";
import type { WorkTicket } from "../uploads/image-work-queue";
import { cleanImage } from "../uploads/uploads.service";
import { checkSigned } from "./signed-check";

/**
 * The paper's coin launch (issue 29, decision 016): prepared here from the winner and the program's own
 * accounts, signed in a staff member's browser wallet (the site holds no key), checked here against what was
 * prepared, then simulated, sent and followed through this server's own node. Every change of state is in
 * the audit log, and every launch on its edition's public receipt.
 */

export interface LaunchDeps {
  db: Db;
  config: Pick<
    Config,
    | "solanaRpcUrl"
    | "launchWallets"
    | "launchCreatorAddress"
    | "launchBuySol"
    | "launchBuybackPercent"
    | "publicUrl"
    | "tokenAddress"
    | "xUrl"
    | "telegramUrl"
    | "siteName"
  >;
  /** The client for SOLANA_RPC_URL (a trusted operator setting). */
  rpc: SafeFetch;
  /** The client for an image link that is input (the winner's own link): the outbound rules apply. */
  outbound: SafeFetch;
  /** A place on the image workers, for re-encoding an outside image. */
  imageTicket: () => WorkTicket;
}

type LaunchRow = typeof launches.$inferSelect;
type Actor = Pick<SessionAccount, "id" | "username">;

/** Launches under way block another of the same edition and kind (the partial unique index says the same). */
const LIVE_STATES = ["prepared", "sent"] as const;

export const rpcUrlOf = (config: LaunchDeps["config"]): string => {
  if (!config.solanaRpcUrl) throw new HttpError(503, LAUNCH_MESSAGES.noRpc);
  return config.solanaRpcUrl;
};

/** The row as the dashboard and the receipt show it (its summary is the one its kind's builder wrote). */
export function toLaunchView(row: LaunchRow): LaunchView {
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    editionDay: row.editionDay,
    headlineId: row.headlineId,
    mint: row.mint,
    wallet: row.wallet,
    summary: row.summary,
    signature: row.signature,
    error: row.error,
    lastValidBlockHeight: row.lastValidBlockHeight,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    settledAt: row.settledAt?.toISOString() ?? null,
  } as LaunchView;
}

/** The edition a headline won (the race it was counted in), else the edition running now. */
async function editionDayOf(db: Db, headlineId: number, now: Date): Promise<string> {
  const page = await findHeadlinePage(db, headlineId);
  if (page?.editionDate) return page.editionDate;
  const [row] = await db.select({ day: settings.currentDay }).from(settings).limit(1);
  return row?.day ?? easternDay(now);
}

/**
 * One audit row per change of a launch's state, in the name of whoever prepared it (written here rather than
 * by the staff guard: the follow job moves launches with no request; the account may be gone since).
 */
async function audit(db: Db, row: LaunchRow, state: string, details: Record<string, unknown> = {}) {
  await db.insert(auditLog).values({
    accountId: row.accountId,
    username: row.username,
    action: `launch ${state}`,
    target: String(row.id),
    details: { kind: row.kind, editionDay: row.editionDay, mint: row.mint, ...details },
  });
}

/**
 * Moves a launch from `from` to `to`, only if it is still in `from` (one process wins a race), and audits
 * the change. Answers the row after it, or undefined when another process moved it first.
 */
async function move(
  db: Db,
  row: LaunchRow,
  from: LaunchRow["state"],
  to: LaunchRow["state"],
  set: Partial<typeof launches.$inferInsert>,
  now: Date,
): Promise<LaunchRow | undefined> {
  const settled = to === "confirmed" || to === "expired" || to === "failed";
  const [updated] = await db
    .update(launches)
    .set({ ...set, state: to, ...(settled && { settledAt: now }) })
    .where(and(eq(launches.id, row.id), eq(launches.state, from)))
    .returning();
  if (updated) await audit(db, updated, to, { signature: updated.signature, error: updated.error });
  return updated;
}

// --- the coin's image and metadata ----------------------------------------------------------------

const EXTENSIONS: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "image/gif": "gif",
};
export const extensionOf = (contentType: string) => EXTENSIONS[contentType] ?? "png";

/** The winner's picture, as the site keeps it (an upload) or re-encoded from its link: the coin's image. */
async function coinImage(
  deps: LaunchDeps,
  imageUrl: string | null,
): Promise<{ bytes: Buffer; type: string }> {
  if (!imageUrl) throw conflict(LAUNCH_MESSAGES.noImage);
  const own = /^(?:https?:\/\/[^/]+)?\/api\/images\/([0-9a-f]{64})$/.exec(imageUrl);
  if (own && (!isHttpUrl(imageUrl) || imageUrl.startsWith(deps.config.publicUrl))) {
    const [row] = await deps.db
      .select({ bytes: images.bytes, type: images.contentType })
      .from(images)
      .where(eq(images.hash, own[1] as string));
    if (!row) throw conflict(LAUNCH_MESSAGES.image);
    return { bytes: Buffer.from(row.bytes), type: row.type };
  }
  if (!isHttpUrl(imageUrl)) throw conflict(LAUNCH_MESSAGES.image);
  const ticket = deps.imageTicket();
  try {
    const body = (await deps.outbound.request(imageUrl, { maxBytes: IMAGE_MAX_BYTES })).body;
    const clean = await ticket.run(() => cleanImage(body));
    return { bytes: Buffer.from(clean.bytes), type: clean.contentType };
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 503) throw error;
    throw conflict(LAUNCH_MESSAGES.image);
  } finally {
    ticket.leave();
  }
}

/** The metadata document token-launch sites and wallets read (name, symbol, description, image, links). */
function metadataDocument(
  config: LaunchDeps["config"],
  coin: { name: string; symbol: string; description: string; imageUrl: string; headlineId: number },
): string {
  return JSON.stringify({
    name: coin.name,
    symbol: coin.symbol,
    description: coin.description,
    image: coin.imageUrl,
    showName: true,
    createdOn: config.publicUrl,
    website: `${config.publicUrl}/h/${coin.headlineId}`,
    ...(config.xUrl && { twitter: config.xUrl }),
    ...(config.telegramUrl && { telegram: config.telegramUrl }),
  });
}

/** GET /m/{mint}.json and its image: what was written at the launch, or undefined. */
export async function findCoinMetadata(
  db: Db,
  mint: string,
): Promise<{ document: string; image: Buffer; imageType: string } | undefined> {
  const [row] = await db
    .select({ document: coinMetadata.document, image: coinMetadata.image, imageType: coinMetadata.imageType })
    .from(coinMetadata)
    .where(eq(coinMetadata.mint, mint));
  return row && { ...row, image: Buffer.from(row.image) };
}

// --- prepare ---------------------------------------------------------------------------------------

/** The dialog's facts: the wallets, the amounts, and the current winner's launches. */
export async function launchSettings(deps: LaunchDeps): Promise<LaunchSettings> {
  const { config, db } = deps;
  const [winner] = await db.select({ id: headlines.id }).from(headlines).where(eq(headlines.stage, "winner"));
  const rows = winner
    ? await db.select().from(launches).where(eq(launches.headlineId, winner.id)).orderBy(desc(launches.id))
    : [];
  return {
    wallets: [...config.launchWallets],
    creator: config.launchCreatorAddress ?? null,
    buySol: config.launchBuySol,
    buybackPercent: config.launchBuybackPercent,
    tokenAddress: config.tokenAddress ?? null,
    rpcConfigured: Boolean(config.solanaRpcUrl),
    launches: rows.map(toLaunchView),
  };
}

/**
 * Prepares the launch of the current winner: its metadata written once, the program's accounts read, the
 * transaction built and stored as prepared with its blockhash's last valid height. 503 without an RPC or a
 * creator, 403 for a wallet not on the list, 409 for anything but the current winner without an address, or
 * while another launch of its edition is live; 400 when the transaction would not fit the network's packet.
 */
export async function prepareLaunch(
  deps: LaunchDeps,
  actor: Actor,
  input: Omit<LaunchInput, "name" | "symbol"> & { name?: string; symbol?: string },
  now: Date,
): Promise<{ launch: Extract<LaunchView, { kind: "launch" }>; transaction: string }> {
  const { db, config } = deps;
  const rpcUrl = rpcUrlOf(config);
  if (!config.launchCreatorAddress) throw new HttpError(503, LAUNCH_MESSAGES.noCreator);
  checkWallet(config, input.wallet);

  const [headline] = await db.select().from(headlines).where(eq(headlines.id, input.headlineId));
  if (!headline || headline.deletedAt) throw notFound("Headline not found");
  if (headline.stage !== "winner" || headline.contractAddress) throw conflict(LAUNCH_MESSAGES.notWinner);
  const editionDay = await editionDayOf(db, headline.id, now);
  await clearLive(deps, { kind: "launch", editionDay }, now, LAUNCH_MESSAGES.alreadyLive);
  const [used] = await db
    .select({ mint: coinMetadata.mint })
    .from(coinMetadata)
    .where(eq(coinMetadata.mint, input.mint));
  if (used) throw conflict(LAUNCH_MESSAGES.mintUsed);

  const name = input.name ?? coinNameOf(headline.title);
  const symbol = input.symbol ?? coinSymbolOf(headline.title, headline.symbol);
  const image = await coinImage(deps, headline.imageUrl);
  const imageUrl = `${config.publicUrl}/m/${input.mint}.${extensionOf(image.type)}`;
  const uri = `${config.publicUrl}${coinMetadataPath(input.mint)}`;
  const description = headline.description;

  const accounts = launchAccounts();
  const [global, feeConfig, lifetime] = await Promise.all([
    getRawAccount(deps.rpc, rpcUrl, accounts.global),
    getRawAccount(deps.rpc, rpcUrl, accounts.feeConfig),
    getLatestBlockhash(deps.rpc, rpcUrl),
  ]);
  if (!global || !feeConfig) throw new SolanaRpcError("The token-launch program's accounts were not found");
  const lamports = lamportsFromSol(config.launchBuySol);
  const params = {
    globalData: global.data,
    feeConfigData: feeConfig.data,
    wallet: input.wallet,
    mint: input.mint,
    creator: config.launchCreatorAddress,
    name,
    symbol,
    uri,
    lamports,
    blockhash: lifetime.blockhash,
  };
  const built = await buildLaunch({ ...params, maxBytes: TRANSACTION_MAX_BYTES });
  if (!built) {
    // How far over it is without the limit: what must be cut from the name and the symbol.
    const unbounded = await buildLaunch({ ...params, maxBytes: Number.POSITIVE_INFINITY });
    const size = unbounded ? transactionSize(unbounded.message, 2) : TRANSACTION_MAX_BYTES + 1;
    throw badRequest(
      `The launch transaction would be ${size} bytes, over the network's ${TRANSACTION_MAX_BYTES}: shorten the symbol or the name by ${size - TRANSACTION_MAX_BYTES} characters.`,
    );
  }
  const decoded = decodeLaunchMessage(built.message);
  const summary: LaunchSummary = {
    name,
    symbol,
    uri,
    description,
    imageUrl,
    creator: config.launchCreatorAddress,
    mint: input.mint,
    feePayer: input.wallet,
    signers: [input.wallet, input.mint],
    solAmount: lamports.toString(),
    maxSolCost: built.maxSolCost.toString(),
    tokenAmount: built.tokenAmount.toString(),
    computeUnitLimit: built.computeUnitLimit,
    instructions: decoded.instructions.map((i) => i.name),
    sizeBytes: built.transaction.length,
    programId: accounts.program,
  };

  const row = await db
    .transaction(async (tx) => {
      await tx.insert(coinMetadata).values({
        mint: input.mint,
        headlineId: headline.id,
        document: metadataDocument(config, { name, symbol, description, imageUrl, headlineId: headline.id }),
        imageType: image.type,
        image: image.bytes,
        createdAt: now,
      });
      const [inserted] = await tx
        .insert(launches)
        .values(
          preparedRow(
            { kind: "launch", headlineId: headline.id, editionDay, mint: input.mint, wallet: input.wallet },
            { actor, message: built.message, lifetime, summary, now },
          ),
        )
        .returning();
      return inserted;
    })
    .catch((error: unknown) => {
      // Two staff pressing Launch at once: the partial unique index lets one through (or the mint's key).
      if (isUniqueViolation(error)) throw conflict(LAUNCH_MESSAGES.alreadyLive);
      throw error;
    });
  if (!row) throw new Error("launch insert returned nothing");
  return {
    launch: { ...toLaunchView(row), kind: "launch", summary },
    transaction: Buffer.from(built.transaction).toString("base64"),
  };
}

/** 503 without the list of launch wallets, 403 for a wallet not on it. */
function checkWallet(config: LaunchDeps["config"], wallet: string): void {
  if (config.launchWallets.length === 0) throw new HttpError(503, LAUNCH_MESSAGES.noWallets);
  if (!config.launchWallets.includes(wallet)) throw forbidden(LAUNCH_MESSAGES.walletNotAllowed);
}

/**
 * One transaction of a kind under way per edition: a live one answers 409 with `busy`, except a prepared one
 * never sent in time, which no longer blocks (it is marked expired first).
 */
async function clearLive(
  deps: LaunchDeps,
  of: { kind: LaunchRow["kind"]; editionDay: string },
  now: Date,
  busy: string,
): Promise<void> {
  const live = await deps.db
    .select()
    .from(launches)
    .where(
      and(
        eq(launches.kind, of.kind),
        eq(launches.editionDay, of.editionDay),
        inArray(launches.state, [...LIVE_STATES]),
      ),
    );
  if (live.some((row) => row.state !== "prepared")) throw conflict(busy);
  if (live.length === 0) return;
  const height = await getBlockHeight(deps.rpc, rpcUrlOf(deps.config));
  for (const row of live) {
    if (height <= row.lastValidBlockHeight) throw conflict(busy);
    await move(deps.db, row, "prepared", "expired", { error: expiredText(row, height) }, now);
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

const expiredText = (row: LaunchRow, height: number) =>
  `Not sent before block ${row.lastValidBlockHeight} (the chain is at ${height}): prepare it again.`;

// --- the Sell and the Buy back ----------------------------------------------------------------------

const TRADE_TAKEN = { sell: LAUNCH_MESSAGES.sellTaken, buyback: LAUNCH_MESSAGES.buybackTaken } as const;

/** What staff can do instead when the curve's program cannot trade the coin (words for the 409). */
function curveRefusal(coin: string, state: "missing" | "complete" | "notSol", instead: string): string {
  const why = {
    missing: `${coin} has no bonding curve of the token-launch program (it was not launched there)`,
    complete: `${coin} has left its bonding curve (it graduated to the exchange's pool)`,
    notSol: `${coin}'s bonding curve is quoted in another coin, not SOL`,
  }[state];
  return `${why}, so it cannot be traded from here: ${instead}`;
}

/**
 * What the Sell received, in lamports: from its confirmed transaction (the wallet's balance change, with the
 * fee it paid added back and the closed token account's rent taken out), else the Sell's own minimum, when
 * the node cannot give that (no longer has the transaction, or its balances show nothing received): the
 * Buy back then spends its percent of at least what was got, never more.
 */
async function proceedsOf(
  deps: LaunchDeps,
  rpcUrl: string,
  sell: LaunchRow,
): Promise<{ lamports: bigint; from: BuybackSummary["proceedsFrom"] }> {
  const summary = sell.summary as SellSummary;
  const tx = sell.signature ? await getTransaction(deps.rpc, rpcUrl, sell.signature, "confirmed") : null;
  const meta = tx?.meta;
  if (tx && meta && meta.fee !== undefined && (meta.err ?? null) === null) {
    const keys = tx.transaction.message.accountKeys;
    const change = (address: string) => {
      const i = keys.indexOf(address);
      return i < 0 ? null : BigInt(meta.postBalances[i] ?? 0) - BigInt(meta.preBalances[i] ?? 0);
    };
    const wallet = change(sell.wallet);
    const account = change(summary.tokenAccount);
    if (wallet !== null && account !== null) {
      const lamports = wallet + BigInt(meta.fee) + account;
      if (lamports > 0n) return { lamports, from: "transaction" };
    }
  }
  return { lamports: BigInt(summary.minSolOutput), from: "quote" };
}

/** The Sell's transaction: the wallet's whole balance of the launch's coin, on its curve, account closed. */
async function buildSellFor(deps: LaunchDeps, rpcUrl: string, launch: LaunchRow, wallet: string) {
  const programs = tokenPrograms();
  const tokenAccount = tokenAccountAddress(launch.mint, wallet, programs.token2022);
  const accounts = launchAccounts();
  const [global, feeConfig, curve, holding, lifetime] = await Promise.all([
    getRawAccount(deps.rpc, rpcUrl, accounts.global),
    getRawAccount(deps.rpc, rpcUrl, accounts.feeConfig),
    getRawAccount(deps.rpc, rpcUrl, bondingCurveAddress(launch.mint)),
    getRawAccount(deps.rpc, rpcUrl, tokenAccount),
    getLatestBlockhash(deps.rpc, rpcUrl),
  ]);
  if (!global || !feeConfig) throw new SolanaRpcError("The token-launch program's accounts were not found");
  const amount =
    holding?.owner === programs.token2022
      ? tokenAccountAmount(tokenAccount, holding, { mint: launch.mint, wallet })
      : null;
  if (!amount) throw conflict(LAUNCH_MESSAGES.nothingToSell);
  const state = curve ? curveState(curve.data) : "missing";
  if (state !== "trading")
    throw conflict(curveRefusal("The launched coin", state, "sell it by hand (on Jupiter) from the wallet."));
  const built = await buildSell({
    globalData: global.data,
    feeConfigData: feeConfig.data,
    bondingCurveData: (curve as RawAccount).data,
    wallet,
    mint: launch.mint,
    tokenAmount: amount,
    blockhash: lifetime.blockhash,
  });
  const summary: SellSummary = {
    ...transactionFacts(built, launch.mint, wallet),
    tokenAmount: built.tokenAmount.toString(),
    solAmount: built.solAmount.toString(),
    minSolOutput: built.solLimit.toString(),
    tokenAccount,
  };
  return { built, summary, mint: launch.mint, lifetime };
}

/** The Buy back's transaction: LAUNCH_BUYBACK_PERCENT of the Sell's proceeds on TOKEN_ADDRESS's curve. */
async function buildBuybackFor(deps: LaunchDeps, rpcUrl: string, sell: LaunchRow, wallet: string) {
  const { config } = deps;
  const mint = config.tokenAddress;
  if (!mint) throw conflict(LAUNCH_MESSAGES.noTokenAddress);
  const proceeds = await proceedsOf(deps, rpcUrl, sell);
  // The percent in hundredths, so 0.5 % is exact in whole lamports.
  const lamports = (proceeds.lamports * BigInt(Math.round(config.launchBuybackPercent * 100))) / 10_000n;
  const byHand = `buy it back by hand (on Jupiter) with ${formatSol(lamports)}.`;
  const accounts = launchAccounts();
  const [global, feeConfig, mintAccount, curve, lifetime] = await Promise.all([
    getRawAccount(deps.rpc, rpcUrl, accounts.global),
    getRawAccount(deps.rpc, rpcUrl, accounts.feeConfig),
    getRawAccount(deps.rpc, rpcUrl, mint),
    getRawAccount(deps.rpc, rpcUrl, bondingCurveAddress(mint)),
    getLatestBlockhash(deps.rpc, rpcUrl),
  ]);
  if (!global || !feeConfig) throw new SolanaRpcError("The token-launch program's accounts were not found");
  const programs = tokenPrograms();
  if (!mintAccount || (mintAccount.owner !== programs.token && mintAccount.owner !== programs.token2022))
    throw conflict(`TOKEN_ADDRESS (${mint}) is not a coin on this network: check the setting, or ${byHand}`);
  const state = curve ? curveState(curve.data) : "missing";
  if (state !== "trading") throw conflict(curveRefusal("The paper's coin (TOKEN_ADDRESS)", state, byHand));
  if (lamports <= 0n)
    throw conflict(`${config.launchBuybackPercent}% of the Sell's proceeds is nothing to buy with.`);
  const built = await buildBuyback({
    globalData: global.data,
    feeConfigData: feeConfig.data,
    bondingCurveData: (curve as RawAccount).data,
    wallet,
    mint,
    tokenProgram: mintAccount.owner,
    lamports,
    blockhash: lifetime.blockhash,
  });
  const summary: BuybackSummary = {
    ...transactionFacts(built, mint, wallet),
    proceeds: proceeds.lamports.toString(),
    proceedsFrom: proceeds.from,
    percent: config.launchBuybackPercent,
    solAmount: built.solAmount.toString(),
    maxSolCost: built.solLimit.toString(),
    tokenAmount: built.tokenAmount.toString(),
  };
  return { built, summary, mint, lifetime };
}

const transactionFacts = (built: TradeBuild, mint: string, wallet: string) => ({
  mint,
  feePayer: wallet,
  signers: [wallet],
  instructions: built.instructions,
  sizeBytes: built.transaction.length,
  programId: launchAccounts().program,
});

/**
 * Prepares the Sell or the Buy back of a confirmed launch, each its own staff click with a fresh quote and a
 * minimum (decision 016): the Sell after the launch confirmed, the Buy back after the Sell confirmed, each
 * once. 409 in words when it comes too early, is under way or done, when there is nothing to sell, or when
 * the coin cannot be traded on its curve (and what to do instead); 403 for a wallet not on the list.
 */
export async function prepareTrade(
  deps: LaunchDeps,
  actor: Actor,
  input: TradeInput,
  now: Date,
): Promise<{ launch: LaunchView; transaction: string }> {
  const { db, config } = deps;
  const rpcUrl = rpcUrlOf(config);
  checkWallet(config, input.wallet);
  const rows = await db.select().from(launches).where(eq(launches.headlineId, input.headlineId));
  const confirmed = (kind: LaunchRow["kind"]) => rows.find((r) => r.kind === kind && r.state === "confirmed");
  const launch = confirmed("launch");
  if (!launch) throw conflict(LAUNCH_MESSAGES.sellBeforeLaunch);
  const sell = confirmed("sell");
  if (input.kind === "buyback" && !sell) throw conflict(LAUNCH_MESSAGES.buybackBeforeSell);
  const taken = TRADE_TAKEN[input.kind];
  if (confirmed(input.kind)) throw conflict(taken);
  await clearLive(deps, { kind: input.kind, editionDay: launch.editionDay }, now, taken);

  const { built, summary, mint, lifetime } =
    input.kind === "sell"
      ? await buildSellFor(deps, rpcUrl, launch, input.wallet)
      : await buildBuybackFor(deps, rpcUrl, sell as LaunchRow, input.wallet);
  const [row] = await db
    .insert(launches)
    .values(
      preparedRow(
        {
          kind: input.kind,
          headlineId: launch.headlineId,
          editionDay: launch.editionDay,
          mint,
          wallet: input.wallet,
        },
        { actor, message: built.message, lifetime, summary, now },
      ),
    )
    .returning()
    .catch((error: unknown) => {
      // Two staff pressing the same button at once: the partial unique index lets one through.
      if (isUniqueViolation(error)) throw conflict(taken);
      throw error;
    });
  if (!row) throw new Error("trade insert returned nothing");
  return { launch: toLaunchView(row), transaction: Buffer.from(built.transaction).toString("base64") };
}

// --- signed, checked, sent -------------------------------------------------------------------------

/** A launch's or a trade's row as prepared: what it is, who prepared it, and the message the wallet signs. */
function preparedRow(
  what: Pick<typeof launches.$inferInsert, "kind" | "headlineId" | "editionDay" | "mint" | "wallet">,
  how: {
    actor: { id: number; username: string };
    message: typeof launches.$inferInsert.message;
    lifetime: { blockhash: string; lastValidBlockHeight: number };
    summary: typeof launches.$inferInsert.summary;
    now: Date;
  },
): typeof launches.$inferInsert {
  const { actor, message, lifetime, summary, now } = how;
  return {
    ...what,
    accountId: actor.id,
    username: actor.username,
    state: "prepared",
    message,
    blockhash: lifetime.blockhash,
    lastValidBlockHeight: lifetime.lastValidBlockHeight,
    summary,
    createdAt: now,
  };
}

export class LaunchRefused extends HttpError {
  constructor(
    message: string,
    readonly differences: string[],
  ) {
    super(422, message, Object.fromEntries(differences.map((d, i) => [`difference${i + 1}`, d])));
  }
}

async function findLaunch(db: Db, id: number): Promise<LaunchRow> {
  const [row] = await db.select().from(launches).where(eq(launches.id, id));
  if (!row) throw notFound("Launch not found");
  return row;
}

/**
 * The signed transaction comes back: checked against the prepared one (422 with what differs, nothing sent,
 * marked failed),
 * then the expiry (422, marked expired), the network's simulation (422, marked failed), and only then sent
 * through this server's node. It is marked sent, with its signature, before the node is asked: a second
 * submission of the same launch finds it sent (409), so it is sent once.
 */
export async function submitSigned(
  deps: LaunchDeps,
  id: number,
  transaction: string,
  now: Date,
): Promise<LaunchView> {
  const { db } = deps;
  const rpcUrl = rpcUrlOf(deps.config);
  const row = await findLaunch(db, id);
  if (row.state !== "prepared") throw conflict(LAUNCH_MESSAGES.notPrepared);
  const wire = Buffer.from(transaction, "base64");
  // The launch's new mint co-signs it; the Sell and the Buy back are the wallet's alone.
  const check = checkSigned(row.message, wire, {
    wallet: row.wallet,
    ...(row.kind === "launch" && { mint: row.mint }),
  });
  if (check.differences.length > 0) {
    // Refused for good: a wallet that changed what it signed is not retried with the same bytes; the launch
    // may be prepared again at once (a new mint, maybe another wallet), and the receipt shows why.
    await move(
      db,
      row,
      "prepared",
      "failed",
      { error: `Refused: ${check.differences.join(" ")}`.slice(0, 2_000) },
      now,
    );
    throw new LaunchRefused(
      `The signed transaction is not the one prepared, so nothing was sent: ${check.differences.join(" ")}`,
      check.differences,
    );
  }
  const height = await getBlockHeight(deps.rpc, rpcUrl);
  if (height > row.lastValidBlockHeight) {
    const error = expiredText(row, height);
    await move(db, row, "prepared", "expired", { error }, now);
    throw new LaunchRefused(`The transaction expired, so nothing was sent. ${error}`, [error]);
  }
  const base64 = Buffer.from(check.wire).toString("base64");
  const simulation = await simulateTransaction(deps.rpc, rpcUrl, base64);
  if (simulation.err !== null) {
    const error = `The network's simulation refused it (${JSON.stringify(simulation.err)}): ${simulation.logs.slice(-3).join(" | ")}`;
    await move(db, row, "prepared", "failed", { error: error.slice(0, 2_000) }, now);
    throw new LaunchRefused(`${error}. Nothing was sent.`, [error]);
  }
  const sent = await move(db, row, "prepared", "sent", { signature: check.signature, sentAt: now }, now);
  if (!sent) throw conflict(LAUNCH_MESSAGES.notPrepared);
  try {
    await sendTransaction(deps.rpc, rpcUrl, base64);
  } catch (error) {
    // The node may have forwarded it anyway: it stays sent, and the follow decides (it lands, or expires).
    if (!(error instanceof SolanaRpcError) && !(error instanceof Error)) throw error;
  }
  return toLaunchView(await followLaunch(deps, sent, new Date()));
}

/**
 * Where a launch stands on chain, once: a sent one confirmed (the contract address set through the
 * dashboard's own path, so market data, Yesterday's News and the Telegram post follow), failed, or expired
 * unseen; a prepared one past its last valid height expired. Anything else is left as it is.
 */
export async function followLaunch(deps: LaunchDeps, row: LaunchRow, now: Date): Promise<LaunchRow> {
  const rpcUrl = rpcUrlOf(deps.config);
  const { db } = deps;
  if (row.state === "prepared") {
    const height = await getBlockHeight(deps.rpc, rpcUrl);
    if (height <= row.lastValidBlockHeight) return row;
    return (await move(db, row, "prepared", "expired", { error: expiredText(row, height) }, now)) ?? row;
  }
  if (row.state !== "sent" || !row.signature) return row;
  const status = await getSignatureStatus(deps.rpc, rpcUrl, row.signature);
  if (status && status.err !== null) {
    return (
      (await move(
        db,
        row,
        "sent",
        "failed",
        { error: `Failed on chain: ${JSON.stringify(status.err)}` },
        now,
      )) ?? row
    );
  }
  if (status?.confirmationStatus === "confirmed" || status?.confirmationStatus === "finalized") {
    if (row.kind === "launch") {
      const actor: StageActor =
        row.accountId === null
          ? { kind: "job", name: "launch" }
          : { kind: "staff", account: { id: row.accountId, username: row.username } };
      await setContractAddress(db, row.headlineId, row.mint, actor, now);
    }
    return (await move(db, row, "sent", "confirmed", {}, now)) ?? row;
  }
  if (status) return row;
  const height = await getBlockHeight(deps.rpc, rpcUrl);
  if (height <= row.lastValidBlockHeight) return row;
  return (await move(db, row, "sent", "expired", { error: expiredText(row, height) }, now)) ?? row;
}

/** GET /api/admin/launches/{id}: the launch, followed once on chain when it is still under way. */
export async function launchNow(deps: LaunchDeps, id: number, now: Date): Promise<LaunchView> {
  const row = await findLaunch(deps.db, id);
  if (row.state !== "prepared" && row.state !== "sent") return toLaunchView(row);
  return toLaunchView(await followLaunch(deps, row, now));
}

/** The job's pass: every launch still under way, followed once. */
export async function followOpenLaunches(deps: LaunchDeps, now: Date): Promise<void> {
  const rows = await deps.db
    .select()
    .from(launches)
    .where(inArray(launches.state, ["prepared", "sent"]))
    .orderBy(asc(launches.id));
  for (const row of rows) await followLaunch(deps, row, now);
}

// --- the public receipt ----------------------------------------------------------------------------

/** GET /api/launches/{date}: every transaction of the edition's launch, oldest first; null for none. */
export async function findLaunchReceipt(
  db: Db,
  publicUrl: string,
  day: string,
): Promise<LaunchReceipt | null> {
  const rows = await db.select().from(launches).where(eq(launches.editionDay, day)).orderBy(asc(launches.id));
  const first = rows[0];
  if (!first) return null;
  const [headline] = await db
    .select({ id: headlines.id, title: headlines.title })
    .from(headlines)
    .where(eq(headlines.id, first.headlineId));
  const coinRow =
    rows.find((r) => r.kind === "launch" && r.state === "confirmed") ??
    [...rows].reverse().find((r) => r.kind === "launch" && r.state !== "expired" && r.state !== "failed");
  const summary = coinRow?.summary as LaunchSummary | undefined;
  return {
    editionDay: day,
    headline: headline ?? { id: first.headlineId, title: "" },
    coin:
      coinRow && summary
        ? {
            mint: coinRow.mint,
            name: summary.name,
            symbol: summary.symbol,
            metadataUrl: `${publicUrl}${coinMetadataPath(coinRow.mint)}`,
          }
        : null,
    transactions: rows.map(toLaunchView),
  };
}
