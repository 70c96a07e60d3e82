import {
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getTransactionDecoder,
  type KeyPairSigner,
  partiallySignTransaction,
  type Transaction,
} from "@solana/kit";
import { getWallets } from "@wallet-standard/app";
import type { Wallet, WalletAccount } from "@wallet-standard/base";

/**
 * The launch's wallet side, in the dashboard only (issue 29): the staff member's browser wallet (any Wallet
 * Standard wallet with `solana:signTransaction`) signs the transaction the server prepared, and the page
 * co-signs it with the new coin's mint key, made here by `generateKeyPairSigner()` (a WebCrypto key that
 * cannot be exported: the site never holds a private key). The wallet signs first, as wallets ask: one that
 * adds its own instructions (a priority fee, its assertions) changes the message, and the mint then signs
 * the message as the wallet left it. The server checks the result before anything reaches the chain.
 */

export const CONNECT = "standard:connect";
export const SIGN_TRANSACTION = "solana:signTransaction";
export const LAUNCH_CHAIN = "solana:mainnet";

interface ConnectFeature {
  connect(input?: { silent?: boolean }): Promise<{ accounts: readonly WalletAccount[] }>;
}
interface SignTransactionFeature {
  signTransaction(
    ...inputs: { account: WalletAccount; chain?: string; transaction: Uint8Array }[]
  ): Promise<readonly { signedTransaction: Uint8Array }[]>;
}

/** The registered wallets that can sign a transaction without sending it (each name once). */
export function signingWallets(wallets: readonly Wallet[]): Wallet[] {
  const seen = new Set<string>();
  return wallets.filter((wallet) => {
    const usable =
      CONNECT in wallet.features &&
      SIGN_TRANSACTION in wallet.features &&
      wallet.chains.some((c) => c.startsWith("solana:"));
    if (!usable || seen.has(wallet.name)) return false;
    seen.add(wallet.name);
    return true;
  });
}

/** The wallets now, and those that register later (an extension still loading). */
export function watchSigningWallets(onChange: (wallets: Wallet[]) => void): () => void {
  const registry = getWallets();
  const update = () => onChange(signingWallets(registry.get()));
  update();
  const offRegister = registry.on("register", update);
  const offUnregister = registry.on("unregister", update);
  return () => {
    offRegister();
    offUnregister();
  };
}

/** Connects the wallet and answers its account (the first on Solana). */
export async function connectWallet(wallet: Wallet): Promise<WalletAccount> {
  const { accounts } = await (wallet.features[CONNECT] as ConnectFeature).connect();
  const account = accounts.find((a) => a.chains.some((c) => c.startsWith("solana:"))) ?? accounts[0];
  if (!account) throw new Error("The wallet did not share an account.");
  return account;
}

/** A new coin's mint key, made in this page and never exportable. */
export function newMint(): Promise<KeyPairSigner> {
  return generateKeyPairSigner();
}

/**
 * Has the wallet sign `base64` (the prepared wire transaction), then signs it with the mint (a launch's; the
 * Sell and the Buy back have none) when the message still names the mint as a signer; answers the signed
 * wire transaction in base64 for the server to check.
 */
export async function signLaunch(
  wallet: Wallet,
  account: WalletAccount,
  mint: KeyPairSigner | null,
  base64: string,
): Promise<string> {
  const transaction = new Uint8Array(getBase64Encoder().encode(base64));
  const sign = wallet.features[SIGN_TRANSACTION] as SignTransactionFeature;
  const chain = account.chains.find((c) => c === LAUNCH_CHAIN) ?? account.chains[0];
  const [result] = await sign.signTransaction({ account, chain, transaction });
  if (!result) throw new Error("The wallet did not return the signed transaction.");
  let signed: Transaction = getTransactionDecoder().decode(result.signedTransaction) as Transaction;
  if (mint && mint.address in signed.signatures)
    signed = await partiallySignTransaction([mint.keyPair], signed);
  return getBase64EncodedWireTransaction(signed as Parameters<typeof getBase64EncodedWireTransaction>[0]);
}

/** The person said no in the wallet (EIP-1193's 4001, or words that say so). */
export function isRefusal(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (code === 4001) return true;
  return typeof message === "string" && /\b(reject|declin|denied|cancel)/i.test(message);
}
