import { describe, expect, it } from "vitest";
import {
  formatLamports,
  formatSol,
  lamportsFromSol,
  lamportsOf,
  parseTransferRequestUrl,
  solAmount,
  transferRequestUrl,
} from "./solana-pay";

const RECIPIENT = "mvines9iiHiQTysrwkJjGf2gb9Ex9jXJX8ns3qwf2kN";
const REFERENCE = "82ZJ7nbGpixjeDCmEhUcmwXYfvurzAgGdtSMuHnUgyny";

describe("Solana Pay transfer requests", () => {
  it("builds the spec's example URL", () => {
    // The spec's "SOL transfer with label, message and memo" example.
    expect(
      transferRequestUrl({
        recipient: RECIPIENT,
        amount: "1",
        references: [REFERENCE],
        label: "Michael",
        message: "Thanks for all the fish",
        memo: "OrderId12345",
      }),
    ).toBe(
      `solana:${RECIPIENT}?amount=1&reference=${REFERENCE}&label=Michael&message=Thanks%20for%20all%20the%20fish&memo=OrderId12345`,
    );
  });

  it("encodes every parameter, and reads back what it wrote", () => {
    const request = {
      recipient: RECIPIENT,
      amount: "0.35",
      references: [REFERENCE],
      label: "Meme & Gazette?",
      message: "Promoted: 100% #1 = yes+no",
    };
    const url = transferRequestUrl(request);
    expect(url).not.toMatch(/[ #]|&Gazette|\+no/);
    expect(parseTransferRequestUrl(url)).toEqual({ ...request, memo: undefined });
  });

  it("writes amounts without exponents, and reads them to the lamport", () => {
    expect(solAmount(0.35)).toBe("0.35");
    expect(solAmount(1)).toBe("1");
    expect(solAmount(0.000000001)).toBe("0.000000001");
    expect(solAmount(0)).toBe("0");
    expect(lamportsOf("0.35")).toBe(350_000_000n);
    expect(lamportsOf("1")).toBe(1_000_000_000n);
    expect(lamportsOf("0.000000001")).toBe(1n);
    for (const bad of ["1e-7", "-1", "0.0000000001", "1.", ".5", "abc", ""])
      expect(lamportsOf(bad), bad).toBeNull();
  });

  it("writes lamports as SOL without exponents, whatever the size", () => {
    expect(formatSol(1n)).toBe("0.000000001 SOL");
    expect(formatSol(1)).toBe("0.000000001 SOL");
    expect(formatSol(5_000)).toBe("0.000005 SOL");
    expect(formatSol(100_000_000n)).toBe("0.1 SOL");
    expect(formatSol(350_000_000)).toBe("0.35 SOL");
    expect(formatSol(0n)).toBe("0 SOL");
    expect(formatLamports(1_000_000_000n)).toBe("1");
    expect(formatLamports(1_000_000_001n)).toBe("1.000000001");
    expect(formatLamports(10n ** 21n)).toBe("1000000000000");
    expect(formatLamports(-5_000n)).toBe("-0.000005");
    expect(lamportsFromSol(0.1 + 0.2)).toBe(300_000_000n);
    expect(lamportsFromSol(0.000000001)).toBe(1n);
    expect(() => lamportsFromSol(-1)).toThrow(RangeError);
    expect(() => lamportsFromSol(Number.NaN)).toThrow(RangeError);
  });

  it("refuses what is not a SOL transfer request", () => {
    expect(parseTransferRequestUrl(`https://example.com?amount=1`)).toBeNull();
    expect(parseTransferRequestUrl(`solana:${RECIPIENT}`)).toBeNull();
    expect(parseTransferRequestUrl(`solana:${RECIPIENT}?amount=1e3`)).toBeNull();
    expect(parseTransferRequestUrl(`solana:${RECIPIENT}?amount=1&spl-token=${REFERENCE}`)).toBeNull();
  });
});
