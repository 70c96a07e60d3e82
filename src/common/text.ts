import { z } from "zod";

/**
 * The one rule for characters in text that people type: titles, names, usernames, symbols, descriptions,
 * links and messages. Refused outright, never silently removed, so what is stored is what was shown:
 * - control characters (C0, DEL, C1), NUL included: PostgreSQL cannot store NUL in text at all, and the
 *   others are invisible or break a line where none is expected. A multi-line text (a description) may hold
 *   line breaks and tabs; single-line text holds neither.
 * - direction controls (U+202A–U+202E, U+2066–U+2069, and the marks U+200E, U+200F, U+061C): they make a
 *   title read differently from how it is stored ("Trojan Source").
 * - zero-width and other invisible characters (U+200B, U+200C, U+2060, U+FEFF, U+2028, U+2029), the
 *   fillers that draw nothing (the soft hyphen U+00AD, the Hangul fillers U+115F, U+1160, U+3164, U+FFA0,
 *   the Mongolian vowel separator U+180E) and the tag characters (U+E0000–U+E007F, which carry hidden
 *   ASCII): they make two different texts look the same, or hide text. U+200D (zero-width joiner) is
 *   allowed between two emoji only, where it draws one emoji (a family, a flag); anywhere else it is refused
 *   too. (The tag characters also spell the three subdivision flags, England, Scotland, Wales: those are
 *   refused with them, a small price for not carrying hidden text.)
 * - every other default-ignorable code point (`\p{Default_Ignorable_Code_Point}`: the combining grapheme
 *   joiner U+034F, the Khmer inherent vowels U+17B4/U+17B5, the invisible operators U+2061–U+2064, the
 *   unassigned U+2065, U+FFF0–U+FFF8 and U+E0080–U+E0FFF, ...) and every format character (`\p{Cf}`: the
 *   interlinear annotation marks U+FFF9–U+FFFB, the musical beams U+1D173–U+1D17A, ...), issue 28: what a
 *   list above misses, the Unicode properties catch. Two exceptions draw something: U+200D between emoji
 *   (above), and one variation selector (U+FE00–U+FE0F, U+E0100–U+E01EF) right after the character it
 *   chooses a look for (❤️, 1️⃣, an ideograph's variant); a second one, or one after a mark, is hidden text.
 * - more than MAX_MARKS_PER_LETTER combining marks (`\p{M}`) on one character ("Zalgo" text): they pile
 *   above and below the line, over the text around them. Real text stacks two or three at most (Vietnamese,
 *   Thai, pointed Hebrew).
 * - what is not a character at all: the 66 noncharacters (U+FDD0–U+FDEF, and the last two code points of
 *   every plane, U+FFFE, U+FFFF, U+1FFFE ... U+10FFFF), which Unicode keeps out of interchange, and lone
 *   surrogates (half of a UTF-16 pair): PostgreSQL cannot store one, and XML forbids U+FFFE, U+FFFF and them.
 */
/** The most combining marks one character may carry (Vietnamese needs 2, pointed Hebrew 3). */
export const MAX_MARKS_PER_LETTER = 4;

export const TEXT_MESSAGES = {
  control: "must not contain control characters",
  invisible: "must not contain invisible or text-direction characters",
  noncharacter: "must not contain noncharacters or broken characters",
  marks: `must not stack more than ${MAX_MARKS_PER_LETTER} accents or marks on one letter`,
} as const;

const DIRECTION_OR_INVISIBLE = new Set([
  0x00ad, 0x061c, 0x115f, 0x1160, 0x180e, 0x200b, 0x200c, 0x200e, 0x200f, 0x2028, 0x2029, 0x202a, 0x202b,
  0x202c, 0x202d, 0x202e, 0x2060, 0x2066, 0x2067, 0x2068, 0x2069, 0x3164, 0xfeff, 0xffa0,
]);
const isTag = (code: number) => code >= 0xe0000 && code <= 0xe007f;
/** U+FDD0–U+FDEF and U+xFFFE, U+xFFFF in each of the 17 planes: 32 + 34 = 66. */
const isNoncharacter = (code: number) => (code >= 0xfdd0 && code <= 0xfdef) || (code & 0xfffe) === 0xfffe;
/** Array.from keeps a lone surrogate as a one-unit string of its own; a pair becomes one code point. */
const isSurrogate = (code: number) => code >= 0xd800 && code <= 0xdfff;
const ZWJ = 0x200d;
const EMOJI = /\p{Extended_Pictographic}/u;
/** What may end an emoji just before a joiner: the emoji itself, a skin tone, or the emoji presentation selector. */
const EMOJI_END = /^(?:\p{Extended_Pictographic}|\p{Emoji_Modifier}|\uFE0F)$/u;
const IGNORABLE_OR_FORMAT = /^[\p{Default_Ignorable_Code_Point}\p{Cf}]$/u;
const VARIATION_SELECTOR = /^[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]$/u;
const MARK = /^\p{M}$/u;

export type TextProblem = keyof typeof TEXT_MESSAGES;

/** The first problem of a text under the rule above, or undefined when it has none. */
export function textProblem(value: string, { multiline = false } = {}): TextProblem | undefined {
  const chars = Array.from(value);
  /** Combining marks since the last character that is not one. */
  let marks = 0;
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i] as string;
    const code = char.codePointAt(0) as number;
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) {
      if (multiline && (code === 0x0a || code === 0x0d || code === 0x09)) continue;
      return "control";
    }
    if (DIRECTION_OR_INVISIBLE.has(code) || isTag(code)) return "invisible";
    if (isNoncharacter(code) || isSurrogate(code)) return "noncharacter";
    if (code === ZWJ) {
      if (!(EMOJI_END.test(chars[i - 1] ?? "") && EMOJI.test(chars[i + 1] ?? ""))) return "invisible";
      marks = 0;
      continue;
    }
    if (VARIATION_SELECTOR.test(char)) {
      const before = chars[i - 1];
      if (before === undefined || MARK.test(before) || IGNORABLE_OR_FORMAT.test(before)) return "invisible";
    } else if (IGNORABLE_OR_FORMAT.test(char)) return "invisible";
    if (!MARK.test(char)) marks = 0;
    else if (++marks > MAX_MARKS_PER_LETTER) return "marks";
  }
  return undefined;
}

/**
 * A trimmed string schema with the rule applied before any length rule added after it, so that its message
 * comes first: `plainText("Headline")` refuses a NUL with "Headline must not contain control characters".
 */
export function plainText(label: string, options: { multiline?: boolean; error?: string } = {}) {
  return z
    .string({ error: options.error })
    .trim()
    .superRefine((value, ctx) => {
      const problem = textProblem(value, options);
      if (problem) ctx.addIssue({ code: "custom", message: `${label} ${TEXT_MESSAGES[problem]}` });
    });
}
