// @vitest-environment happy-dom
import { getCompiledTransactionMessageDecoder, getTransactionDecoder } from "@solana/kit";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { Wallet, WalletAccount } from "@wallet-standard/base";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { transferRequestUrl } from "@/common/solana-pay";
import { PAY_MESSAGES, PayRequest } from "./pay-request";

const PAYER = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM";
const URL = transferRequestUrl({
  recipient: "HdaKLkSJTcUkGPFfTZgu7XyWo9rBXgmjtFwbNJxHqbQd",
  amount: "0.35",
  references: ["82ZJ7nbGpixjeDCmEhUcmwXYfvurzAgGdtSMuHnUgyny"],
  label: "Meme Gazette",
});
const SIGNATURE = new Uint8Array(64).fill(7);

/**
 * A Wallet Standard wallet as an extension would be: it registers itself through the standard's window
 * event (what @wallet-standard/app listens for), so the component's real discovery code finds it.
 */
function registerWallet(name: string, behaviour: "pays" | "refuses" | "fails" = "pays") {
  const sent: Uint8Array[] = [];
  const account: WalletAccount = {
    address: PAYER,
    publicKey: new Uint8Array(32),
    chains: ["solana:mainnet"],
    features: ["solana:signAndSendTransaction"],
  };
  const wallet: Wallet = {
    version: "1.0.0",
    name,
    icon: "data:image/svg+xml;base64,PHN2Zy8+",
    chains: ["solana:mainnet"],
    accounts: [],
    features: {
      "standard:connect": { version: "1.0.0", connect: async () => ({ accounts: [account] }) },
      "standard:events": { version: "1.0.0", on: () => () => {} },
      "solana:signAndSendTransaction": {
        version: "1.0.0",
        supportedTransactionVersions: [0],
        signAndSendTransaction: async ({ transaction }: { transaction: Uint8Array }) => {
          sent.push(transaction);
          if (behaviour === "refuses")
            throw Object.assign(new Error("User rejected the request."), { code: 4001 });
          if (behaviour === "fails") throw new Error("Insufficient funds for fee");
          return [{ signature: SIGNATURE }];
        },
      },
    },
  };
  window.dispatchEvent(
    Object.assign(new Event("wallet-standard:register-wallet"), {
      detail: (api: { register(w: Wallet): () => void }) => api.register(wallet),
    }),
  );
  return { sent };
}

beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () =>
      Response.json({ blockhash: "EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N", lastValidBlockHeight: 9 }),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const payButton = () => screen.getByRole("button", { name: "Pay with wallet" });
const status = () => screen.getByRole("status");

