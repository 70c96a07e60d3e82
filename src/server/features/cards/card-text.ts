/**
 * The card's title in lines of at most `perLine` characters (the pixel font is monospaced, so characters are
 * width), at most `maxLines`. Lines break between words, never inside one unless a single word is longer
 * than a line; a title that does not fit ends at a word with an ellipsis.
 */
export function wrapTitle(title: string, perLine: number, maxLines: number): string[] {
  const words = title.replace(/\s+/g, " ").trim().split(" ").filter(Boolean);
  const lines: string[] = [];
  let line = "";
  let used = 0;
  for (; used < words.length; used++) {
    let word = words[used] as string;
    if (word.length > perLine) {
      // One word longer than a line: it alone is cut, into whole lines.
      if (line) {
        lines.push(line);
        line = "";
      }
      while (word.length > perLine) {
        lines.push(word.slice(0, perLine));
        word = word.slice(perLine);
      }
      line = word;
      continue;
    }
    const next = line ? `${line} ${word}` : word;
    if (next.length <= perLine) {
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
  while (last.length + 1 > perLine || (last.length > 0 && `${last}…`.length > perLine)) {
    const cut = last.lastIndexOf(" ");
    last = cut > 0 ? last.slice(0, cut) : last.slice(0, perLine - 1);
  }
  kept[maxLines - 1] = `${last.replace(/[\s,.;:!?-]+$/, "")}…`;
  return kept;
}
