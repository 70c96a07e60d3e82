import { createContext, type ReactNode, useContext } from "react";
import { DEFAULT_SITE_NAME, SITE_CONFIG_ELEMENT_ID, type SiteConfig, SiteConfigSchema } from "@/common/site";

export const DEFAULT_SITE_CONFIG: SiteConfig = {
  siteName: DEFAULT_SITE_NAME,
  tokenAddress: null,
  telegramUrl: null,
  xUrl: null,
};

/**
 * Reads the configuration the server embeds in the page. The Vite dev server serves the bare page, and a
 * broken embed must not take the site down, so anything missing or invalid falls back to the defaults.
 */
export function readSiteConfig(doc: Document = document): SiteConfig {
  const text = doc.getElementById(SITE_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return DEFAULT_SITE_CONFIG;
  try {
    const parsed = SiteConfigSchema.safeParse(JSON.parse(text));
    if (!parsed.success) return DEFAULT_SITE_CONFIG;
    const siteName = parsed.data.siteName.trim() || DEFAULT_SITE_NAME;
    return { ...parsed.data, siteName };
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
