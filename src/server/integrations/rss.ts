import { XMLParser } from "fast-xml-parser";

/**
 * RSS 2.0 (and Atom, for a feed that switches) to plain items. The parser never expands entities: a
 * document that declares any (the "billion laughs" bomb and its relatives) is refused before parsing, and
 * the few standard entities are decoded here, once, by a single non-recursive replace.
 */

export interface FeedItem {
  title: string;
  description: string;
  link: string;
  /** The publisher a news aggregator names in <source> (Google News), if any. */
  publisher: string | null;
  pubDate: string | null;
}

export class FeedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FeedError";
  }
}

/** More than a dashboard list needs; a feed with thousands of items is cut here. */
export const MAX_FEED_ITEMS = 50;

const parser = new XMLParser({
  processEntities: false,
  htmlEntities: false,
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  maxNestedTags: 64,
  isArray: (name) => name === "item" || name === "entry" || name === "link",
});

/** Parses a feed document; a FeedError when it is not a feed or declares entities. */
export function parseFeed(xml: string): FeedItem[] {
  // No real news feed declares entities; refusing them outright is simpler than trusting any limit.
  if (/<!ENTITY/i.test(xml)) throw new FeedError("The feed declares XML entities, which are not accepted");
  let document: unknown;
  try {
    document = parser.parse(xml);
  } catch (error) {
    throw new FeedError(
      `The feed is not well-formed XML: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const doc = asRecord(document);
  // RSS 2.0 items sit in <channel>; RSS 1.0 (RDF) items are the channel's siblings.
  const channel = asRecord(asRecord(doc?.rss)?.channel) ?? asRecord(doc?.["rdf:RDF"]);
  if (channel) {
    const items = asArray(channel.item);
    return items.slice(0, MAX_FEED_ITEMS).flatMap((raw) => {
      const item = asRecord(raw);
      return item ? toItem(item) : [];
    });
  }
  const feed = asRecord(doc?.feed);
  if (feed) {
    return asArray(feed.entry)
      .slice(0, MAX_FEED_ITEMS)
      .flatMap((raw) => {
        const entry = asRecord(raw);
        return entry ? toAtomItem(entry) : [];
      });
  }
  throw new FeedError("The document is not an RSS or Atom feed");
}

function toItem(item: Record<string, unknown>): FeedItem[] {
  const title = decodeEntities(textOf(item.title)).trim();
  const link = decodeEntities(textOf(asArray(item.link)[0])).trim();
  if (!title || !isHttpLink(link)) return [];
  const publisher = textOf(item.source) ? decodeEntities(textOf(item.source)).trim() : null;
  const description = htmlToText(textOf(item.description ?? item["content:encoded"]));
  const pubDate = textOf(item.pubDate ?? item["dc:date"]) || null;
  return [{ title: collapse(title), description, link, publisher: publisher || null, pubDate }];
}

function toAtomItem(entry: Record<string, unknown>): FeedItem[] {
  const title = collapse(decodeEntities(textOf(entry.title)));
  const links = asArray(entry.link).map(asRecord);
  const alternate =
    links.find((l) => l && (l["@_rel"] === undefined || l["@_rel"] === "alternate")) ?? links[0];
  const link = decodeEntities(String(alternate?.["@_href"] ?? "")).trim();
  if (!title || !isHttpLink(link)) return [];
  const description = htmlToText(textOf(entry.summary ?? entry.content));
  return [
    { title, description, link, publisher: null, pubDate: textOf(entry.updated ?? entry.published) || null },
  ];
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  ndash: "–",
  mdash: "—",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  hellip: "…",
};

/**
 * Decodes the standard entities and numeric references in one pass: "&amp;lt;" becomes "&lt;", never "<",
 * so nothing expands twice. Unknown names and invalid code points stay as written.
 */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (match, body: string) => {
    if (body.startsWith("#")) {
      const code =
        body[1] === "x" || body[1] === "X" ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
      const valid = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
      return valid ? String.fromCodePoint(code) : match;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? match;
  });
}

/**
 * An RSS description (HTML, entity-escaped once more by the XML) to one line of plain text: decoded,
 * scripts and styles dropped with their content, tags removed, entities decoded, whitespace collapsed.
 */
export function htmlToText(raw: string): string {
  const html = decodeEntities(raw);
  const withoutTags = html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/<\/?(li|p|br|div|h[1-6]|tr|ol|ul)\b[^>]*>/gi, " ")
    .replace(/<[^>]*>/g, "");
  // Plain text from here on; a "<" left by broken markup or an escaped tag becomes "‹", so nothing that
  // looks like markup ever leaves (defence in depth: the client escapes text anyway).
  return collapse(decodeEntities(withoutTags).replace(/</g, "‹"));
}

function collapse(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function isHttpLink(link: string): boolean {
  return /^https?:\/\/\S+$/i.test(link) && URL.canParse(link);
}

/** The text of an element, whatever form the parser gave it (string, number, or {#text, @_attr}). */
function textOf(value: unknown): string {
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return textOf(value[0]);
  const record = asRecord(value);
  if (record && "#text" in record) return textOf(record["#text"]);
  return "";
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function asArray(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}
