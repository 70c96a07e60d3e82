import { getBase58Decoder } from "@solana/kit";
import { getWallets } from "@wallet-standard/app";
import type { Wallet, WalletAccount } from "@wallet-standard/base";
import { apiGet } from "@/client/lib/api-client";
import { LATEST_BLOCKHASH_PATH, type LatestBlockhash } from "@/common/latest-blockhash";
import type { TransferRequest } from "@/common/solana-pay";
import { CONNECT, DEFAULT_CHAIN, paymentWallets, SIGN_AND_SEND } from "./wallet-picker";
import { buildTransferTransaction } from "./wallet-transaction";

/**
 * The wallet code behind "Pay with wallet", loaded only when the visitor presses it (pay-request.tsx
 * imports this module with import()): it finds Wallet Standard wallets, connects one, and has it sign and
 * send the transfer. The feature shapes are the Wallet Standard's own (standard:connect,
 * solana:signAndSendTransaction), typed here for just the fields used.
 */

interface ConnectFeature {
  connect(input?: { silent?: boolean }): Promise<{ accounts: readonly WalletAccount[] }>;
}
interface SignAndSendFeature {
  signAndSendTransaction(
    ...inputs: { account: WalletAccount; chain: string; transaction: Uint8Array }[]
  ): Promise<readonly { signature: Uint8Array }[]>;
}

export { paymentWallets };

/** The wallets that can pay now; `onChange` hears of ones that register later (an extension loading). */
export function watchPaymentWallets(
  onChange: (wallets: Wallet[]) => void,
  chain = DEFAULT_CHAIN,
): () => void {
  const registry = getWallets();
  const update = () => onChange(paymentWallets(registry.get(), chain));
  update();
  const offRegister = registry.on("register", update);
  const offUnregister = registry.on("unregister", update);
  return () => {
    offRegister();
    offUnregister();
  };
}

/** The visitor said no in the wallet (EIP-1193's 4001, or a message that says so). */
export function isRefusal(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (code === 4001) return true;
  return typeof message === "string" && /\b(reject|declin|denied|cancel)/i.test(message);
}

export type PaymentStep = "connecting" | "approving";

/**
 * Connects `wallet`, builds the transfer for its first account and asks it to sign and send. Resolves to the
 * transaction's base58 signature. `onStep` says when the wallet is waiting for the visitor's approval.
 */
export async function payWithWallet(
  wallet: Wallet,
  request: TransferRequest,
  onStep: (step: PaymentStep) => void,
  chain = DEFAULT_CHAIN,
): Promise<string> {
  onStep("connecting");
  const connect = wallet.features[CONNECT] as ConnectFeature;
  const { accounts } = await connect.connect();
  const account = accounts.find((a) => a.chains.includes(chain as `${string}:${string}`)) ?? accounts[0];
  if (!account) throw new Error("The wallet did not share an account.");
  const lifetime = await apiGet<LatestBlockhash>(LATEST_BLOCKHASH_PATH);
  const transaction = buildTransferTransaction(account.address, request, lifetime);
  onStep("approving");
  const send = wallet.features[SIGN_AND_SEND] as SignAndSendFeature;
  const [result] = await send.signAndSendTransaction({ account, chain, transaction });
  if (!result) throw new Error("The wallet did not return a signature.");
  return getBase58Decoder().decode(result.signature);
}
