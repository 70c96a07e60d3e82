import path from "node:path";
import { gzipSync } from "node:zlib";
import type { Logger, Plugin } from "vite";

/** The parts of an output chunk this plugin reads (Rollup's and Rolldown's bundles both have them). */
export interface ChunkInfo {
  type: "chunk";
  fileName: string;
  code: string;
  isEntry: boolean;
  imports: readonly string[];
  dynamicImports: readonly string[];
  facadeModuleId: string | null;
}
export type BundleInfo = Record<string, ChunkInfo | { type: "asset" }>;

export interface RouteWeight {
  /** The URL path ("/submit"), or "(other paths)" for the not-found page. */
  route: string;
  /** The page module drawing it ("submit"). */
  page: string;
  files: string[];
  gzipBytes: number;
}

function chunkOf(bundle: BundleInfo, fileName: string): ChunkInfo | undefined {
  const item = bundle[fileName];
  return item?.type === "chunk" ? item : undefined;
}

/**
 * A chunk and everything it imports statically, transitively: what the browser must fetch before the chunk
 * runs. Dynamic imports are left out; they load later, when a route or a dialog asks for them.
 */
export function staticClosure(bundle: BundleInfo, fileNames: readonly string[]): string[] {
  const seen = new Set<string>();
  const stack = [...fileNames];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    if (seen.has(next)) continue;
    seen.add(next);
    stack.push(...(chunkOf(bundle, next)?.imports ?? []));
  }
  return [...seen].sort();
}

function gzipSize(bundle: BundleInfo, files: readonly string[]): number {
  let total = 0;
  for (const file of files) total += gzipSync(chunkOf(bundle, file)?.code ?? "").length;
  return total;
}

/**
 * The JavaScript each route loads before it draws: the entry's static closure plus the closure of the route's
 * page chunk (the module `pagesDir/<page>.*`, which main.tsx loads before the first render and the server
 * preloads). A route whose page has no chunk in the bundle counts the entry alone.
 */
export function routeWeights(
  bundle: BundleInfo,
  entry: ChunkInfo,
  pagesDir: string,
  routes: Readonly<Record<string, string>>,
  notFoundPage: string,
): RouteWeight[] {
  const pageChunks = new Map<string, string>();
  for (const item of Object.values(bundle)) {
    const source = item.type === "chunk" ? item.facadeModuleId : null;
    if (item.type !== "chunk" || !source || path.dirname(source) !== pagesDir) continue;
    pageChunks.set(path.basename(source).replace(/\.[^.]+$/, ""), item.fileName);
  }
  const weigh = (route: string, page: string): RouteWeight => {
    const pageChunk = pageChunks.get(page);
    const files = staticClosure(bundle, pageChunk ? [entry.fileName, pageChunk] : [entry.fileName]);
    return { route, page, files, gzipBytes: gzipSize(bundle, files) };
  };
  return [
    ...Object.entries(routes).map(([route, page]) => weigh(route, page)),
    weigh("(other paths)", notFoundPage),
  ];
}

export interface InitialJsSizeOptions {
  /** The most JavaScript, in kB (1000 bytes) of gzip, that a public route may load before it draws. */
  budgetKb: number;
  /** Routes known to be over the budget, with the most each may weigh (build/js-budget.ts). */
  allowancesKb?: Readonly<Record<string, number>>;
  /** The folder of the route components, one file per page, each loaded as its own chunk. */
  pagesDir: string;
  /** Each URL path and the page module (file name in pagesDir, no extension) that draws it. */
  routes: Readonly<Record<string, string>>;
  /** The page module for every other path. */
  notFoundPage: string;
  /** Pages that are not public (the admin dashboard): printed, marked as such, outside the budget. */
  privatePages: readonly string[];
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/**
 * After a production build, prints the gzip size of the JavaScript that each route loads before it draws:
 * the entry chunk and the route's page chunk, with their static imports, transitively (dynamic imports load
 * later, on demand). Fails the build when a public route is over the budget, so that a dependency creeping
 * onto a first load breaks CI instead of quietly slowing every visit.
 */
export function initialJsSize(options: InitialJsSizeOptions): Plugin {
  let logger: Logger | undefined;
  const lines: string[] = [];
  const over: string[] = [];
  return {
    name: "initial-js-size",
    apply: "build",
    configResolved(config) {
      logger = config.logger;
    },
    // writeBundle: the code as written to disk, after Vite has filled in the preload lists of dynamic imports.
    writeBundle(_output, bundle) {
      const info = bundle as unknown as BundleInfo;
      for (const item of Object.values(info)) {
        if (item.type !== "chunk" || !item.isEntry) continue;
        const entryFiles = staticClosure(info, [item.fileName]);
        lines.push(
          `initial JS per route, gzip (budget ${options.budgetKb} kB for public pages; the entry ` +
            `${item.fileName} and the ${entryFiles.length - 1} chunks it imports are ${kb(gzipSize(info, entryFiles))}):`,
        );
        const weights = routeWeights(info, item, options.pagesDir, options.routes, options.notFoundPage);
        const width = Math.max(...weights.map((w) => w.route.length));
        for (const weight of weights) {
          const isPrivate = options.privatePages.includes(weight.page);
          const allowance = options.allowancesKb?.[weight.route];
          const limitKb = allowance ?? options.budgetKb;
          const failed = !isPrivate && weight.gzipBytes > limitKb * 1000;
          const note = isPrivate
            ? "  not public"
            : failed
              ? `  OVER ${allowance === undefined ? "BUDGET" : `ITS ALLOWANCE OF ${allowance} kB`}`
              : weight.gzipBytes > options.budgetKb * 1000
                ? `  over budget (allowed up to ${allowance} kB for now)`
                : "";
          lines.push(`  ${weight.route.padEnd(width)}  ${kb(weight.gzipBytes).padStart(8)}${note}`);
          if (failed) over.push(`${weight.route}: ${kb(weight.gzipBytes)} (${weight.files.join(", ")})`);
        }
      }
    },
    // Printed at the very end, after Vite's table of chunks, so that the figures that matter are the last ones.
    closeBundle() {
      for (const line of lines) logger?.info(line);
      if (over.length > 0) {
        this.error(
          `Initial JavaScript over the ${options.budgetKb} kB gzip budget (or a route's allowance):\n  ${over.join("\n  ")}\n` +
            "Load what only some pages or some moments need with a dynamic import().",
        );
      }
    },
  };
}
