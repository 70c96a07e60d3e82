import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isCommonPassword } from "./password-rules";

describe("the common-password list", () => {
  it("ships 10,000 distinct lower-case entries, one a line", () => {
    const entries = fs
      .readFileSync(path.join(import.meta.dirname, "common-passwords.txt"), "utf8")
      .split("\n")
      .filter(Boolean);
    expect(entries).toHaveLength(10_000);
    expect(new Set(entries).size).toBe(10_000);
    expect(entries.every((e) => e === e.toLowerCase() && !/\s/.test(e))).toBe(true);
  });

  it("knows the usual suspects in any case, and not an ordinary passphrase", () => {
    for (const p of ["password", "12345678", "Password1", "QWERTYUIOP", "iloveyou1", "baseball1"]) {
      expect(isCommonPassword(p), p).toBe(true);
    }
    for (const p of ["zebraquiltmoss", "admin-password-123", "staff-password-123", "e2e-admin-password"]) {
      expect(isCommonPassword(p), p).toBe(false);
    }
  });
});
