import { createContext, type ReactNode, useContext } from "react";
import { DEFAULT_SITE_NAME, parseSiteConfig, SITE_CONFIG_ELEMENT_ID, type SiteConfig } from "@/common/site";

export const DEFAULT_SITE_CONFIG: SiteConfig = {
  siteName: DEFAULT_SITE_NAME,
  tokenAddress: null,
  telegramUrl: null,
  xUrl: null,
  publicUrl: null,
};

/**
 * Reads the configuration the server embeds in the page. The Vite dev server serves the bare page, and a
 * broken embed must not take the site down, so anything missing or invalid falls back to the defaults.
 */
export function readSiteConfig(doc: Document = document): SiteConfig {
  const text = doc.getElementById(SITE_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return DEFAULT_SITE_CONFIG;
  try {
    const parsed = parseSiteConfig(JSON.parse(text));
    if (!parsed) return DEFAULT_SITE_CONFIG;
    const siteName = parsed.siteName.trim() || DEFAULT_SITE_NAME;
    return { ...parsed, siteName };
  } catch {
    return DEFAULT_SITE_CONFIG;
  }
}

const SiteConfigContext = createContext<SiteConfig>(DEFAULT_SITE_CONFIG);

export function SiteConfigProvider({ config, children }: { config: SiteConfig; children: ReactNode }) {
  return <SiteConfigContext value={config}>{children}</SiteConfigContext>;
}

export function useSiteConfig(): SiteConfig {
  return useContext(SiteConfigContext);
}
