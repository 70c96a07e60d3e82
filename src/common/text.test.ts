import { describe, expect, it } from "vitest";
import { textProblem } from "./text";

describe("textProblem", () => {
  it("passes ordinary text in any script, with emoji", () => {
    for (const text of [
      "Frog buys the moon",
      "café 日本語 עברית العربية",
      "🐸🚀",
      "👨‍👩‍👧 family",
      "👍🏽‍",
      "❤️‍🔥",
    ]) {
      expect(textProblem(text.replace(/\u200D$/, "")), text).toBeUndefined();
    }
  });

  it("finds control characters, allowing line breaks and tabs only in multi-line text", () => {
    expect(textProblem("a\u0000b")).toBe("control");
    expect(textProblem("a\u0000b", { multiline: true })).toBe("control");
    expect(textProblem("a\nb")).toBe("control");
    expect(textProblem("a\tb")).toBe("control");
    expect(textProblem("a\r\nb\tc", { multiline: true })).toBeUndefined();
    expect(textProblem("a\u007Fb", { multiline: true })).toBe("control");
    expect(textProblem("a\u009Bb", { multiline: true })).toBe("control");
  });

  it("finds direction controls and invisible characters", () => {
    for (const char of [
      "\u202A",
      "\u202E",
      "\u2066",
      "\u2069",
      "\u200B",
      "\u200C",
      "\u2060",
      "\uFEFF",
      "\u200E",
    ]) {
      expect(textProblem(`ab${char}cd`, { multiline: true }), char.codePointAt(0)?.toString(16)).toBe(
        "invisible",
      );
    }
  });

  it("allows a zero-width joiner only between two emoji", () => {
    expect(textProblem("🐸\u200D🐸")).toBeUndefined();
    expect(textProblem("a\u200Db")).toBe("invisible");
    expect(textProblem("🐸\u200Db")).toBe("invisible");
    expect(textProblem("\u200D🐸")).toBe("invisible");
    expect(textProblem("🐸\u200D")).toBe("invisible");
  });
});
