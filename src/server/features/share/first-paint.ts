import { AsyncLocalStorage } from "node:async_hooks";
import { createHash } from "node:crypto";
import type { FirstPaint } from "@/client/first-paint";
import { type PageFile, PRIVATE_PAGE_FILES, RECEIPT_PAGE } from "@/common/pages";
import type { SiteConfig } from "@/common/site";
import { EASTERN, localTimeBeside } from "@/common/time";
import type { LiveEvents } from "../../events/live-events";
import { KeptUntilChange } from "../../lib/kept-until-change";
import type { App } from "../../types";

/** The HTML a page's `#root` starts with, and the lists it was drawn from, for the browser. */
export type PaintedBody = FirstPaint;

export type FirstPaints = (pathname: string, page: PageFile) => Promise<PaintedBody | undefined>;

/** The element holding the app's files, which FIRST_PAINT_SCRIPT loads once the page has been drawn. */
export const APP_FILES_ELEMENT_ID = "app-files";

/**
 * The one script of a first-painted page, run as it is parsed:
 * - the reader's own time beside each Eastern time of the paint, which the server left empty (it never
 *   knows the reader's zone), by the very rule the app uses (common/time.ts's function, its text here), so
 *   the app's first render draws the same words: nothing moves, and the largest paint stays the first;
 * - the app's JavaScript requested once the first paint is on screen (the browser's paint timing; the next
 *   frame where it has none), not beside the stylesheet, fonts and pictures it would slow on a phone's link
 *   (~95 kB): the entry, then the page's chunks in parallel (modulepreload). A tab opened in the background
 *   paints nothing: it starts after a second.
 * Constant, so the pages' Content-Security-Policy allows it by its hash (app.ts).
 */
export const FIRST_PAINT_SCRIPT = `(function (beside) {
  var zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  document.querySelectorAll("[data-local-time]").forEach(function (el) {
    var text = beside(el.getAttribute("data-local-time"), zone, ${JSON.stringify(EASTERN)});
    if (text) el.textContent = " " + text;
  });
  var files = JSON.parse(document.getElementById(${JSON.stringify(APP_FILES_ELEMENT_ID)}).textContent);
  var started = false;
  function start() {
    if (started) return;
    started = true;
    files.forEach(function (href, i) {
      var el = document.createElement(i ? "link" : "script");
      if (i) { el.rel = "modulepreload"; el.href = href; } else { el.type = "module"; el.src = href; }
      el.crossOrigin = "";
      document.head.appendChild(el);
    });
  }
  try {
    new PerformanceObserver(function () { setTimeout(start, 0); }).observe({ type: "paint", buffered: true });
  } catch (e) {
    requestAnimationFrame(function () { setTimeout(start, 0); });
  }
  setTimeout(start, 1000);
})(${localTimeBeside.toString()});`;

/** The Content-Security-Policy source that allows FIRST_PAINT_SCRIPT. */
export const FIRST_PAINT_SCRIPT_SOURCE = `'sha256-${createHash("sha256").update(FIRST_PAINT_SCRIPT).digest("base64")}'`;

/** Pages drawn for one visitor only, or for the staff: the browser draws them, as before. */
const NOT_PAINTED: readonly PageFile[] = [...PRIVATE_PAGE_FILES, RECEIPT_PAGE];

/** How many paths' first paints are kept; beyond, all are dropped (a crawler walking every headline). */
const MAX_KEPT = 500;

/**
 * The requests of the render in progress: `apiRequest`'s transport (client/lib/api-client.ts) is one object
 * per process, and renders of several apps (tests) or pages can be under way at once.
 */
const renders = new AsyncLocalStorage<App>();

/**
 * Each public page's first paint, drawn on the server with the app's own components (decision 014) and kept
 * until a change is announced (what it shows is the lists' state), but at least `keepAtLeastMs` (a render
 * costs tens of milliseconds: a storm of votes must not cause one per page asked for; the browser fetches
 * the lists again once it has hydrated), and at most `ttlMs` (its clock texts). The renderer, React's
 * server renderer with the app, is loaded with the first page asked for, not at start-up. A render that
 * fails leaves the page to the browser, as before.
 */
export function createFirstPaints(deps: {
  app: App;
  site: SiteConfig;
  events: LiveEvents;
  ttlMs: number;
  keepAtLeastMs: number;
}): FirstPaints {
  const { app, site } = deps;
  const render = async (pathname: string): Promise<PaintedBody | undefined> => {
    try {
      const { renderFirstPaint } = await loadRenderer();
      return await renders.run(app, () => renderFirstPaint(pathname, site));
    } catch (error) {
      app.log.warn({ err: error, pathname }, "first paint not drawn: the browser draws the page");
      return undefined;
    }
  };
  const kept = new KeptUntilChange<string, PaintedBody | undefined>(render, {
    ttlMs: deps.ttlMs,
    keepAtLeastMs: deps.keepAtLeastMs,
    max: MAX_KEPT,
  });
  deps.events.onChange(() => kept.forget());
  return (pathname, page) => (NOT_PAINTED.includes(page) ? Promise.resolve(undefined) : kept.get(pathname));
}

let renderer: Promise<typeof import("@/client/first-paint")> | undefined;

/** The renderer, once; its API requests go to the app whose page is being drawn. */
function loadRenderer() {
  renderer ??= import("@/client/first-paint").then((module) => {
    module.transport.fetch = async (input, init) => {
      const app = renders.getStore();
      if (!app) return fetch(input, init);
      const answer = await app.inject({
        method: "GET",
        url: String(input),
        headers: { accept: "application/json" },
      });
      return new Response(answer.payload, {
        status: answer.statusCode,
        headers: { "content-type": String(answer.headers["content-type"] ?? "") },
      });
    };
    return module;
  });
  return renderer;
}
