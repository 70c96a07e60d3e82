import { z } from "zod";

/**
 * What the browser needs to know about this deployment. The server embeds it in the HTML page it serves
 * (no request, no flash of a wrong name); nothing secret belongs here.
 */
export const SiteConfigSchema = z.object({
  siteName: z.string(),
  tokenAddress: z.string().nullable(),
  telegramUrl: z.string().nullable(),
  xUrl: z.string().nullable(),
});
export type SiteConfig = z.infer<typeof SiteConfigSchema>;

export const SITE_CONFIG_ELEMENT_ID = "site-config";

export const DEFAULT_SITE_NAME = "Meme Gazette";
