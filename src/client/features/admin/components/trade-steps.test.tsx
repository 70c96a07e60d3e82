// @vitest-environment happy-dom
import { Keypair, TransactionMessage, VersionedTransaction } from "@solana/web3.js";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { Wallet } from "@wallet-standard/base";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/client/lib/query-client";
import { LAUNCH_MESSAGES, type LaunchSettings, type LaunchView } from "@/common/launch";
import { TradeSteps } from "./trade-steps";

/**
 * The Sell and the Buy back in the launch dialog (issue 29): each click has the server prepare it, shows its
 * amounts, and asks the wallet only once staff confirm; a step that cannot be done says why beside it.
 */

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const WALLET = Keypair.fromSeed(new Uint8Array(32).fill(7));
const ADDRESS = WALLET.publicKey.toBase58();
const MINT = Keypair.fromSeed(new Uint8Array(32).fill(9)).publicKey.toBase58();
/** A real (empty) v0 transaction: what the page decodes after the wallet signed it. */
const TRANSACTION = Buffer.from(
  new VersionedTransaction(
    new TransactionMessage({
      payerKey: WALLET.publicKey,
      recentBlockhash: "EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N",
      instructions: [],
    }).compileToV0Message(),
  ).serialize(),
).toString("base64");

const base = {
  state: "confirmed" as const,
  editionDay: "2026-11-27",
  headlineId: 3,
  mint: MINT,
  wallet: ADDRESS,
  signature: "5iXdJPdL5U45JkPmEVFced75GqVUG7i2L3w2qhtBh4aw8MAegWEM5hjuKg6i67MBf8jcBimbT9aKxPozJJHxBGhV",
  error: null,
  lastValidBlockHeight: 1,
  createdAt: "2026-11-27T21:47:00.000Z",
  sentAt: null,
  settledAt: null,
};
const facts = { mint: MINT, feePayer: ADDRESS, signers: [ADDRESS], sizeBytes: 400, programId: "pump" };
const LAUNCH: LaunchView = {
  ...base,
  id: 1,
  kind: "launch",
  summary: {
    ...facts,
    name: "Frog",
    symbol: "FROG",
    uri: "",
    description: "",
    imageUrl: "",
    creator: ADDRESS,
    solAmount: "1000000000",
    maxSolCost: "1010000000",
    tokenAmount: "34199203154141",
    computeUnitLimit: null,
    instructions: ["create_v2", "buy"],
  },
};
const SELL: LaunchView = {
  ...base,
  id: 2,
  kind: "sell",
  state: "prepared",
  signature: null,
  summary: {
    ...facts,
    tokenAmount: "34199203154141",
    solAmount: "976740907",
    minSolOutput: "966973498",
    tokenAccount: ADDRESS,
    instructions: ["sell", "close_account"],
  },
};

function settings(change: Partial<LaunchSettings> = {}): LaunchSettings {
  return {
    wallets: [ADDRESS],
    creator: ADDRESS,
    buySol: 1,
    buybackPercent: 1,
    tokenAddress: MINT,
    rpcConfigured: true,
    launches: [LAUNCH],
    ...change,
  };
}

function fakeWallet() {
  const account = {
    address: ADDRESS,
    publicKey: WALLET.publicKey.toBytes(),
    chains: ["solana:mainnet"],
    features: [],
  };
  const signTransaction = vi.fn(async ({ transaction }: { transaction: Uint8Array }) => [
    { signedTransaction: transaction },
  ]);
  const wallet = {
    version: "1.0.0",
    name: "Test Wallet",
    icon: "data:image/svg+xml;base64,",
    chains: ["solana:mainnet"],
    accounts: [account],
    features: {
      "standard:connect": { version: "1.0.0", connect: async () => ({ accounts: [account] }) },
      "solana:signTransaction": { version: "1.0.0", signTransaction },
    },
  } as unknown as Wallet;
  return { wallet, signTransaction };
}

function stubApi(answers: Record<string, { status: number; body: unknown }>) {
  const calls: string[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    const key = `${init.method ?? "GET"} ${url}`;
    calls.push(key);
    const answer = answers[key] ?? { status: 404, body: { message: "not stubbed" } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { "content-type": "application/json" },
    });
  });
  return calls;
}

