import { EMBEDDABLE } from "../../lib/embeddable";
import type { App } from "../../types";
import { drawIcon, icoOf, PAPER } from "./app-icons";

/** The icons the site serves, by path: drawn once, on the first request for any of them. */
const ICONS = {
  "/icons/icon-192.png": { size: 192, background: PAPER, coinShare: 0.875 },
  "/icons/icon-512.png": { size: 512, background: PAPER, coinShare: 0.875 },
  "/icons/maskable-512.png": { size: 512, background: PAPER, coinShare: 0.625 },
  "/apple-touch-icon.png": { size: 180, background: PAPER, coinShare: 0.8 },
} as const;

/** The browser chrome's colour: the paper's cream, as the page's theme-color meta says. */
export const THEME_COLOR = PAPER;

/**
 * What makes the paper installable (issue 22): the web app manifest, named after SITE_NAME, and the icons
 * it and the page name. Icons and the manifest are images anyone may show or read from any origin (a feed
 * reader, a link preview): Cross-Origin-Resource-Policy cross-origin, cached for a day.
 */
export async function installRoutes(app: App): Promise<void> {
  const { siteName } = app.config;
  const drawn = new Map<string, Buffer>();
  const icon = (path: keyof typeof ICONS) => {
    let png = drawn.get(path);
    if (!png) {
      png = drawIcon(ICONS[path]);
      drawn.set(path, png);
    }
    return png;
  };
  const forAnyone = { "cache-control": "public, max-age=86400", ...EMBEDDABLE };

  for (const path of Object.keys(ICONS) as Array<keyof typeof ICONS>) {
    app.get(path, (_request, reply) => reply.type("image/png").headers(forAnyone).send(icon(path)));
  }
  let favicon: Buffer | undefined;
  app.get("/favicon.ico", (_request, reply) => {
    favicon ??= icoOf([16, 32, 48].map((size) => ({ size, png: drawIcon({ size, coinShare: 1 }) })));
    return reply.type("image/x-icon").headers(forAnyone).send(favicon);
  });

  const manifest = JSON.stringify({
    id: "/",
    name: siteName,
    short_name: siteName.length > 12 ? siteName.split(/\s+/)[0]?.slice(0, 12) || siteName : siteName,
    description:
      "A daily meme-coin newspaper: vote on viral headlines, and the winner becomes the community meme coin.",
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: PAPER,
    theme_color: THEME_COLOR,
    lang: "en",
    categories: ["news", "finance", "entertainment"],
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  });
  app.get("/manifest.webmanifest", (_request, reply) =>
    reply.type("application/manifest+json; charset=utf-8").headers(forAnyone).send(manifest),
  );
}
