import { describe, expect, it } from "vitest";
import { MAX_MARKS_PER_LETTER, textProblem } from "./text";

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
    // Past the tags, the rest of that block is default-ignorable (unassigned): refused as well.
    expect(textProblem(`a${String.fromCodePoint(0xe0080)}b`)).toBe("invisible");
  });

  it("finds every other default-ignorable and format character (issue 28)", () => {
    for (const code of [
      0x034f, // combining grapheme joiner
      0x17b4, // Khmer vowel inherent Aq
      0x17b5,
      0x2064, // invisible plus
      0x2065, // unassigned, default-ignorable
      0x180b, // Mongolian free variation selector
      0xfff0,
      0xfff9, // interlinear annotation anchor
      0xfffb,
      0x1bca0, // shorthand format letter overlap
      0x1d173, // musical symbol begin beam
      0x1d17a,
      0x0600, // Arabic number sign (format)
      0x110bd, // Kaithi number sign (format)
      0x13430, // Egyptian hieroglyph vertical joiner (format)
      0xe01f0, // past the variation selectors
      0xe0fff,
    ]) {
      expect(textProblem(`ab${String.fromCodePoint(code)}cd`), code.toString(16)).toBe("invisible");
    }
  });

  it("keeps one variation selector right after its character (emoji, keycaps, ideographs), never a pile of them", () => {
    for (const text of ["❤️ love", "#️⃣ 1️⃣", "☺︎ text style", "葛\u{E0100}城", "✌🏽"]) {
      expect(textProblem(text), text).toBeUndefined();
    }
    expect(textProblem("a\uFE0Fb")).toBeUndefined();
    expect(textProblem("❤\uFE0F\uFE0F")).toBe("invisible");
    expect(textProblem("\uFE0Fab")).toBe("invisible");
    expect(textProblem("e\u0301\uFE0F")).toBe("invisible");
  });

  it(`stacks at most ${MAX_MARKS_PER_LETTER} marks on one letter`, () => {
    const marks = (n: number) => "\u0301\u0308\u0323\u0330".repeat(25).slice(0, n);
    expect(textProblem(`Ze${marks(MAX_MARKS_PER_LETTER)}lgo`)).toBeUndefined();
    expect(textProblem(`Ze${marks(MAX_MARKS_PER_LETTER + 1)}lgo`)).toBe("marks");
    expect(textProblem(`Z${marks(90)}`)).toBe("marks");
    expect(textProblem(`${marks(MAX_MARKS_PER_LETTER + 1)}go`)).toBe("marks");
    // Every letter its own few: real text in scripts that stack marks.
    for (const text of ["Tiếng Việt", "ภาษาไทย ที่นี่", "हिन्दी क्षत्रिय", "בְּרֵאשִׁ֖ית", "ཀྲྀ་"]) {
      expect(textProblem(text), text).toBeUndefined();
    }
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
