import fs from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import fastifyStatic from "@fastify/static";
import type { FastifyReply, FastifyRequest } from "fastify";
import { FIRST_PAINT_ELEMENT_ID, WITHOUT_APP_STYLE } from "@/common/first-paint";
import {
  ALL_PAGE_FILES,
  canonicalRequestPath,
  NOT_FOUND_PAGE,
  type PageFile,
  pageFileFor,
  pageRouteOf,
} from "@/common/pages";
import { SITE_CONFIG_ELEMENT_ID, type SiteConfig } from "@/common/site";
import type { Config } from "../config";
import {
  APP_FILES_ELEMENT_ID,
  FIRST_PAINT_HEAD_SCRIPT,
  FIRST_PAINT_SCRIPT,
  type FirstPaints,
  type PaintedBody,
} from "../features/share/first-paint";
import { type PageAnswer, type PageHeads, renderHeadTags } from "../features/share/page-heads";
import { pickEncoding } from "../lib/accept-encoding";
import { escapeHtml, jsonScript } from "../lib/html";
import type { App } from "../types";
import { labelRoute } from "./observability";

const ONE_YEAR_S = 31_536_000;

export function siteConfigOf(config: Config): SiteConfig {
  return {
    siteName: config.siteName,
    tokenAddress: config.tokenAddress ?? null,
    telegramUrl: config.telegramUrl ?? null,
    xUrl: config.xUrl ?? null,
    publicUrl: config.publicUrl,
  };
}

/**
 * The page with this deployment's name and public settings in it, so the first paint is already right, a
 * `modulepreload` link for each of `preloads` (the requested page's chunks), and the page's own head tags
 * (title, description, canonical link, Open Graph: features/share/page-heads.ts) in place of the template's
 * title and description, and the page's first paint in `#root` when the server drew one (decision 014).
 */
