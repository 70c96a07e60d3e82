import type { Wallet } from "@wallet-standard/base";

/** The Wallet Standard features a wallet needs to pay here: connect, then sign and send in one step. */
export const CONNECT = "standard:connect";
export const SIGN_AND_SEND = "solana:signAndSendTransaction";
export const DEFAULT_CHAIN = "solana:mainnet";

/**
 * The registered wallets that can pay on `chain`: ones without connect or sign-and-send, or on other chains
 * (an Ethereum wallet that also registers), are left out. Same name twice (a wallet registered by two
 * extensions) is shown once.
 */
export function paymentWallets(wallets: readonly Wallet[], chain: string = DEFAULT_CHAIN): Wallet[] {
  const seen = new Set<string>();
  return wallets.filter((wallet) => {
    const usable =
      CONNECT in wallet.features &&
      SIGN_AND_SEND in wallet.features &&
      wallet.chains.some((c) => c === chain);
    if (!usable || seen.has(wallet.name)) return false;
    seen.add(wallet.name);
    return true;
  });
}
