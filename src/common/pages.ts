import { HEADLINE_PATH_PATTERN, parseHeadlinePath } from "./headline-path";

/**
 * Which page module (a file in src/client/pages, without extension) draws each path of the site. The browser
 * loads each page as its own chunk; the server reads this to tell the browser, in the HTML, which chunk the
 * requested path needs (`<link rel="modulepreload">`), so it is fetched alongside the entry instead of after
 * it. The build reads it to weigh each public route's first load. Paths as in src/client/app/paths.ts (a
 * client test checks they agree).
 */
export const PAGE_FILES = {
  "/": "home",
  "/tomorrows-news": "tomorrows-news",
  "/yesterdays-news": "yesterdays-news",
  "/old-news": "yesterdays-news",
  "/archive": "archive",
  "/submit": "submit",
  "/paid-submit": "paid-submit",
  "/about": "about",
  "/admin": "admin",
} as const;

/** A headline's own page: `/h/{id}` with any slug (src/common/headline-path.ts). */
export const HEADLINE_PAGE = "headline";

/** A submitter's receipt: `/submission/{receipt}` (src/common/receipt.ts). */
export const RECEIPT_PAGE = "receipt";

/** An edition's record: `/edition/{YYYY-MM-DD}` (src/common/edition-record.ts). */
export const EDITION_PAGE = "edition";

/** The page of an edition (its date, YYYY-MM-DD). */
export const editionPath = (date: string) => `/edition/${date}`;

/** The path of an edition's page, as the router and the server match it. */
export const EDITION_PATH_PATTERN = /^\/edition\/(\d{4}-\d{2}-\d{2})\/?$/;

/** An edition's launch receipt: `/launch/{YYYY-MM-DD}` (src/common/launch.ts, issue 29). */
export const LAUNCH_PAGE = "launch";

/** The public receipt of an edition's launch (its date). */
export const launchReceiptPath = (date: string) => `/launch/${date}`;

/** The path of a launch receipt's page, as the router and the server match it. */
export const LAUNCH_PAGE_PATTERN = /^\/launch\/(\d{4}-\d{2}-\d{2})\/?$/;

/** The page for every other path ("There's no news here"). */
export const NOT_FOUND_PAGE = "not-found";

export type PagePath = keyof typeof PAGE_FILES;
export type PageFile =
  | (typeof PAGE_FILES)[PagePath]
  | typeof HEADLINE_PAGE
  | typeof RECEIPT_PAGE
  | typeof EDITION_PAGE
  | typeof LAUNCH_PAGE
  | typeof NOT_FOUND_PAGE;

/** Every page module, each once. */
export const ALL_PAGE_FILES: readonly PageFile[] = [
  ...new Set<PageFile>([
    ...Object.values(PAGE_FILES),
    HEADLINE_PAGE,
    RECEIPT_PAGE,
    EDITION_PAGE,
    LAUNCH_PAGE,
    NOT_FOUND_PAGE,
  ]),
];

/** Staff-only pages: outside the public pages' first-load budget. */
export const PRIVATE_PAGE_FILES: readonly PageFile[] = ["admin"];

/**
 * The page module for a URL path, matched as the router matches it: case-insensitively, with or without a
 * trailing slash; the not-found page for any other path.
 */
export function pageFileFor(pathname: string): PageFile {
  const normalized = pathname.toLowerCase().replace(/\/+$/, "") || "/";
  if (Object.hasOwn(PAGE_FILES, normalized)) return PAGE_FILES[normalized as PagePath];
  if (parseHeadlinePath(pathname)) return HEADLINE_PAGE;
  if (EDITION_PATH_PATTERN.test(pathname)) return EDITION_PAGE;
  if (LAUNCH_PAGE_PATTERN.test(pathname)) return LAUNCH_PAGE;
  return /^\/submission\/[^/]+\/?$/i.test(pathname) ? RECEIPT_PAGE : NOT_FOUND_PAGE;
}

/**
 * The route pattern of a page's path, for the server's metrics and request log: the page table's path
 * (lower case, no trailing slash), `/h/:id` for a headline's page (with or without its slug), and
 * `/submission/:receipt`; undefined for any other path (the not-found page). Never the raw path, so the
 * labels stay few whatever paths are asked for.
 */
export function pageRouteOf(pathname: string): string | undefined {
  const normalized = pathname.toLowerCase().replace(/\/+$/, "") || "/";
  if (Object.hasOwn(PAGE_FILES, normalized)) return normalized;
  if (HEADLINE_PATH_PATTERN.test(pathname)) return "/h/:id";
  if (EDITION_PATH_PATTERN.test(pathname)) return "/edition/:date";
  if (LAUNCH_PAGE_PATTERN.test(pathname)) return "/launch/:date";
  return /^\/submission\/[^/]+\/?$/i.test(pathname) ? "/submission/:receipt" : undefined;
}

/**
 * A page's canonical address (canonical links, the sitemap): its lower-case path without a trailing slash,
 * as the router matches it, and the older /old-news under its current name.
 */
export function canonicalPagePath(pathname: string): string {
  const normalized = pathname.toLowerCase().replace(/\/+$/, "") || "/";
  return normalized === "/old-news" ? "/yesterdays-news" : normalized;
}

/**
 * The one path of a page request (issue 28): doubled slashes made one and the trailing one dropped, the
 * page table's paths and every fixed segment in lower case (a receipt id and a headline's slug are kept as
 * written: the headline's page redirects to its own slug). Undefined for a path that is no page, which the
 * not-found page answers as it is. The server answers any other spelling with a 301 to this one before
 * anything is drawn or looked up, so one page is kept once whatever path was asked for.
 */
export function canonicalRequestPath(pathname: string): string | undefined {
  const collapsed = pathname.replace(/\/{2,}/g, "/").replace(/(.)\/$/, "$1");
  const lower = collapsed.toLowerCase();
  if (Object.hasOwn(PAGE_FILES, lower)) return lower;
  if (EDITION_PATH_PATTERN.test(lower)) return lower;
  if (LAUNCH_PAGE_PATTERN.test(lower)) return lower;
  // A headline's page is sent to its own slug by the server in one step (features/share/page-heads.ts).
  if (parseHeadlinePath(pathname)) return pathname;
  if (parseHeadlinePath(collapsed)) return collapsed;
  const receipt = /^\/submission\/([^/]+)$/i.exec(collapsed);
  return receipt ? `/submission/${receipt[1]}` : undefined;
}
