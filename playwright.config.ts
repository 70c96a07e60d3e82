import path from "node:path";
import { defineConfig } from "@playwright/test";
import { LAUNCH_CREATOR, LAUNCH_WALLET, PAYMENT_ADDRESS, TOKEN_ADDRESS } from "./e2e/fixtures";

// The system Chromium only (no downloaded browser). The server runs on a throwaway data directory seeded
// with the sample edition and serves a fresh build of the browser app. E2E_PORT picks the port, and with it
// the data and build directories, so that several runs can go side by side.
const port = Number(process.env.E2E_PORT ?? 4173);
const runDir = path.resolve(import.meta.dirname, ".tmp", `e2e-${port}`);
/** The fake Solana node (e2e/fake-chain.ts): promoted submissions are paid on it and found by reference. */
const chainPort = port + 1000;
const telegramPort = port + 2000;
const desktop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : "list",
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    headless: true,
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    },
    // Tracing every test made axe runs 4x slower; pass --trace=on (or retry once) to record one.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
  },
  // Visitor specs first; the admin specs change the shared paper (winner, lists), so they run after them.
  projects: [
    { name: "desktop", testIgnore: [/admin.*\.spec\.ts/, /security-reset\.spec\.ts/], use: { viewport: desktop } },
    { name: "phone", testIgnore: [/admin.*\.spec\.ts/, /security-reset\.spec\.ts/], use: { viewport: phone, isMobile: true, hasTouch: true } },
    { name: "admin-desktop", testMatch: /admin.*\.spec\.ts/, dependencies: ["desktop", "phone"], use: { viewport: desktop } },
    {
      name: "admin-phone",
      testMatch: /admin.*\.spec\.ts/,
      dependencies: ["admin-desktop"],
      use: { viewport: phone, isMobile: true, hasTouch: true },
    },
    // Last of all: the real security reset logs every session out.
    { name: "security-reset", testMatch: /security-reset\.spec\.ts/, dependencies: ["admin-phone"], use: { viewport: desktop } },
  ],
  webServer: [
    {
      // The paper's coin too: the launch's Buy back buys it on the curve the fake chain holds for it.
      command: `tsx e2e/fake-chain.ts ${chainPort} ${TOKEN_ADDRESS}`,
      url: `http://127.0.0.1:${chainPort}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // A fake Telegram Bot API: the server posts its channel messages there (the dashboard's Telegram tab).
      command: `tsx e2e/fake-telegram.ts ${telegramPort}`,
      url: `http://127.0.0.1:${telegramPort}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
    // The production process: the compiled server on plain node, as `npm start` runs it.
    command: `rm -rf ${runDir} && vite build --outDir ${runDir}/dist --emptyOutDir && tsx build/server.ts ${runDir}/server && node --enable-source-maps ${runDir}/server/main.js`,
    url: `http://127.0.0.1:${port}/api/settings`,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: `${runDir}/data`,
      STATIC_DIR: `${runDir}/dist`,
      SEED_DEMO: "true",
      TRUST_PROXY: "127.0.0.1",
      ADMIN_PASSWORD: "e2e-admin-password",
      SITE_NAME: "Meme Gazette",
      // Shared links and link previews name the address the tests browse.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      TOKEN_ADDRESS,
      TELEGRAM_URL: "https://t.me/memegazette",
      TELEGRAM_BOT_TOKEN: "123456789:AAE2eFakeTokenForTheFakeBotApi",
      TELEGRAM_CHAT_ID: "@memegazette_e2e",
      TELEGRAM_API_BASE_URL: `http://127.0.0.1:${telegramPort}`,
      X_URL: "https://x.com/memegazette",
      // Two browsers and the server share two cores here: a slow second is the machine, not an overload.
      MAX_EVENT_LOOP_DELAY_MS: "0",
      // Solana Pay against the fake node: a loopback RPC is a trusted operator setting.
      SOLANA_RPC_URL: `http://127.0.0.1:${chainPort}/`,
      PAYMENT_ADDRESS,
      // The dashboard's coin launch (e2e/admin-launch.spec.ts): its test wallet and the treasury.
      LAUNCH_WALLETS: LAUNCH_WALLET,
      LAUNCH_CREATOR_ADDRESS: LAUNCH_CREATOR,
    },
    reuseExistingServer: false,
    timeout: 120_000,
    },
  ],
});
