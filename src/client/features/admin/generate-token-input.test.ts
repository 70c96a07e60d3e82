import { describe, expect, it } from "vitest";
import { checkGenerateTokenInput, GENERATE_TOKEN_MESSAGES } from "./generate-token-input";

const MINT = "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU";

describe("checkGenerateTokenInput", () => {
  it("refuses an empty or blank field", () => {
    expect(checkGenerateTokenInput("")).toMatchObject({ ok: false, error: GENERATE_TOKEN_MESSAGES.required });
    expect(checkGenerateTokenInput("   ")).toMatchObject({ ok: false, error: "Contract address required" });
  });

  it("takes a typed address as it is, trimmed", () => {
    expect(checkGenerateTokenInput(`  ${MINT} `)).toEqual({ ok: true, address: MINT, fromUrl: false });
  });

  it("extracts the address from a chart site's, a trading site's or a launchpad's URL", () => {
    for (const url of [
      `https://dexscreener.com/solana/${MINT}`,
      `https://pump.fun/coin/${MINT}`,
      `https://jup.ag/swap/SOL-${MINT}`,
      `birdeye.so/token/${MINT}?chain=solana`,
    ]) {
      expect(checkGenerateTokenInput(url)).toEqual({ ok: true, address: MINT, fromUrl: true });
    }
  });

  it("refuses fewer than 32 characters, typed or extracted", () => {
    expect(checkGenerateTokenInput("abc123")).toMatchObject({ ok: false, error: "Invalid contract address" });
    expect(checkGenerateTokenInput("https://dexscreener.com/solana/short")).toMatchObject({
      ok: false,
      error: GENERATE_TOKEN_MESSAGES.invalid,
      address: "short",
      fromUrl: true,
    });
    // A site's home page has no address in it at all.
    expect(checkGenerateTokenInput("https://dexscreener.com/")).toMatchObject({
      ok: false,
      error: GENERATE_TOKEN_MESSAGES.invalid,
    });
  });

  it("accepts exactly 32 characters (the form's looser check; the server checks the format)", () => {
    expect(checkGenerateTokenInput("a".repeat(32))).toMatchObject({ ok: true });
    expect(checkGenerateTokenInput("a".repeat(31))).toMatchObject({ ok: false });
  });
});
