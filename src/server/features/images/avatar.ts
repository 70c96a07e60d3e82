import { initialsOf } from "@/common/images";
import { accentFor } from "@/common/palette";

const XML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

/**
 * The initials avatar: the last link of the image fallback chain, made here so it needs no outside service.
 * The name is a visitor's text: it is cut, escaped, and the SVG is served with a CSP that runs nothing.
 */
export function avatarSvg(name: string): string {
  const initials = initialsOf(name.slice(0, 100)).replace(/[&<>"']/g, (c) => XML_ESCAPES[c] as string);
  const accent = accentFor(name).hex;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 16 16" shape-rendering="crispEdges">
<rect width="16" height="16" fill="#1b1b1b"/>
<rect x="1" y="1" width="14" height="14" fill="${accent}"/>
<rect x="1" y="13" width="14" height="2" fill="#1b1b1b" opacity="0.25"/>
<text x="8" y="10.5" text-anchor="middle" font-family="monospace" font-weight="bold" font-size="6" fill="#1b1b1b">${initials}</text>
</svg>`;
}
