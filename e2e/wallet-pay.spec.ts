import type { Page } from "@playwright/test";
import { getCompiledTransactionMessageDecoder, getTransactionDecoder } from "@solana/kit";
import { parseTransferRequestUrl } from "../src/common/solana-pay";
import { expect, test } from "./fixtures";

/**
 * "Pay with wallet" end to end, with a test wallet that registers itself through the Wallet Standard's
 * window event protocol (as Phantom, Solflare and Backpack do) and records the transaction it is asked to
 * sign and send. Needs the promoted-submission flow of issue 15 (the page shows a transfer request after the
 * form is sent); the e2e server has no Solana RPC, so the blockhash answer is given here.
 */

const PAYER = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM";
const PAYMENT_ADDRESS = "HdaKLkSJTcUkGPFfTZgu7XyWo9rBXgmjtFwbNJxHqbQd";
const BLOCKHASH = "EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N";

/** Runs in the page before any of its scripts: a minimal Wallet Standard wallet. */
function installTestWallet(payer: string) {
  const sent: number[][] = [];
  (window as unknown as { __sentTransactions: number[][] }).__sentTransactions = sent;
  const account = { address: payer, publicKey: new Uint8Array(32), chains: ["solana:mainnet"], features: [] };
  const wallet = {
    version: "1.0.0",
    name: "E2E Test Wallet",
    icon: "data:image/svg+xml;base64,PHN2ZyB4bWxucz0naHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmcnLz4=",
    chains: ["solana:mainnet"],
    accounts: [] as (typeof account)[],
    features: {
      "standard:connect": {
        version: "1.0.0",
        connect: async () => {
          wallet.accounts = [account];
          return { accounts: [account] };
        },
      },
      "standard:events": { version: "1.0.0", on: () => () => {} },
      "solana:signAndSendTransaction": {
        version: "1.0.0",
        supportedTransactionVersions: ["legacy", 0],
        signAndSendTransaction: async (...inputs: { transaction: Uint8Array }[]) =>
          inputs.map(({ transaction }) => {
            sent.push([...transaction]);
            return { signature: new Uint8Array(64).fill(sent.length) };
          }),
      },
    },
  };
  const register = (api: { register(w: typeof wallet): unknown }) => api.register(wallet);
  window.addEventListener("wallet-standard:app-ready", (event) => register((event as CustomEvent).detail));
  window.dispatchEvent(new CustomEvent("wallet-standard:register-wallet", { detail: register }));
}

async function sentTransactions(page: Page): Promise<Uint8Array[]> {
  const sent = await page.evaluate(
    () => (window as unknown as { __sentTransactions: number[][] }).__sentTransactions,
  );
  return sent.map((bytes) => new Uint8Array(bytes));
}

test.describe("pay with a browser wallet", () => {
  // Not yet: the promoted form does not show the transfer request (LazyPayRequest) until issue 15's
  // submission flow lands; the component's states are covered by its vitest suite meanwhile.
  test.fixme("the test wallet is found, asked to send the transfer with the reference, and the signature shown", async ({
    page,
  }) => {
    await page.addInitScript(installTestWallet, PAYER);
    await page.route("**/api/payment-info", (route) =>
      route.fulfill({ json: { submissionPrice: 0.35, paymentAddress: PAYMENT_ADDRESS } }),
    );
    await page.route("**/api/payments/latest-blockhash", (route) =>
      route.fulfill({ json: { blockhash: BLOCKHASH, lastValidBlockHeight: 319312421 } }),
    );
    await page.goto("/paid-submit");
    // Issue 15's flow: the form is sent first, then the page shows the transfer request to pay.
    await page.getByLabel("Your name or organization").fill("Doge Labs");
    await page.getByLabel("Headline").fill("Dog Elected Mayor of Small Town");
    await page
      .getByLabel("Description")
      .fill("A small town elected a golden retriever as its mayor, by a landslide.");
    await page.getByRole("checkbox", { name: /original or properly attributed/ }).check();
    await page
      .getByRole("button", { name: /submit|continue to payment/i })
      .first()
      .click();

    await expect(
      page.getByRole("img", { name: /QR code of a Solana Pay request for 0\.35 SOL/ }),
    ).toBeVisible();
    const link = page.getByRole("link", { name: "Open in wallet app" });
    const request = parseTransferRequestUrl((await link.getAttribute("href")) ?? "");
    expect(request?.recipient).toBe(PAYMENT_ADDRESS);
    expect(request?.references).toHaveLength(1);

    const pay = page.getByRole("button", { name: "Pay with wallet" });
    const box = await pay.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);
    await pay.click();
    await expect(page.getByRole("status").filter({ hasText: "Payment sent" })).toBeVisible();
    await expect(page.getByTestId("payment-signature")).toHaveText(/^[1-9A-HJ-NP-Za-km-z]{86,88}$/);

    const [transaction] = await sentTransactions(page);
    const message = getCompiledTransactionMessageDecoder().decode(
      getTransactionDecoder().decode(transaction as Uint8Array).messageBytes,
    );
    expect(message.staticAccounts[0]).toBe(PAYER);
    expect(message.staticAccounts).toContain(PAYMENT_ADDRESS);
    expect(message.staticAccounts).toContain(request?.references[0]);
    expect(message.lifetimeToken).toBe(BLOCKHASH);
  });
});