function renderSteps(s: LaunchSettings, wallet: Wallet | undefined) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <TradeSteps headlineId={3} symbol="FROG" settings={s} wallet={wallet} />
    </QueryClientProvider>,
  );
}

const described = (element: HTMLElement) =>
  (element.getAttribute("aria-describedby") ?? "")
    .split(/\s+/)
    .map((id) => document.getElementById(id)?.textContent ?? "")
    .join(" ")
    .trim();

describe("TradeSteps", () => {
  it("says why the Buy back cannot be done yet beside its disabled button", () => {
    renderSteps(settings({ tokenAddress: null }), fakeWallet().wallet);
    const buyBack = screen.getByRole("button", { name: "Buy back with 1%" });
    expect(buyBack).toHaveProperty("disabled", true);
    expect(described(buyBack)).toBe(LAUNCH_MESSAGES.noTokenAddress);
    expect(screen.getByRole("button", { name: "Sell the FROG" })).toHaveProperty("disabled", false);
    cleanup();
    renderSteps(settings(), fakeWallet().wallet);
    expect(described(screen.getByRole("button", { name: "Buy back with 1%" }))).toBe(
      LAUNCH_MESSAGES.buybackBeforeSell,
    );
  });

  it("shows the Sell's amounts before the wallet is asked; Cancel asks nothing and gives the focus back", async () => {
    const calls = stubApi({
      "POST /api/admin/launches/trades": { status: 201, body: { launch: SELL, transaction: TRANSACTION } },
    });
    const { wallet, signTransaction } = fakeWallet();
    renderSteps(settings(), wallet);
    const sell = screen.getByRole("button", { name: "Sell the FROG" });
    fireEvent.click(sell);
    const confirm = await screen.findByRole("region", { name: "Confirm the Sell" });
    expect(confirm.textContent).toContain("34,199,203.154141 FROG, every one the wallet holds");
    expect(confirm.textContent).toContain(
      "about 0.976740907 SOL, at least 0.966973498 SOL (1% below the quote)",
    );
    expect(document.activeElement).toBe(within(confirm).getByRole("button", { name: "Sign and send" }));
    expect(signTransaction).not.toHaveBeenCalled();
    fireEvent.click(within(confirm).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("region", { name: "Confirm the Sell" })).toBeNull();
    expect(document.activeElement).toBe(sell);
    expect(signTransaction).not.toHaveBeenCalled();
    expect(calls).toEqual(["POST /api/admin/launches/trades"]);
  });

  it("Sign and send: the wallet signs, the server sends, and the Sell shows confirmed", async () => {
    const calls = stubApi({
      "POST /api/admin/launches/trades": { status: 201, body: { launch: SELL, transaction: TRANSACTION } },
      "POST /api/admin/launches/2/signed": {
        status: 200,
        body: { ...SELL, state: "confirmed", signature: base.signature },
      },
    });
    const { wallet, signTransaction } = fakeWallet();
    renderSteps(settings(), wallet);
    fireEvent.click(screen.getByRole("button", { name: "Sell the FROG" }));
    const confirm = await screen.findByRole("region", { name: "Confirm the Sell" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Sign and send" }));
    await waitFor(() => expect(screen.getByText("Sold.")).toBeTruthy());
    expect(signTransaction).toHaveBeenCalledTimes(1);
    expect(calls).toContain("POST /api/admin/launches/2/signed");
    expect(screen.getByRole("button", { name: "Sell the FROG" })).toHaveProperty("disabled", true);
    // The next click is the Buy back: the focus is there.
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Buy back with 1%" }));
  });

  it("puts the server's refusal (409) beside the disabled button", async () => {
    const why =
      "The launched coin has left its bonding curve (it graduated to the exchange's pool), so it cannot be traded from here: sell it by hand (on Jupiter) from the wallet.";
    stubApi({ "POST /api/admin/launches/trades": { status: 409, body: { message: why } } });
    renderSteps(settings(), fakeWallet().wallet);
    fireEvent.click(screen.getByRole("button", { name: "Sell the FROG" }));
    await waitFor(() => expect(described(screen.getByRole("button", { name: "Sell the FROG" }))).toBe(why));
    expect(screen.getByRole("button", { name: "Sell the FROG" })).toHaveProperty("disabled", true);
  });
});
