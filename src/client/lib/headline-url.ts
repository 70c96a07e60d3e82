import { headlinePath } from "@/common/headline-path";
import { useSiteConfig } from "./site-config";

/**
 * The absolute address of a headline's own page, for share buttons and copied links: every share points at
 * the headline, not at a list. The origin is the site's PUBLIC_URL (the page embeds it), so a link copied on
 * a preview host still names the public site.
 */
export function useHeadlineUrl(): (headline: { id: number; title: string }) => string {
  const origin = useSiteConfig().publicUrl ?? window.location.origin;
  return (headline) => `${origin}${headlinePath(headline)}`;
}
