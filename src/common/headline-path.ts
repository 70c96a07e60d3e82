/**
 * A headline's own page: `/h/{id}/{slug}`. The slug is only for people reading the link: any slug (or none)
 * reaches the same page, and the server redirects to the canonical one (the headline's current title).
 */

const SLUG_MAX = 60;

/** "Local Cat Elected Mayor!" -> "local-cat-elected-mayor"; cut at a word, never mid-word; "" when no letters. */
export function slugOf(title: string): string {
  const words = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = "";
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > SLUG_MAX) break;
    slug = next;
  }
  return slug || (words[0]?.slice(0, SLUG_MAX) ?? "");
}

/** The canonical path of a headline's page. */
export function headlinePath(headline: { id: number; title: string }): string {
  const slug = slugOf(headline.title);
  return slug ? `/h/${headline.id}/${slug}` : `/h/${headline.id}`;
}

/** The pattern the router and the server match: `/h/{id}` with an optional slug and trailing slash. */
export const HEADLINE_PATH_PATTERN = /^\/h\/([0-9]{1,10})(?:\/([^/]*))?\/?$/i;

/** The id and slug of a headline page's path, or null when the path is not one (or the id is out of range). */
export function parseHeadlinePath(pathname: string): { id: number; slug: string } | null {
  const match = HEADLINE_PATH_PATTERN.exec(pathname);
  if (!match) return null;
  const id = Number(match[1]);
  if (id < 1 || id > 2_147_483_647) return null;
  return { id, slug: match[2] ?? "" };
}
