import { describe, expect, it } from "vitest";
import { isSignature, isSolanaAddress } from "./solana-address";

/** What every check used before (issue 14): the right characters and length, not the right byte count. */
const OLD_ADDRESS_PATTERN = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
const OLD_SIGNATURE_PATTERN = /^[1-9A-HJ-NP-Za-km-z]{64,88}$/;

/** 32 to 44 base58 characters that decode to 31 or 33 bytes: the old pattern took every one. */
const NOT_32_BYTES = {
  "31 bytes (43 characters)": "44kqHyUdzcZkSJh5sh6BCXHo8G5PpKYKRCwZkAGGMGZ",
  "31 bytes (42 characters)": "So1111111111111111111111111111111111111111",
  "33 bytes (44 characters)": "NJGM7Jvmt9znuyXp13R83QLb4FkmhyBpEw712SAzKTdQ",
  "33 bytes (a zero byte before wrapped SOL)": "1So11111111111111111111111111111111111111112",
  "33 bytes (the highest 44 characters)": "z".repeat(44),
  "44 zero bytes": "1".repeat(44),
  "24 bytes": "a".repeat(32),
};

/** 64 bytes (0x0b, 0x30, 0x55, ...: byte i is 37i + 11 mod 256) in base58, and the same bytes less the last. */
const SIGNATURE_64 =
  "DyXZZCSiBREJ8YZ5cULd7PVdKpbkhHvHJ7otbJmLJajJtRsyq1irMMqKimYeKvRmZ8Sc2qWLhKjYR4ekM8RSzkV";
const SIGNATURE_63 = "3wVg6Uy84ijtTdbuhfNDG3NtjKwYegBG2AFFQdegibNpZ3TxUC3ESukaEzftWD74kXgnYgY7jDQETkRQsKuDEY";

describe("isSolanaAddress", () => {
  it.each([
    ["the system program (32 zero bytes)", "11111111111111111111111111111111"],
    ["wrapped SOL", "So11111111111111111111111111111111111111112"],
    ["the token program", "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA"],
    ["USDC's mint (44 characters)", "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"],
  ])("accepts %s", (_name, address) => {
    expect(isSolanaAddress(address)).toBe(true);
  });

  it.each(Object.entries(NOT_32_BYTES))("refuses base58 that decodes to %s", (_name, value) => {
    expect(value).toMatch(OLD_ADDRESS_PATTERN);
    expect(isSolanaAddress(value)).toBe(false);
  });

  it("refuses characters that are not base58, and the wrong lengths", () => {
    const sol = "So11111111111111111111111111111111111111112";
    for (const c of ["0", "O", "I", "l", " ", "+", "é"]) {
      expect(isSolanaAddress(`${c}${sol.slice(1)}`), c).toBe(false);
    }
    expect(isSolanaAddress("")).toBe(false);
    expect(isSolanaAddress("1".repeat(31))).toBe(false);
    expect(isSolanaAddress(`${sol} `)).toBe(false);
    expect(isSolanaAddress(SIGNATURE_64)).toBe(false);
  });
});

describe("isSignature", () => {
  it("accepts 64 bytes in base58", () => {
    expect(isSignature(SIGNATURE_64)).toBe(true);
    expect(isSignature("1".repeat(64))).toBe(true);
  });

  it("refuses 63 and 65 bytes, though the old pattern took them", () => {
    const sixtyFive = `1${SIGNATURE_64}`;
    for (const value of [SIGNATURE_63, sixtyFive, "z".repeat(88)]) {
      expect(value).toMatch(OLD_SIGNATURE_PATTERN);
      expect(isSignature(value), value).toBe(false);
    }
  });

  it("answers false, rather than throwing, for characters that are not base58", () => {
    expect(isSignature(`0${SIGNATURE_64.slice(1)}`)).toBe(false);
    expect(isSignature(`${SIGNATURE_64.slice(0, -1)}l`)).toBe(false);
    expect(isSignature("")).toBe(false);
    expect(isSignature("So11111111111111111111111111111111111111112")).toBe(false);
  });
});