export function renderIndexHtml(
  template: string,
  site: SiteConfig,
  preloads: readonly string[] = [],
  headTags?: string,
  fonts: readonly string[] = [],
  body?: PaintedBody,
): string {
  // crossorigin as on Vite's own tags: a preload in another mode would not be reused by the import.
  const fontLinks = fonts.map(
    (href) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="${escapeHtml(href)}">`,
  );
  const withHead = headTags
    ? template.replace(/<meta name="description"[^>]*>/, "").replace(/<title>[^<]*<\/title>/, () => headTags)
    : template.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(site.siteName)}</title>`);
  const siteJson = jsonScript(SITE_CONFIG_ELEMENT_ID, site);
  if (!body) {
    // The fonts of the first paint, fetched with the stylesheet rather than after it: text drawn in a
    // fallback and then swapped would move the page (layout shift). The page's chunks beside the entry.
    const preloadLinks = preloads.map(
      (href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`,
    );
    return withHead.replace("</head>", `${[...fontLinks, ...preloadLinks].join("")}${siteJson}</head>`);
  }
  // A first-painted page (decision 014): the drawn page in #root (its controls made inert until the app
  // hydrates it, by the page's script: a press on them would be lost), its lists for the app, and the one
  // script that loads the app
  // once the page has been drawn: no script or module preload in the head competes with the stylesheet,
  // the fonts and the page's pictures.
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(withHead);
  return (
    (entry ? withHead.replace(entry[0], "") : withHead)
      // Without JavaScript the page is one of links: the phone's menu shown open (its button opens nothing).
      .replace(
        "</head>",
        `${fontLinks.join("")}${siteJson}<style>${WITHOUT_APP_STYLE}</style><script>${FIRST_PAINT_HEAD_SCRIPT}</script></head>`,
      )
      .replace(
        '<div id="root"></div>',
        () =>
          `<div id="root">${body.html}</div>` +
          jsonScript(FIRST_PAINT_ELEMENT_ID, body.data) +
          // The entry first: the script loads it as a module and preloads the rest (none without an entry).
          jsonScript(APP_FILES_ELEMENT_ID, entry ? [entry[1], ...preloads] : []) +
          `<script>${FIRST_PAINT_SCRIPT}</script>`,
      )
  );
}

/** A path with a segment that starts with a dot (`/.vite/manifest.json`, `/assets/.env`), encoded or not. */
export function isDotPath(pathname: string): boolean {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {}
  return /(^|[/\\])\./.test(decoded);
}

/** The parts of Vite's build manifest (dist/client/.vite/manifest.json) read here. */
export type ViteManifest = Record<string, { file: string; isEntry?: boolean; imports?: readonly string[] }>;

function closure(manifest: ViteManifest, keys: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...keys];
  for (let key = stack.pop(); key !== undefined; key = stack.pop()) {
    const chunk = manifest[key];
    if (seen.has(key) || !chunk) continue;
    seen.add(key);
    stack.push(...(chunk.imports ?? []));
  }
  return seen;
}

/**
 * For each page module, the URLs of the chunks to preload: the entry's static imports, then the page's own
 * chunk and its static imports. The page's code downloads in parallel with the entry rather than after it has
 * run (the build leaves preloading to the server: vite.config.ts). Pages missing from the manifest (an older
 * build) get the entry's imports only.
 */
export function pagePreloads(manifest: ViteManifest): Map<PageFile, string[]> {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const loadedByEntry = closure(manifest, entries);
  const url = (key: string) => `/${manifest[key]?.file}`;
  const shell = [...loadedByEntry].filter((key) => !entries.includes(key)).map(url);
  const preloads = new Map<PageFile, string[]>();
  for (const page of ALL_PAGE_FILES) {
    const key = `pages/${page}.tsx`;
    const files = manifest[key] ? [...closure(manifest, [key])].filter((k) => !loadedByEntry.has(k)) : [];
    // The page's own chunk first among its files: the browser starts the most important download first.
    files.sort((a, b) => Number(b === key) - Number(a === key));
    preloads.set(page, [...shell, ...files.map(url)]);
  }
  return preloads;
}

/** One HTML page, compressed once in both encodings: no compression work per request. */
interface PreparedPage {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

function preparePage(html: string): PreparedPage {
  const identity = Buffer.from(html, "utf8");
  return {
    identity,
    // Quality 5: a page is compressed again whenever its head changes (a vote changes the leader's card),
    // so per render it must be cheap. On a ~4.7 kB page, quality 5 takes ~1 ms for 599 bytes, quality 11
    // ~7 ms for 541 (2-core machine; the figures are in README "Sharing, feeds and crawlers").
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
    gzip: gzipSync(identity, { level: 6 }),
  };
}

/**
 * Pages by their page module, head tags and first paint (all that varies). A page's head changes with its
 * headline or the day's edition, its first paint with the lists, so pages are rendered and compressed when
 * first asked for and kept (~1 ms each, once per version), the least recently used dropped beyond `max`: the
 * front page and the busy headlines are served ready while nothing changes, without rendering them again.
 */
class PreparedPages {
  private readonly pages = new Map<string, PreparedPage>();
  /** A key per first paint (its HTML is kept by features/share/first-paint.ts until a change). */
  private readonly bodyKeys = new WeakMap<PaintedBody, number>();
  private nextBodyKey = 1;
  constructor(
    private readonly max: number,
    private readonly render: (page: PageFile, headTags: string | undefined, body?: PaintedBody) => string,
  ) {}

  get(page: PageFile, headTags: string | undefined, body?: PaintedBody): PreparedPage {
    let bodyKey = body ? this.bodyKeys.get(body) : 0;
    if (body && bodyKey === undefined) {
      bodyKey = this.nextBodyKey++;
      this.bodyKeys.set(body, bodyKey);
    }
    const key = `${page}\n${bodyKey}\n${headTags ?? ""}`;
    let prepared = this.pages.get(key);
    if (prepared) {
      this.pages.delete(key); // re-inserted below: the Map's order is the use order
    } else {
      prepared = preparePage(this.render(page, headTags, body));
      if (this.pages.size >= this.max) this.pages.delete(this.pages.keys().next().value as string);
    }
    this.pages.set(key, prepared);
    return prepared;
  }
}

/**
 * The web fonts every page draws at once: the pixel face and the body text's regular and bold weights
 * (latin; the front page's schedule is in bold). One found only when the page is laid out would swap in
 * after the first paint and make it again, later (the largest paint).
 */
const FIRST_PAINT_FONTS = [
  /press-start-2p-latin-400-normal\.woff2$/,
  /lora-latin-400-normal\.woff2$/,
  /lora-latin-700-normal\.woff2$/,
];

export function firstPaintFonts(manifest: ViteManifest): string[] {
  return Object.entries(manifest)
    .filter(([key]) => FIRST_PAINT_FONTS.some((pattern) => pattern.test(key)))
    .map(([, chunk]) => `/${chunk.file}`);
}

function readManifest(dir: string): ViteManifest {
  const file = path.join(dir, ".vite", "manifest.json");
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as ViteManifest) : {};
}

/**
 * A request for a file rather than a page: anything under /assets/ and any path whose last segment has a
 * file extension (/favicon.ico, /ads.txt, /wp-login.php). When the file is missing it answers 404: the
 * app's page in its place would be run as a stale chunk after a redeploy (a blank screen instead of an
 * error the app can recover from), and would tell crawlers and scanners that every file exists. The crawler
 * files (/robots.txt, /sitemap.xml, /feed.xml, /feed.json) are routes of their own (features/share), so
 * they never get here.
 */
export function isFileRequest(pathname: string): boolean {
  return pathname.startsWith("/assets/") || /\.[^/]*$/.test(pathname.slice(pathname.lastIndexOf("/")));
}

/**
 * Serves the built browser app: hashed assets cached for a year, and the page itself for every path that
 * is not an API route or a file, never cached stale. Text assets go out as the build's precompressed .br or
 * .gz copy when the browser accepts one (build/precompress.ts); the page is compressed once at start-up, one
 * copy per page module with that module's chunks preloaded. Unknown /api paths and missing files answer 404
 * JSON.
 */
export async function registerWebApp(
  app: App,
  config: Config,
  heads?: PageHeads,
  firstPaints?: FirstPaints,
): Promise<void> {
  const dir = config.staticDir;
  const indexPath = dir ? path.join(dir, "index.html") : undefined;
  if (!dir || !indexPath || !fs.existsSync(indexPath)) {
    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      const pathname = request.url.split("?")[0] ?? "/";
      return reply.status(404).send({ message: `No such API route: ${request.method} ${pathname}` });
    });
    return;
  }

  const template = fs.readFileSync(indexPath, "utf8");
  const site = siteConfigOf(config);
  const manifest = readManifest(dir);
  const preloads = pagePreloads(manifest);
  const fonts = firstPaintFonts(manifest);
  // Fewer than before the first paints (1,000): a page with its paint is ~40 kB with its compressed copies.
  const prepared = new PreparedPages(300, (page, headTags, body) =>
    renderIndexHtml(template, site, preloads.get(page) ?? [], headTags, fonts, body),
  );

  // The built files are all under /assets/ (the page itself is sent below), and are known at start: one route
  // each, found by the router. A page's path never reaches the plugin, and no request lists a folder: its
  // wildcard route checks a path's spelling against the folders (a readdir and a stat per segment) before
  // giving up on it, which was 8 % of the server's time in the crowd bench (issue 28) for every page asked.
  const assets = path.join(dir, "assets");
  if (fs.existsSync(assets))
    await app.register(fastifyStatic, {
      root: assets,
      prefix: "/assets/",
      index: false,
      wildcard: false,
      // Nothing under a dot-path is for browsers: treated as absent (no route).
      dotfiles: "ignore",
      // Picks file.br or file.gz by Accept-Encoding, sets Content-Encoding and Vary; small files have none.
      preCompressed: true,
      setHeaders(reply) {
        // Hashed names: the same file for everyone, for good (public, and never given a visitor cookie:
        // visitor.ts). In the metrics one route, never its own name (observability.ts's routeOf).
        reply.header("cache-control", `public, max-age=${ONE_YEAR_S}, immutable`);
      },
    });

  // Once the server listens (never in tests that inject): the renderer loaded and the front page drawn
  // before the first visitor asks for it.
  if (firstPaints) {
    app.addHook("onListen", (done) => {
      firstPaints.warm();
      done();
    });
  }

  const sendPage = async (request: FastifyRequest, reply: FastifyReply, pathname: string) => {
    // The page's route pattern in the metrics (`/h/:id`, `/archive`); an unknown path stays "unmatched".
    const route = pageRouteOf(pathname);
    if (route) labelRoute(request.raw, route);
    const search = request.url.slice(pathname.length);
    const answer: PageAnswer = heads
      ? await heads(pathname, search)
      : {
          kind: "page",
          status: pageFileFor(pathname) === NOT_FOUND_PAGE ? 404 : 200,
          page: pageFileFor(pathname),
        };
    if (answer.kind === "redirect") {
      return reply.status(301).header("cache-control", "no-cache").redirect(answer.location, 301);
    }
    // Every page is drawn, the not-found page too (once for all unknown paths).
    const paint = firstPaints ? await firstPaints(pathname, answer.page, request.visitor.network) : undefined;
    const started = performance.now();
    const page = prepared.get(
      answer.page,
      answer.head && renderHeadTags(answer.head, site.siteName, config.publicUrl),
      paint?.body,
    );
    if (paint) {
      // Whether this page's paint was drawn for this request or kept, and what it cost (its compression
      // included: a page is compressed once per paint).
      const ms = paint.ms + performance.now() - started;
      reply.header("server-timing", `paint;desc="${paint.source}";dur=${ms.toFixed(1)}`);
    }
    const encoding = pickEncoding(request.headers["accept-encoding"]);
    reply
      .status(answer.status)
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-cache")
      .header("vary", "accept-encoding");
    if (encoding) reply.header("content-encoding", encoding);
    return reply.send(encoding ? page[encoding] : page.identity);
  };

  // One path per page (issue 28): any other spelling of a page's path (case, a trailing or doubled slash) is
  // sent to its canonical one before anything is looked up or drawn, so each page is drawn and kept once.
  // A callback hook: no promise on every request (an API call or a vote passes straight through).
  app.addHook("onRequest", (request, reply, done) => {
    if (!wantsPage(request)) return done();
    const pathname = request.url.split("?")[0] ?? "/";
    if (isApiPath(pathname) || isDotPath(pathname) || isFileRequest(pathname)) return done();
    const canonical = canonicalRequestPath(pathname);
    if (canonical === pathname) return done();
    // No page: the not-found page, as for any unknown path (the static plugin would refuse a "directory").
    if (canonical === undefined) return /\/\/|.\/$/.test(pathname) ? reply.callNotFound() : done();
    labelRoute(request.raw, pageRouteOf(canonical) ?? "unmatched");
    reply
      .status(301)
      .header("cache-control", "no-cache")
      .redirect(`${canonical}${request.url.slice(pathname.length)}`, 301);
  });

  // The static plugin refuses directories (403) when it serves no index: the front page needs its own route.
  app.get("/", (request, reply) => sendPage(request, reply, "/"));

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    if (isDotPath(pathname)) return reply.status(404).send({ message: "Not found" });
    if (isApiPath(pathname) || !wantsPage(request)) {
      return reply.status(404).send({ message: `No such API route: ${request.method} ${pathname}` });
    }
    if (isFileRequest(pathname)) return reply.status(404).send({ message: `No such file: ${pathname}` });
    return sendPage(request, reply, pathname);
  });

  // What the handlers above answer with a page: a browser reads their 503 too (plugins/errors.ts).
  app.isPageRequest = (request) => {
    if (!wantsPage(request)) return false;
    if (request.routeOptions.url === "/") return true;
    const pathname = request.url.split("?")[0] ?? "/";
    return request.is404 && !isDotPath(pathname) && !isApiPath(pathname) && !isFileRequest(pathname);
  };
}

const isApiPath = (pathname: string) => pathname === "/api" || pathname.startsWith("/api/");
const wantsPage = (request: FastifyRequest) => request.method === "GET" || request.method === "HEAD";
