import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { extendTailwindMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { cn } from "./cn";

/** tailwind-merge with this app's theme, as cn() used it before it had its own table. */
const twMerge = extendTailwindMerge({
  extend: {
    theme: {
      shadow: ["pixel", "pixel-pressed", "pixel-sm"],
      animate: ["blink", "blink-text", "crawl", "pixel-spin"],
    },
  },
});

/** Every word of every string literal in the browser's source: all the classes cn() can be given. */
function sourceWords(): string[] {
  const src = path.resolve(import.meta.dirname, "../..");
  const words = new Set<string>();
  for (const dir of ["client", "common"]) {
    for (const file of readdirSync(path.join(src, dir), { recursive: true, encoding: "utf8" })) {
      if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
      const text = readFileSync(path.join(src, dir, file), "utf8");
      for (const [, a, b, c] of text.matchAll(/"([^"\n]*)"|'([^'\n]*)'|`([^`]*)`/g)) {
        for (const word of (a ?? b ?? c ?? "").split(/\s+/)) if (word) words.add(word);
      }
    }
  }
  return [...words];
}

describe("cn", () => {
  it("lets a later class override the theme's pixel shadow", () => {
    expect(cn("shadow-pixel border-3", "shadow-none border-0")).toBe("shadow-none border-0");
  });

  it("keeps unrelated classes and drops falsy ones", () => {
    expect(cn("font-pixel", false, undefined, "text-ink")).toBe("font-pixel text-ink");
  });

  it("lets a side override only that side, and the whole box override the sides", () => {
    expect(cn("px-4 py-2", "px-2")).toBe("py-2 px-2");
    expect(cn("px-4 pt-1", "p-0")).toBe("p-0");
    expect(cn("border-3 border-ink", "border-l-8 border-l-nes-red")).toBe(
      "border-3 border-ink border-l-8 border-l-nes-red",
    );
  });

  it("tells a text size from a text colour and keeps variants apart", () => {
    expect(cn("text-[10px] text-ink sm:text-xs", "text-sm text-white")).toBe("sm:text-xs text-sm text-white");
    expect(cn("hover:md:bg-paper", "md:hover:bg-ink")).toBe("md:hover:bg-ink");
  });

  it("merges every pair of classes in the source exactly as tailwind-merge does", () => {
    const words = sourceWords();
    // A word tailwind-merge doesn't know (a plain word, a custom utility) is never merged; check those alone.
    const known = words.filter((word) => twMerge(`${word} ${word}`) === word);
    const mismatches: string[] = [];
    for (const word of words) {
      if (cn(`${word} ${word}`) !== twMerge(`${word} ${word}`)) mismatches.push(word);
    }
    for (const a of known) {
      for (const b of known) {
        const expected = twMerge(`${a} ${b}`);
        if (cn(a, b) !== expected) mismatches.push(`cn("${a}", "${b}") should be "${expected}"`);
      }
    }
    expect(known.length).toBeGreaterThan(300);
    expect(mismatches.slice(0, 20)).toEqual([]);
  });
});
