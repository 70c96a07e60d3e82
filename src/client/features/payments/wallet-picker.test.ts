import type { Wallet } from "@wallet-standard/base";
import { describe, expect, it } from "vitest";
import { paymentWallets } from "./wallet-picker";

const ICON = "data:image/svg+xml;base64,PHN2Zy8+" as Wallet["icon"];

function wallet(
  name: string,
  features: string[],
  chains: string[] = ["solana:mainnet", "solana:devnet"],
): Wallet {
  return {
    version: "1.0.0",
    name,
    icon: ICON,
    chains: chains as Wallet["chains"],
    accounts: [],
    features: Object.fromEntries(features.map((f) => [f, {}])) as Wallet["features"],
  };
}

const FULL = [
  "standard:connect",
  "standard:events",
  "solana:signAndSendTransaction",
  "solana:signTransaction",
];

describe("paymentWallets", () => {
  it("finds none among no wallets", () => {
    expect(paymentWallets([])).toEqual([]);
  });

  it("keeps one wallet that can connect and sign-and-send on mainnet", () => {
    expect(paymentWallets([wallet("Phantom", FULL)]).map((w) => w.name)).toEqual(["Phantom"]);
  });

  it("keeps several, in the order they registered, each name once", () => {
    const found = paymentWallets([
      wallet("Phantom", FULL),
      wallet("Solflare", FULL),
      wallet("Backpack", FULL),
      wallet("Phantom", FULL),
    ]);
    expect(found.map((w) => w.name)).toEqual(["Phantom", "Solflare", "Backpack"]);
  });

  it("leaves out wallets without the needed features or on other chains", () => {
    const found = paymentWallets([
      wallet("Sign only", ["standard:connect", "solana:signTransaction"]),
      wallet("No connect", ["solana:signAndSendTransaction"]),
      wallet("Ethereum", ["standard:connect", "ethereum:signAndSendTransaction"], ["eip155:1"]),
      wallet("Devnet only", FULL, ["solana:devnet"]),
      wallet("Solflare", FULL),
    ]);
    expect(found.map((w) => w.name)).toEqual(["Solflare"]);
  });

  it("follows the configured chain", () => {
    expect(paymentWallets([wallet("Devnet only", FULL, ["solana:devnet"])], "solana:devnet")).toHaveLength(1);
  });
});