describe("PayRequest", () => {
  it("shows the QR code with a text alternative, the wallet link and Copy", async () => {
    render(<PayRequest url={URL} />);
    const qr = await screen.findByRole("img", { name: /QR code of a Solana Pay request for 0.35 SOL/ });
    // Version 7+ at ECC M for a ~150-character link: whole pixels per module, at least 4 each.
    const size = Number(qr.getAttribute("viewBox")?.split(" ")[2]);
    expect(Number(qr.getAttribute("width")) % size).toBe(0);
    expect(Number(qr.getAttribute("width")) / size).toBeGreaterThanOrEqual(4);
    expect(screen.getByRole("link", { name: "Open in wallet app" }).getAttribute("href")).toBe(URL);
    expect(screen.getByRole("button", { name: "Copy payment link" })).toBeTruthy();
  });

  it("copies the payment link", async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    render(<PayRequest url={URL} />);
    fireEvent.click(screen.getByRole("button", { name: "Copy payment link" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Copied" })).toBeTruthy());
    expect(writeText).toHaveBeenCalledWith(URL);
  });

  it("says so when the link is not a transfer request", () => {
    render(<PayRequest url="https://example.com" />);
    expect(screen.getByRole("alert").textContent).toBe(PAY_MESSAGES.invalid);
  });

  // One registry per page: these run in order, each adding wallets to the ones before.
  it("says no wallet was found and points to the QR code and link", async () => {
    render(<PayRequest url={URL} />);
    fireEvent.click(payButton());
    await waitFor(() => expect(status().textContent).toBe(PAY_MESSAGES.none));
  });

  it("pays with the only wallet: connects, asks approval, reports the signature and calls onSent", async () => {
    const { sent } = registerWallet("Test Wallet");
    const onSent = vi.fn();
    render(<PayRequest url={URL} onSent={onSent} />);
    fireEvent.click(payButton());
    await waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
    const signature = onSent.mock.calls[0]?.[0] as string;
    expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{86,88}$/);
    expect(status().textContent).toContain(PAY_MESSAGES.sent);
    expect(screen.getByTestId("payment-signature").textContent).toBe(signature);
    expect(sent).toHaveLength(1);
    const message = getCompiledTransactionMessageDecoder().decode(
      getTransactionDecoder().decode(sent[0] as Uint8Array).messageBytes,
    );
    expect(message.lifetimeToken).toBe("EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N");
    expect(message.staticAccounts).toContain("82ZJ7nbGpixjeDCmEhUcmwXYfvurzAgGdtSMuHnUgyny");
  });

  it("lets the visitor pick among several wallets, and says when the wallet refused or failed", async () => {
    registerWallet("Refusing Wallet", "refuses");
    registerWallet("Broken Wallet", "fails");
    render(<PayRequest url={URL} />);
    fireEvent.click(payButton());
    await waitFor(() => expect(status().textContent).toBe(PAY_MESSAGES.choose));
    const names = screen.getAllByRole("listitem").map((item) => item.textContent);
    expect(names).toEqual(["Test Wallet", "Refusing Wallet", "Broken Wallet"]);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Refusing Wallet" })));
    await waitFor(() => expect(status().textContent).toBe(PAY_MESSAGES.refused));
    fireEvent.click(payButton());
    await waitFor(() => expect(status().textContent).toBe(PAY_MESSAGES.choose));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Broken Wallet" })));
    await waitFor(() => expect(status().textContent).toBe(PAY_MESSAGES.failed("Insufficient funds for fee")));
  });

  it("shows the waiting steps while the wallet connects and waits for approval", async () => {
    let approve: (value: { signature: Uint8Array }[]) => void = () => {};
    const wallet = registerWalletPending("Slow Wallet", (resolve) => {
      approve = resolve;
    });
    render(<PayRequest url={URL} />);
    fireEvent.click(payButton());
    await waitFor(() => expect(status().textContent).toBe(PAY_MESSAGES.choose));
    fireEvent.click(screen.getByRole("button", { name: "Slow Wallet" }));
    await waitFor(() => expect(status().textContent).toBe(PAY_MESSAGES.approving("Slow Wallet")));
    expect(payButton().hasAttribute("disabled")).toBe(true);
    await act(async () => approve([{ signature: SIGNATURE }]));
    await waitFor(() => expect(status().textContent).toContain(PAY_MESSAGES.sent));
    expect(wallet.connected).toBe(true);
  });
});

function registerWalletPending(
  name: string,
  hold: (resolve: (value: { signature: Uint8Array }[]) => void) => void,
) {
  const state = { connected: false };
  const account: WalletAccount = {
    address: PAYER,
    publicKey: new Uint8Array(32),
    chains: ["solana:mainnet"],
    features: [],
  };
  const wallet: Wallet = {
    version: "1.0.0",
    name,
    icon: "data:image/svg+xml;base64,PHN2Zy8+",
    chains: ["solana:mainnet"],
    accounts: [],
    features: {
      "standard:connect": {
        version: "1.0.0",
        connect: async () => {
          state.connected = true;
          return { accounts: [account] };
        },
      },
      "solana:signAndSendTransaction": {
        version: "1.0.0",
        signAndSendTransaction: () => new Promise(hold),
      },
    },
  };
  window.dispatchEvent(
    Object.assign(new Event("wallet-standard:register-wallet"), {
      detail: (api: { register(w: Wallet): () => void }) => api.register(wallet),
    }),
  );
  return state;
}
