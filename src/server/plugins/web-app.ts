import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyReply, FastifyRequest } from "fastify";
import { SITE_CONFIG_ELEMENT_ID, type SiteConfig } from "@/common/site";
import type { Config } from "../config";
import type { App } from "../types";

const ONE_YEAR_S = 31_536_000;

export function siteConfigOf(config: Config): SiteConfig {
  return {
    siteName: config.siteName,
    tokenAddress: config.tokenAddress ?? null,
    telegramUrl: config.telegramUrl ?? null,
    xUrl: config.xUrl ?? null,
  };
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => HTML_ESCAPES[c] as string);

/** The page with this deployment's name and public settings in it, so the first paint is already right. */
export function renderIndexHtml(template: string, site: SiteConfig): string {
  // "<" is escaped inside the JSON so that no value can close the script element.
  const json = JSON.stringify(site).replace(/</g, "\\u003c");
  return template
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(site.siteName)}</title>`)
    .replace(
      "</head>",
      `<script id="${SITE_CONFIG_ELEMENT_ID}" type="application/json">${json}</script></head>`,
    );
}

/**
 * Serves the built browser app: hashed assets cached for a year, and the page itself for every path that
 * is not an API route or a file, never cached stale. Unknown /api paths answer 404 JSON.
 */
export async function registerWebApp(app: App, config: Config): Promise<void> {
  const dir = config.staticDir;
  const indexPath = dir ? path.join(dir, "index.html") : undefined;
  const hasApp = indexPath !== undefined && fs.existsSync(indexPath);
  const html = hasApp ? renderIndexHtml(fs.readFileSync(indexPath, "utf8"), siteConfigOf(config)) : undefined;

  if (hasApp && dir) {
    await app.register(fastifyStatic, {
      root: dir,
      index: false,
      wildcard: true,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header("cache-control", immutable ? `public, max-age=${ONE_YEAR_S}, immutable` : "no-cache");
      },
    });
  }

  const sendPage = (reply: FastifyReply, page: string) =>
    reply.status(200).type("text/html; charset=utf-8").header("cache-control", "no-cache").send(page);

  // The static plugin refuses directories (403) when it serves no index: the front page needs its own route.
  if (html) app.get("/", (_request, reply) => sendPage(reply, html));

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    const wantsPage = request.method === "GET" || request.method === "HEAD";
    if (pathname === "/api" || pathname.startsWith("/api/") || !wantsPage || !html) {
      return reply.status(404).send({ message: `No such API route: ${request.method} ${pathname}` });
    }
    return sendPage(reply, html);
  });
}
