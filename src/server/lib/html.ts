const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Text safe in HTML text and in quoted attribute values: a title with `</title><script>` stays text. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);

/**
 * `value` as JSON in a `<script type="application/json">` the page reads (site config, first paint): "<" is
 * escaped inside the JSON, so that no value can close the script element.
 */
export const jsonScript = (id: string, value: unknown) =>
  `<script id="${id}" type="application/json">${JSON.stringify(value).replace(/</g, "\\u003c")}</script>`;

/**
 * Every character XML 1.0 forbids (outside its Char production): the C0 controls but tab, line feed and
 * carriage return, lone surrogates, U+FFFE and U+FFFF. One of them anywhere makes a whole feed unreadable,
 * and rows stored before the text rule refused them (src/common/text.ts) may still hold them.
 */
const XML_FORBIDDEN = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** The text without the characters XML 1.0 forbids: for stored text written into a feed or the sitemap. */
export const xmlChars = (s: string) => s.replace(XML_FORBIDDEN, "");
