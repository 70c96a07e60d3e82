/**
 * What the browser needs to know about this deployment. The server embeds it in the HTML page it serves
 * (no request, no flash of a wrong name); nothing secret belongs here. Written without zod: the browser
 * reads it on every page before anything else, and zod is kept to the chunks of the forms.
 */
export interface SiteConfig {
  siteName: string;
  tokenAddress: string | null;
  telegramUrl: string | null;
  xUrl: string | null;
  /** The site's public origin (PUBLIC_URL): shared links point at it. Null in an older page: use location. */
  publicUrl: string | null;
}

export const SITE_CONFIG_ELEMENT_ID = "site-config";

export const DEFAULT_SITE_NAME = "Meme Gazette";

const stringOrNull = (value: unknown): value is string | null => value === null || typeof value === "string";

/** The embedded configuration if `value` has its shape (other fields are dropped), else null. */
export function parseSiteConfig(value: unknown): SiteConfig | null {
  if (typeof value !== "object" || value === null) return null;
  const { siteName, tokenAddress, telegramUrl, xUrl, publicUrl } = value as Record<string, unknown>;
  if (typeof siteName !== "string" || !stringOrNull(tokenAddress) || !stringOrNull(telegramUrl)) return null;
  if (!stringOrNull(xUrl)) return null;
  return {
    siteName,
    tokenAddress,
    telegramUrl,
    xUrl,
    publicUrl: typeof publicUrl === "string" ? publicUrl : null,
  };
}
