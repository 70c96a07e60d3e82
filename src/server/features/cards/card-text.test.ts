import { describe, expect, it } from "vitest";
import { wrapTitle } from "./card-text";

describe("a card's title", () => {
  it("wraps between words", () => {
    expect(wrapTitle("Local cat elected mayor, promises naps", 12, 4)).toEqual([
      "Local cat",
      "elected",
      "mayor,",
      "promises…",
    ]);
    expect(wrapTitle("Local cat elected mayor", 12, 4)).toEqual(["Local cat", "elected", "mayor"]);
  });

  it("shortens a long title at a word with an ellipsis, never mid-word", () => {
    const lines = wrapTitle(
      "Frog found running a hedge fund from a lily pad, regulators baffled by returns",
      16,
      3,
    );
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(16);
    expect(lines[2]).toMatch(/…$/);
    const words = new Set(
      "Frog found running a hedge fund from a lily pad, regulators baffled by returns".split(" "),
    );
    for (const word of lines.join(" ").replace("…", "").split(" "))
      expect(words.has(word) || words.has(`${word},`)).toBe(true);
  });

  it("cuts only a word longer than a whole line", () => {
    expect(wrapTitle("Supercalifragilisticexpialidocious cat", 10, 5)).toEqual([
      "Supercalif",
      "ragilistic",
      "expialidoc",
      "ious cat",
    ]);
  });

  it("counts an emoji as one character and never cuts one (issue 23)", () => {
    expect(wrapTitle("Doge 🚀🚀 moon", 7, 4)).toEqual(["Doge 🚀🚀", "moon"]);
    expect(wrapTitle("👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧 🇺🇸🇺🇸🇺🇸", 2, 4)).toEqual(["👨‍👩‍👧👨‍👩‍👧", "👨‍👩‍👧", "🇺🇸🇺🇸", "🇺🇸"]);
    expect(wrapTitle("one two 🚀🚀🚀🚀", 5, 2)).toEqual(["one", "two…"]);
    expect(wrapTitle("🚀🚀🚀🚀🚀🚀", 4, 1)).toEqual(["🚀🚀🚀…"]);
  });

  it("keeps short titles as they are", () => {
    expect(wrapTitle("  Moon   made of cheese ", 40, 4)).toEqual(["Moon made of cheese"]);
  });
});
