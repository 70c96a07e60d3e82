import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("configuration", () => {
  it("has working defaults for a fresh machine", () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      siteName: "Meme Gazette",
      submissionPriceSol: 0.35,
      seedDemo: true,
      trustProxy: false,
    });
    expect(c.dataDir).toMatch(/data$/);
  });

  it("reads PUBLIC_URL as an origin, and defaults it to localhost on the port", () => {
    expect(loadConfig({}).publicUrl).toBe("http://localhost:3000");
    expect(loadConfig({ PORT: "8080" }).publicUrl).toBe("http://localhost:8080");
    expect(loadConfig({ PUBLIC_URL: "https://memegazette.example/" }).publicUrl).toBe(
      "https://memegazette.example",
    );
    for (const bad of ["memegazette.example", "https://memegazette.example/news", "ftp://x.example"]) {
      expect(() => loadConfig({ PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL/);
    }
  });

  it("turns the sample edition off by default on PostgreSQL", () => {
    expect(loadConfig({ DATABASE_URL: "postgres://localhost/x" }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: "postgres://localhost/x", SEED_DEMO: "true" }).seedDemo).toBe(true);
  });

  it("listens on LISTEN_DATABASE_URL when set, else on DATABASE_URL, and only with DATABASE_URL", () => {
    expect(loadConfig({}).listenDatabaseUrl).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: "postgres://pgbouncer:6432/x" }).listenDatabaseUrl).toBe(
      "postgres://pgbouncer:6432/x",
    );
    const both = loadConfig({
      DATABASE_URL: "postgres://pgbouncer:6432/x",
      LISTEN_DATABASE_URL: " postgres://db:5432/x ",
    });
    expect(both).toMatchObject({
      databaseUrl: "postgres://pgbouncer:6432/x",
      listenDatabaseUrl: "postgres://db:5432/x",
    });
    expect(() => loadConfig({ LISTEN_DATABASE_URL: "postgres://db:5432/x" })).toThrow(
      /LISTEN_DATABASE_URL: .*DATABASE_URL/,
    );
  });

  it.each([
    ["PORT", "eighty"],
    ["PORT", "70000"],
    ["DATABASE_URL", "mysql://x"],
    ["LISTEN_DATABASE_URL", "mysql://x"],
    ["TOKEN_ADDRESS", "0xabc"],
    // 44 base58 characters, but 33 bytes: not a Solana address (issue 14).
    ["PAYMENT_ADDRESS", "NJGM7Jvmt9znuyXp13R83QLb4FkmhyBpEw712SAzKTdQ"],
    ["SUBMISSION_PRICE_SOL", "-1"],
    ["SEED_DEMO", "maybe"],
    ["TELEGRAM_URL", "javascript:alert(1)"],
    ["TELEGRAM_BOT_TOKEN", "not-a-token"],
    ["TELEGRAM_CHAT_ID", "my channel"],
    ["TELEGRAM_API_BASE_URL", "ftp://api.telegram.org"],
    ["ADMIN_PASSWORD", "short"],
    ["TRUST_PROXY", "everyone!"],
    ["SHUTDOWN_DELAY_MS", "-1"],
    ["SHUTDOWN_DELAY_MS", "five"],
    ["LAUNCH_WALLETS", "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU, not-a-wallet"],
    ["LAUNCH_CREATOR_ADDRESS", "0xabc"],
    ["LAUNCH_BUY_SOL", "0"],
    ["LAUNCH_BUY_SOL", "1000"],
    ["LAUNCH_BUYBACK_PERCENT", "101"],
  ])("stops on an invalid %s with a message naming it", (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });

  it("reads the Telegram channel's settings, the real Bot API by default, and never repeats a bad token", () => {
    expect(loadConfig({})).toMatchObject({
      telegramBotToken: undefined,
      telegramChatId: undefined,
      telegramApiBaseUrl: "https://api.telegram.org",
    });
    const config = loadConfig({
      TELEGRAM_BOT_TOKEN: " 123456:ABCdefGHIjklMNOpqrSTUvwxYZ0123 ",
      TELEGRAM_CHAT_ID: "-1001234567890",
      TELEGRAM_API_BASE_URL: "http://127.0.0.1:9999",
    });
    expect(config).toMatchObject({
      telegramBotToken: "123456:ABCdefGHIjklMNOpqrSTUvwxYZ0123",
      telegramChatId: "-1001234567890",
      telegramApiBaseUrl: "http://127.0.0.1:9999",
    });
    expect(loadConfig({ TELEGRAM_CHAT_ID: "@memegazette" }).telegramChatId).toBe("@memegazette");
    expect(() => loadConfig({ TELEGRAM_BOT_TOKEN: "123456:short secret" })).not.toThrow(/short secret/);
  });

  it("takes Solana addresses that decode to 32 bytes, with the message deployers know otherwise", () => {
    const config = loadConfig({
      TOKEN_ADDRESS: " So11111111111111111111111111111111111111112 ",
      PAYMENT_ADDRESS: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
    });
    expect(config.tokenAddress).toBe("So11111111111111111111111111111111111111112");
    expect(config.paymentAddress).toBe("EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v");
    expect(() => loadConfig({ TOKEN_ADDRESS: "1".repeat(44) })).toThrow(
      "TOKEN_ADDRESS: must be a Solana address (32-44 base58 characters)",
    );
  });

  it("reads the launch's wallets, creator and amounts, 1 SOL and 1% by default, no wallet by default", () => {
    expect(loadConfig({})).toMatchObject({
      launchWallets: [],
      launchCreatorAddress: undefined,
      launchBuySol: 1,
      launchBuybackPercent: 1,
    });
    const config = loadConfig({
      LAUNCH_WALLETS:
        " 7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU, EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v,",
      LAUNCH_CREATOR_ADDRESS: "HdaKLkSJTcUkGPFfTZgu7XyWo9rBXgmjtFwbNJxHqbQd",
      LAUNCH_BUY_SOL: "0.5",
      LAUNCH_BUYBACK_PERCENT: "2.5",
    });
    expect(config).toMatchObject({
      launchWallets: [
        "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU",
        "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
      ],
      launchCreatorAddress: "HdaKLkSJTcUkGPFfTZgu7XyWo9rBXgmjtFwbNJxHqbQd",
      launchBuySol: 0.5,
      launchBuybackPercent: 2.5,
    });
  });

  it("waits 5 s after SIGTERM with /readyz at 503 unless SHUTDOWN_DELAY_MS says otherwise", () => {
    expect(loadConfig({}).shutdownDelayMs).toBe(5_000);
    expect(loadConfig({ SHUTDOWN_DELAY_MS: "0" }).shutdownDelayMs).toBe(0);
    expect(loadConfig({ SHUTDOWN_DELAY_MS: "15000" }).shutdownDelayMs).toBe(15_000);
  });

  it("reads TRUST_PROXY as a flag, a hop count or a list", () => {
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "127.0.0.1, 10.0.0.0/8" }).trustProxy).toEqual([
      "127.0.0.1",
      "10.0.0.0/8",
    ]);
  });
});
