import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * What the paper's own fonts cannot draw on a card (issue 23): emoji, and Hebrew and Arabic letters, which
 * drew as empty boxes. Satori asks `loadAdditionalAsset` for each piece of text none of its fonts has; this
 * answers with a Twemoji picture for an emoji and a Noto Sans font for Hebrew or Arabic, read from npm
 * packages only when a title needs them (a Latin title never touches them), then kept in memory.
 */

const require = createRequire(import.meta.url);

/** The Twemoji SVGs, one file per emoji, named by its code points (Discord's maintained Twemoji, 16.0). */
let emojiFolder: string | undefined;
const emojiDir = () =>
  (emojiFolder ??= path.join(path.dirname(require.resolve("@discordapp/twemoji/package.json")), "dist/svg"));

/** Emoji pictures kept in memory, as data URIs (null: no picture for it); each is 1-50 kB of SVG. */
const EMOJI_KEPT = 256;
const emojiPictures = new Map<string, Promise<string | null>>();

/** How often a file was read, for tests: a Latin title reads none. */
export const scriptAssetReads = { emoji: 0, fonts: 0 };

/**
 * The Twemoji file names to try for one emoji, best first: its code points in lowercase hex joined by
 * "-" ("1f468-200d-1f469-200d-1f467", "1f1fa-1f1f8", "1f44d-1f3fd"), then the same without U+FE0F
 * (Twemoji names "❤️" 2764 and the keycap "#️⃣" 23-20e3, but keeps FE0F inside most ZWJ sequences, such as
 * the rainbow flag 1f3f3-fe0f-200d-1f308).
 */
export function twemojiNames(emoji: string): string[] {
  const points = [...emoji].map((c) => (c.codePointAt(0) as number).toString(16));
  const full = points.join("-");
  const bare = points.filter((p) => p !== "fe0f").join("-");
  return bare === full ? [full] : [full, bare];
}

async function readEmoji(emoji: string): Promise<string | null> {
  for (const name of twemojiNames(emoji)) {
    try {
      const svg = await readFile(path.join(emojiDir(), `${name}.svg`));
      scriptAssetReads.emoji++;
      return `data:image/svg+xml;base64,${svg.toString("base64")}`;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  return null;
}

/** The Twemoji picture of one emoji as a data URI, or null when Twemoji has none (satori then draws it as text). */
export function emojiPicture(emoji: string): Promise<string | null> {
  let picture = emojiPictures.get(emoji);
  if (picture) {
    // Most recently used last: the oldest is the one dropped when the memory is full.
    emojiPictures.delete(emoji);
  } else {
    picture = readEmoji(emoji);
    picture.catch(() => emojiPictures.delete(emoji));
    if (emojiPictures.size >= EMOJI_KEPT) emojiPictures.delete(emojiPictures.keys().next().value as string);
  }
  emojiPictures.set(emoji, picture);
  return picture;
}

export interface CardFont {
  name: string;
  data: Buffer;
  weight: 400;
  style: "normal";
}

/**
 * The fallback fonts, by the language code satori gives the text (its `\p{scx=Hebrew}` is "he-IL", its
 * `\p{scx=Arabic}` "ar-AR", Persian and Urdu included). WOFF, as satori reads no WOFF2 here; each file
 * holds only its script's letters (Fontsource's subsets), 9 kB for Hebrew, 79 kB for Arabic.
 */
const FALLBACKS: Record<string, { name: string; file: string }> = {
  "he-IL": {
    name: "Noto Sans Hebrew",
    file: "@fontsource/noto-sans-hebrew/files/noto-sans-hebrew-hebrew-400-normal.woff",
  },
  "ar-AR": {
    name: "Noto Sans Arabic",
    file: "@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff",
  },
};
const fallbackFonts = new Map<string, Promise<CardFont>>();

/** A fallback font, read once for the process (and once more only if reading it failed). */
function fallbackFont(code: string): Promise<CardFont> | null {
  const fallback = FALLBACKS[code];
  if (!fallback) return null;
  let font = fallbackFonts.get(code);
  if (!font) {
    font = readFile(require.resolve(fallback.file)).then((data) => {
      scriptAssetReads.fonts++;
      return { name: fallback.name, data, weight: 400 as const, style: "normal" as const };
    });
    font.catch(() => fallbackFonts.delete(code));
    fallbackFonts.set(code, font);
  }
  return font;
}

/**
 * Satori's `loadAdditionalAsset`: `code` is "emoji" with one emoji as `segment`, else the language codes
 * of the text that no font has, joined by "|" when several scripts share the characters ("unknown" when
 * satori cannot tell; nothing is loaded for those). Satori adds the fonts returned to the fonts it keeps
 * for the card's font list, so a fallback font is asked for once a process.
 */
export async function loadCardAsset(code: string, segment: string): Promise<string | CardFont[]> {
  if (code === "emoji") return (await emojiPicture(segment)) ?? [];
  return Promise.all(code.split("|").flatMap((c) => fallbackFont(c) ?? []));
}

const HEBREW = /\p{Script=Hebrew}/u;
const ARABIC = /\p{Script=Arabic}/u;

/**
 * The font list for one line of a title: the fallback fonts for the scripts in it first, then `font`.
 * First, not last: satori loses the space between two right-to-left words whose space comes from another
 * font than their letters (the words overlap), so a Hebrew or Arabic line takes its spaces from Noto Sans.
 * The Latin letters, digits and punctuation still come from `font`, which the fallback subsets do not have.
 */
export function lineFontFamily(line: string, font: string): string {
  const fallbacks = [
    ...(HEBREW.test(line) ? [FALLBACKS["he-IL"]?.name] : []),
    ...(ARABIC.test(line) ? [FALLBACKS["ar-AR"]?.name] : []),
  ];
  return fallbacks.length ? [...fallbacks, font].map((f) => `"${f}"`).join(", ") : font;
}

/** Whether a title reads right to left: its first letter is Hebrew or Arabic (as a browser's dir="auto"). */
export function readsRightToLeft(title: string): boolean {
  const first = /\p{L}/u.exec(title)?.[0];
  return first !== undefined && (HEBREW.test(first) || ARABIC.test(first));
}
