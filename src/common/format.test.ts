import { describe, expect, it } from "vitest";
import {
  cutTitle,
  formatAge,
  formatChange,
  formatPrice,
  formatShare,
  formatTokenAmount,
  formatUsd,
  shortenAddress,
} from "./format";
import { cutForShare } from "./share-links";

describe("formats", () => {
  it("shortens an address to its first 8 and last 4 characters", () => {
    expect(shortenAddress("7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU")).toBe("7xKXtg2C...gAsU");
    expect(shortenAddress("short")).toBe("short");
  });

  it("writes prices below 0.01 as decimals with 3 significant digits, writing up to nine leading zeros out and compressing more", () => {
    // Written out, legible at 390 px in the pixel font (issue 23), up to nine zeros.
    expect(formatPrice(0.0000431)).toBe("$0.0000431");
    expect(formatPrice(0.00000000123)).toBe("$0.00000000123");
    expect(formatPrice(0.000000000431)).toBe("$0.000000000431");
    expect(formatPrice(0.0000000000431)).toBe("$0.0₁₀431");
    expect(formatPrice(0.000000000000001)).toBe("$0.0₁₄1");
    expect(formatPrice(0.00005)).toBe("$0.00005");
    expect(formatPrice(0.00012345)).toBe("$0.000123");
    expect(formatPrice(0.00999)).toBe("$0.00999");
    expect(formatPrice(0.009999)).toBe("$0.01");
    expect(formatPrice(0.0000999999)).toBe("$0.0001");
    expect(formatPrice(0.01)).toBe("$0.01");
    expect(formatPrice(1.275)).toBe("$1.27");
    expect(formatPrice(0)).toBe("$0.00");
    expect(formatPrice(-0.0000431)).toBe("-$0.0000431");
  });

  it("writes market cap and volume with a dollar sign and thousands separators", () => {
    expect(formatUsd(1_250_000)).toBe("$1,250,000");
    expect(formatUsd(342_100.5)).toBe("$342,101");
    expect(formatUsd(12)).toBe("$12");
  });

  it("cuts a shared description to 97 characters plus an ellipsis only when over 100", () => {
    expect(cutForShare("a".repeat(100))).toBe("a".repeat(100));
    expect(cutForShare("a".repeat(101))).toBe(`${"a".repeat(97)}...`);
    expect(cutForShare("a".repeat(101))).toHaveLength(100);
  });

  it("cuts top-list titles at 50 characters", () => {
    expect(cutTitle("b".repeat(50))).toBe("b".repeat(50));
    expect(cutTitle("b".repeat(51))).toBe(`${"b".repeat(50)}...`);
  });

  it("writes a 24 h change with its sign, a pair's age, a share and a token amount (issue 22)", () => {
    expect(formatChange(33.2)).toBe("+33.2%");
    expect(formatChange(-8.75)).toBe("-8.8%");
    expect(formatChange(0.01)).toBe("0.0%");
    expect(formatChange(1234.5)).toBe("+1,234.5%");
    const now = new Date("2026-11-10T12:00:00Z");
    expect(formatAge(new Date("2026-11-10T11:59:40Z"), now)).toBe("1 min");
    expect(formatAge("2026-11-10T11:15:00Z", now)).toBe("45 min");
    expect(formatAge("2026-11-10T07:00:00Z", now)).toBe("5 h");
    expect(formatAge("2026-11-07T11:00:00Z", now)).toBe("3 d");
    expect(formatShare(41.7032)).toBe("41.7%");
    expect(formatShare(100)).toBe("100%");
    expect(formatShare(0.01)).toBe("<0.1%");
    expect(formatTokenAmount("999971234.56789")).toBe("999,971,234.56");
    expect(formatTokenAmount("420690000")).toBe("420,690,000");
    expect(formatTokenAmount("0.000000005")).toBe("0");
  });
});
