import type { Page } from "@playwright/test";
import { getBase58Encoder, getCompiledTransactionMessageDecoder, getTransactionDecoder } from "@solana/kit";
import { buildTransferTransaction } from "../src/client/features/payments/wallet-transaction";
import { parseTransferRequestUrl } from "../src/common/solana-pay";
import { expect, PAYMENT_ADDRESS, test } from "./fixtures";

/**
 * Issue 15 end to end, on the fake Solana node the e2e server uses (e2e/fake-chain.ts): a promoted
 * submission is sent, shows its transfer request (QR code, Pay with wallet), a test wallet registered through
 * the Wallet Standard's window events (as Phantom, Solflare and Backpack do) signs and sends what it is asked
 * to, and the page sees the payment confirmed by itself, without a reload. The pasted signature is the
 * fallback.
 */

const PAYER = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM";
const CHAIN_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4173) + 1000}/`;
/** A confirmed payment is found by the receipt's next look on chain: at most 10 s apart, asked every 5 s. */
const CONFIRMED_WITHIN_MS = 25_000;

async function rpc<T>(method: string, params: unknown[]): Promise<T> {
  const response = await fetch(CHAIN_URL, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  return ((await response.json()) as { result: T }).result;
}

/** Sends wire bytes to the fake chain, as a wallet does; answers the signature's 64 bytes. */
async function sendToChain(bytes: number[]): Promise<number[]> {
  const signature = await rpc<string>("sendTransaction", [Buffer.from(bytes).toString("base64")]);
  return [...getBase58Encoder().encode(signature)];
}

/** Runs in the page before any of its scripts: a minimal Wallet Standard wallet. */
function installTestWallet(payer: string) {
  const sent: number[][] = [];
  const page = window as unknown as {
    __sentTransactions: number[][];
    __sendToChain: (bytes: number[]) => Promise<number[]>;
  };
  page.__sentTransactions = sent;
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
          Promise.all(
            inputs.map(async ({ transaction }) => {
              sent.push([...transaction]);
              return { signature: new Uint8Array(await page.__sendToChain([...transaction])) };
            }),
          ),
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

async function sendPromotedForm(page: Page, title: string) {
  await page.goto("/paid-submit");
  await page.getByLabel("Your name or organization").fill("Doge Labs");
  await page.getByLabel("Headline").fill(title);
  await page
    .getByLabel("Description")
    .fill("A small town elected a golden retriever as its mayor, by a landslide.");
  await page.getByLabel("Image URL").fill("https://images.example.com/dog-mayor.png");
  await page.getByRole("checkbox", { name: /original or properly attributed/ }).check();
  await page.getByRole("button", { name: "Submit Promoted Headline" }).click();
  await expect(page.getByRole("heading", { name: "Submission Received!" })).toBeVisible();
}

const status = (page: Page) => page.getByTestId("receipt-status");

test.describe("pay a promoted submission with Solana Pay", () => {
  test("the wallet pays the transfer request with its reference, and the payment is confirmed by itself", async ({
    page,
  }) => {
    await page.exposeFunction("__sendToChain", sendToChain);
    await page.addInitScript(installTestWallet, PAYER);
    await sendPromotedForm(page, "Dog Elected Mayor of Small Town");

    await expect(status(page)).toHaveText("Awaiting payment");
    await expect(
      page.getByRole("img", { name: /QR code of a Solana Pay request for 0\.35 SOL/ }),
    ).toBeVisible();
    const link = page.getByRole("link", { name: "Open in wallet app" });
    const request = parseTransferRequestUrl((await link.getAttribute("href")) ?? "");
    expect(request?.recipient).toBe(PAYMENT_ADDRESS);
    expect(request?.amount).toBe("0.35");
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

    // No reload: the receipt asks again by itself and the server finds the payment by its reference.
    await expect(status(page)).toHaveText("Paid - waiting for review", { timeout: CONFIRMED_WITHIN_MS });
    await expect(page.getByText("Payment confirmed. Our team is now reviewing your headline.")).toBeVisible();

    // The receipt link leads to the same submission, paid.
    await page.getByTestId("receipt-link").click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your Submission");
    await expect(page.getByRole("heading", { name: "Dog Elected Mayor of Small Town" })).toBeVisible();
    await expect(status(page)).toHaveText("Paid - waiting for review");
  });

  test("a signature pasted on the receipt page is checked on chain, and someone else's is refused", async ({
    page,
  }) => {
    await sendPromotedForm(page, "Cat Buys the Moon for One SOL");
    const receiptUrl = (await page.getByTestId("receipt-link").getAttribute("href")) ?? "";
    expect(receiptUrl).toMatch(/^\/submission\/[A-Za-z0-9_-]{22}$/);

    // Paid another way: a plain transfer to the payment address, without the reference.
    const { value } = await rpc<{ value: { blockhash: string; lastValidBlockHeight: number } }>(
      "getLatestBlockhash",
      [],
    );
    const wire = buildTransferTransaction(
      PAYER,
      { recipient: PAYMENT_ADDRESS, amount: "0.35", references: [] },
      { blockhash: value.blockhash, lastValidBlockHeight: value.lastValidBlockHeight },
    );
    const signature = await rpc<string>("sendTransaction", [Buffer.from(wire).toString("base64")]);

    await page.goto(receiptUrl);
    await expect(status(page)).toHaveText("Awaiting payment");
    await page.getByText("Paid another way? Paste the transaction ID").click();
    await page.getByLabel("Transaction ID").fill(signature);
    await page.getByRole("button", { name: "Check this transaction" }).click();
    await expect(status(page)).toHaveText("Paid - waiting for review", { timeout: CONFIRMED_WITHIN_MS });

    // A second submission pasting the same signature is refused with the server's words.
    await sendPromotedForm(page, "Frog Wizard Casts a Pump Spell");
    await page.getByTestId("receipt-link").click();
    await page.getByText("Paid another way? Paste the transaction ID").click();
    await page.getByLabel("Transaction ID").fill(signature);
    await page.getByRole("button", { name: "Check this transaction" }).click();
    await expect(
      page.getByText("This transaction ID has already been used for another submission."),
    ).toBeVisible();
    await expect(status(page)).toHaveText("Awaiting payment");
  });
});
