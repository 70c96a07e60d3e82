/**
 * The page's first paint, drawn on the server (decision 014): the same app at the requested path, with the
 * public lists it shows read from the server's own routes. Bundled into the server only (build/server.ts);
 * the browser's entry is main.tsx, which hydrates it with the same lists and clock.
 */
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import { FIRST_PAINT_QUERIES, type FirstPaintData } from "@/common/first-paint";
import type { SiteConfig } from "@/common/site";
import { App } from "./app/app";
import { loadPageFor } from "./app/app-routes";
import { setPaintedAt } from "./lib/first-paint-clock";
import { createQueryClient } from "./lib/query-client";

/**
 * Rounds of drawing and fetching: a list asked for only once another has arrived needs a second, and a part
 * of the page in its own chunk (React.lazy) another once its code has loaded.
 */
const MAX_ROUNDS = 4;

/** What renderToString writes for a Suspense boundary it left to the browser (a part whose code was loading). */
const LEFT_TO_THE_BROWSER = "<!--$!-->";

export interface FirstPaint {
  html: string;
  data: FirstPaintData;
}

/**
 * What the server knows of a page from its last draw (features/share/first-paint.ts): the lists it asked for,
 * read again now, so the page is drawn once with them rather than once to find them and again to show them;
 * and a wrapper around each list's fetch, so the server learns which list each read was for.
 */
export interface DrawHints {
  known?: ReadonlyArray<readonly [readonly unknown[], unknown]>;
  around?: (queryKey: readonly unknown[], fetch: () => Promise<void>) => Promise<void>;
}

/**
 * Draws `pathname` to HTML. Each round draws the page, then fetches the public lists the drawing asked for
 * (through `apiRequest`, whose transport the server points at its own routes); the last round draws them.
 * Every public list asked for is fetched, even one whose query is not enabled yet: on the server a query's
 * observers never subscribe, so whether it is enabled cannot be read, and only what arrives is embedded.
 */
export async function renderFirstPaint(
  pathname: string,
  siteConfig: SiteConfig,
  hints: DrawHints = {},
): Promise<FirstPaint> {
  await loadPageFor(pathname);
  const queryClient = createQueryClient();
  for (const [queryKey, data] of hints.known ?? []) queryClient.setQueryData(queryKey, data);
  const around = hints.around ?? ((_key, fetch) => fetch());
  // One moment for the whole page, the one the browser hydrates it with (main.tsx): renderToString runs to
  // the end synchronously, so no other render sees it.
  const at = Date.now();
  const draw = () => {
    setPaintedAt(at);
    try {
      return renderToString(
        <App
          siteConfig={siteConfig}
          queryClient={queryClient}
          router={(routes) => <StaticRouter location={pathname}>{routes}</StaticRouter>}
        />,
      );
    } finally {
      setPaintedAt(undefined);
    }
  };
  const asked = new Set<string>();
  let html = draw();
  for (let round = 1; round < MAX_ROUNDS; round++) {
    const waiting = queryClient
      .getQueryCache()
      .getAll()
      .filter(
        (query) =>
          query.state.status === "pending" &&
          FIRST_PAINT_QUERIES.has(query.queryKey[0]) &&
          !asked.has(query.queryHash),
      );
    if (waiting.length === 0) {
      if (!html.includes(LEFT_TO_THE_BROWSER)) break;
      // A lazy part began loading during the draw (the server's first render of that page): once its module
      // has loaded, the next draw has it, rather than a fallback that hydration would report and redraw.
      await new Promise((resolve) => setTimeout(resolve, 20));
      html = draw();
      continue;
    }
    for (const query of waiting) asked.add(query.queryHash);
    // prefetchQuery never throws: a list that fails is in the cache as an error (checked below).
    await Promise.all(
      waiting.map((query) =>
        around(query.queryKey, () =>
          queryClient.prefetchQuery({ ...query.options, queryKey: query.queryKey }),
        ),
      ),
    );
    html = draw();
  }
  const failed = queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === "error");
  // A list that could not be read now (a restart, an outage) is no page to keep for everyone: the browser
  // draws it, and asks for its lists itself.
  if (failed.length > 0) throw new Error(`first paint without ${failed.map((q) => q.queryHash).join(", ")}`);
  const queries = queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === "success" && FIRST_PAINT_QUERIES.has(query.queryKey[0]))
    .map((query): [readonly unknown[], unknown] => [query.queryKey, query.state.data]);
  // The server wrote the page's title into the head; React draws a screen's <title> where it renders it.
  return { html: html.replace(/<title>[^<]*<\/title>/g, ""), data: { at, queries } };
}
export { transport } from "./lib/api-client";
