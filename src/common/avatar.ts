/**
 * The site's own initials avatar (an SVG endpoint), so the last fallback needs no outside service. Apart from
 * images.ts: the front page's pictures fall back to it, and its first load has no room for the rest (its
 * 110 kB budget, decision 005).
 */
export function avatarUrl(name: string): string {
  return `/api/avatar?name=${encodeURIComponent(name)}`;
}
