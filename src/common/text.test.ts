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

  it("finds the invisible fillers and every tag character", () => {
    for (const code of [0x00ad, 0x115f, 0x1160, 0x3164, 0xffa0, 0x180e, 0xe0000, 0xe0001, 0xe0041, 0xe007f]) {
      expect(textProblem(`ab${String.fromCodePoint(code)}cd`), code.toString(16)).toBe("invisible");
    }
    expect(textProblem(`a${String.fromCodePoint(0xe0080)}b`)).toBeUndefined(); // a variation selector
  });

  it("finds the 66 noncharacters and lone surrogates, and nothing else, in every plane", () => {
    const found: number[] = [];
    for (let code = 0; code <= 0x10ffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      if (textProblem(String.fromCodePoint(code)) === "noncharacter") found.push(code);
    }
    expect(found).toHaveLength(66);
    expect(found.filter((c) => c >= 0xfdd0 && c <= 0xfdef)).toHaveLength(32);
    for (let plane = 0; plane <= 0x10; plane++) {
      expect(found).toContain(plane * 0x10000 + 0xfffe);
      expect(found).toContain(plane * 0x10000 + 0xffff);
    }
    for (const lone of ["a\uD800b", "a\uDBFF", "\uDC00b", "a\uDFFFb"])
      expect(textProblem(lone)).toBe("noncharacter");
    expect(textProblem("\u{1F438}\uD83D")).toBe("noncharacter"); // a whole emoji, then half of one
    expect(textProblem("\u{1F438}")).toBeUndefined();
    expect(textProblem("\uFFFD")).toBeUndefined(); // the replacement character is a character
  });

  it("allows a zero-width joiner only between two emoji", () => {
    expect(textProblem("🐸\u200D🐸")).toBeUndefined();
    expect(textProblem("a\u200Db")).toBe("invisible");
    expect(textProblem("🐸\u200Db")).toBe("invisible");
    expect(textProblem("\u200D🐸")).toBe("invisible");
    expect(textProblem("🐸\u200D")).toBe("invisible");
  });
});
