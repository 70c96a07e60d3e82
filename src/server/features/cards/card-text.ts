const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** What a person reads as one character: an emoji such as 👨‍👩‍👧 or 🇺🇸, a letter with its marks. */
function graphemes(text: string): string[] {
  return Array.from(segmenter.segment(text), (s) => s.segment);
}

/** How many cells the text takes: one a character in the pixel font, one an emoji (drawn a square). */
function width(text: string): number {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: plain ASCII is one cell a code unit
  return /^[\x00-\x7f]*$/.test(text) ? text.length : graphemes(text).length;
}

/**
 * The card's title in lines of at most `perLine` characters (the pixel font is monospaced, so characters are
 * width; an emoji is drawn as wide, a Hebrew or Arabic letter narrower), at most `maxLines`. Lines break
 * between words, never inside one unless a single word is longer than a line, and never inside a character
 * (an emoji of several code points stays whole); a title that does not fit ends at a word with an ellipsis.
 */
export function wrapTitle(title: string, perLine: number, maxLines: number): string[] {
  const words = title.replace(/\s+/g, " ").trim().split(" ").filter(Boolean);
  const lines: string[] = [];
  let line = "";
  let used = 0;
  for (; used < words.length; used++) {
    const word = words[used] as string;
    if (width(word) > perLine) {
      // One word longer than a line: it alone is cut, into whole lines.
      if (line) {
        lines.push(line);
        line = "";
      }
      let rest = graphemes(word);
      while (rest.length > perLine) {
        lines.push(rest.slice(0, perLine).join(""));
        rest = rest.slice(perLine);
      }
      line = rest.join("");
      continue;
    }
    const next = line ? `${line} ${word}` : word;
    if (width(next) <= perLine) {
      line = next;
      continue;
    }
    lines.push(line);
    line = word;
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;

  // Too long: keep maxLines and end the last one at a word with an ellipsis that fits.
  const kept = lines.slice(0, maxLines);
  let last = kept[maxLines - 1] as string;
  while (width(last) + 1 > perLine) {
    const cut = last.lastIndexOf(" ");
    last =
      cut > 0
        ? last.slice(0, cut)
        : graphemes(last)
            .slice(0, perLine - 1)
            .join("");
  }
  kept[maxLines - 1] = `${last.replace(/[\s,.;:!?-]+$/, "")}…`;
  return kept;
}
