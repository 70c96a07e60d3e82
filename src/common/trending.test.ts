import { describe, expect, it } from "vitest";
import {
  extractContractAddress,
  ImportHeadlineInputSchema,
  ImportTokenInputSchema,
  TokenAddressParamsSchema,
  TRENDING_HEADLINE_SOURCES,
  TrendingHeadlineSourceParamsSchema,
} from "./trending";

const MINT = "AUx3gL3ztTzNrSzJU3TXZTsG54QmqjTjbR8JFg3jpump";
const PAIR = "AQqBbra1fMY28QyvtLG4Gyd66oYu5qbr99jXcBHaxfU";

describe("extractContractAddress", () => {
  it.each([
    [`https://dexscreener.com/solana/${MINT}`, MINT],
    [`https://dexscreener.com/solana/${PAIR}`, PAIR],
    [`https://birdeye.so/token/${MINT}?chain=solana`, MINT],
    [`https://pump.fun/coin/${MINT}`, MINT],
    [`https://jup.ag/swap/SOL-${MINT}`, MINT],
    [`https://jup.ag/swap/${MINT}-SOL`, MINT],
    [`https://raydium.io/swap/?inputMint=sol&outputMint=${MINT}`, MINT],
    [`https://www.geckoterminal.com/solana/pools/${PAIR}`, PAIR],
    [`https://gmgn.ai/sol/token/${MINT}`, MINT],
    [`dexscreener.com/solana/${MINT}`, MINT],
    [`  https://pump.fun/coin/${MINT}/  `, MINT],
    [`https://photon-sol.tinyastro.io/en/lp/${PAIR}?handle=abc`, PAIR],
  ])("takes the address from %s", (input, expected) => {
    expect(extractContractAddress(input)).toEqual({ address: expected, fromUrl: true });
  });

  it("gives back a plain address trimmed, not as a URL", () => {
    expect(extractContractAddress(`  ${MINT}\n`)).toEqual({ address: MINT, fromUrl: false });
  });

  it("gives back the last path segment of a URL that holds no address, for the caller's length check", () => {
    expect(extractContractAddress("https://dexscreener.com/solana/short")).toEqual({
      address: "short",
      fromUrl: true,
    });
    expect(extractContractAddress("https://pump.fun/")).toEqual({ address: "", fromUrl: true });
  });

  it("treats empty input and text with spaces as no URL", () => {
    expect(extractContractAddress("   ")).toEqual({ address: "", fromUrl: false });
    expect(extractContractAddress("not a url at all")).toEqual({
      address: "not a url at all",
      fromUrl: false,
    });
  });
});

describe("the trending schemas", () => {
  it("knows every headline source of the spec and refuses others with a clear message", () => {
    expect(TRENDING_HEADLINE_SOURCES).toHaveLength(17);
    for (const source of TRENDING_HEADLINE_SOURCES) {
      expect(TrendingHeadlineSourceParamsSchema.safeParse({ source }).success).toBe(true);
    }
    const bad = TrendingHeadlineSourceParamsSchema.safeParse({ source: "reddit" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toMatch(/^Unknown trending headline source\. Use one of: news, /);
  });

  it("checks the manual token import with the spec's messages", () => {
    const message = (value: unknown) => ImportTokenInputSchema.safeParse(value).error?.issues[0]?.message;
    expect(message({})).toBe("Contract address is required");
    expect(message({ contractAddress: "   " })).toBe("Contract address is required");
    expect(message({ contractAddress: "a".repeat(31) })).toBe("Invalid Solana contract address format");
    expect(message({ contractAddress: "a".repeat(45) })).toBe("Invalid Solana contract address format");
    expect(message({ contractAddress: `0${MINT.slice(1)}` })).toBe("Invalid Solana contract address format");
    const ok = ImportTokenInputSchema.parse({ contractAddress: ` ${MINT} `, title: "", description: null });
    expect(ok).toEqual({
      contractAddress: MINT,
      title: undefined,
      description: undefined,
      source: undefined,
    });
    expect(ImportTokenInputSchema.safeParse({ contractAddress: "1".repeat(32) }).success).toBe(true);
    // 32 to 44 base58 characters is not enough (issue 14): these decode to 44 and 33 bytes.
    expect(message({ contractAddress: "1".repeat(44) })).toBe("Invalid Solana contract address format");
    expect(message({ contractAddress: "NJGM7Jvmt9znuyXp13R83QLb4FkmhyBpEw712SAzKTdQ" })).toBe(
      "Invalid Solana contract address format",
    );
  });

  it("answers 'Invalid contract address' for a malformed token-info address", () => {
    expect(TokenAddressParamsSchema.safeParse({ address: "abc" }).error?.issues[0]?.message).toBe(
      "Invalid contract address",
    );
    // 44 base58 characters, 33 bytes.
    expect(
      TokenAddressParamsSchema.safeParse({ address: "NJGM7Jvmt9znuyXp13R83QLb4FkmhyBpEw712SAzKTdQ" }).error
        ?.issues[0]?.message,
    ).toBe("Invalid contract address");
    expect(TokenAddressParamsSchema.parse({ address: ` ${MINT} ` })).toEqual({ address: MINT });
  });

  it("accepts only http(s) source URLs for a headline import", () => {
    const base = { title: "A headline", description: "", source: "X" };
    expect(ImportHeadlineInputSchema.safeParse({ ...base, url: "https://example.com/a" }).success).toBe(true);
    for (const url of ["javascript:alert(1)", "ftp://example.com/a", "https://exa mple.com", ""]) {
      expect(ImportHeadlineInputSchema.safeParse({ ...base, url }).success, url).toBe(false);
    }
    expect(
      ImportHeadlineInputSchema.safeParse({ ...base, url: "https://example.com", destination: "today" })
        .success,
    ).toBe(false);
  });
});
