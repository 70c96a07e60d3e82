import { createHash } from "node:crypto";
import { buttonClass } from "@/client/components/ui/button-variants";
import type { FirstPaint } from "@/client/first-paint";
import { APP_SCRIPT_ATTRIBUTE } from "@/common/first-paint";
import type { LiveTopic } from "@/common/live";
import { NOT_FOUND_PAGE, type PageFile, PRIVATE_PAGE_FILES, pageRouteOf } from "@/common/pages";
import type { SiteConfig } from "@/common/site";
import { EASTERN, localTimeBeside } from "@/common/time";
import type { LiveEvents } from "../../events/live-events";
import { setMostRecent } from "../../lib/lru";
import type { PublicReads } from "../../lib/public-reads";
import type { FirstPaintMetrics } from "../../plugins/observability";
import { type DrawRequest, drawOnPaintThread, type FirstPaintDraw } from "./first-paint-drawer";
import { shapeOf } from "./paint-shape";

/** The HTML a page's `#root` starts with, and the lists it was drawn from, for the browser. */
export type PaintedBody = FirstPaint;

/**
 * How a page's first paint came: drawn for this request, kept from an earlier one, or left to the browser
 * (the pre-paint shell: a page not painted, a draw that failed, or a network over its draws).
 */
export interface PaintAnswer {
  body: PaintedBody | undefined;
  source: "drawn" | "kept" | "shell";
  /** Time spent on this request's paint (the draw, or the wait for one under way). */
  ms: number;
}

/** `pathname` is the page's canonical path; `network` the asker's (IPv4 address or IPv6 /64). */
export type FirstPaints = ((pathname: string, page: PageFile, network: string) => Promise<PaintAnswer>) & {
  /**
   * Starts the first paints' thread and draws the main navigation's pages there (once the server listens):
   * the first visitor after a start would otherwise wait for the renderer's modules to load (~0.2 s) and
   * for a draw that nothing has warmed yet.
   */
  warm(): void;
};

/** The element holding the app's files, which FIRST_PAINT_SCRIPT loads once the page has been drawn. */
export const APP_FILES_ELEMENT_ID = "app-files";

/** The card FIRST_PAINT_SCRIPT shows when the app's script cannot be loaded, in the words of the app's own. */
export const APP_FAILED_ELEMENT_ID = "app-failed";
const APP_FAILED_HTML =
  '<section role="alert" class="border-3 border-ink bg-paper p-6 shadow-pixel">' +
  '<h2 class="font-pixel text-sm leading-relaxed">Voting could not be started</h2>' +
  '<p class="mt-4">The paper may have been updated, or the connection dropped. You can still read the ' +
  "page and follow its links.</p>" +
  `<button type="button" class="${buttonClass({}, "mt-5")}">Reload the page</button></section>`;

/**
 * The one script of a first-painted page, run as it is parsed:
 * - the controls that need the app (buttons, form fields, disclosures whose opening the app answers) inert
 *   until it runs: a press now would be lost.
 *   Everything else is a working page from the start, with JavaScript or without: links, text to select,
 *   the edition's downloads, the About page's questions (issue 28). When the app's script cannot be
 *   loaded, a card says so above the page, with a reload button, and the page looks as it does without
 *   JavaScript (the phone's menu open: WITHOUT_APP_STYLE);
 * - the reader's own time beside each Eastern time of the paint, which the server left empty (it never
 *   knows the reader's zone), by the very rule the app uses (common/time.ts's function, its text here), so
 *   the app's first render draws the same words: nothing moves, and the largest paint stays the first;
 * - the app's JavaScript requested once the first paint is on screen (the browser's paint timing; the next
 *   frame where it has none), not beside the stylesheet, fonts and pictures it would slow on a phone's link
 *   (~95 kB): the entry, then the page's chunks in parallel (modulepreload). A tab opened in the background
 *   paints nothing: it starts after a second. Asked for four at a time, each four in a task of its own: the
 *   browser's work for all of a page's files at once (18 on Tomorrow's News) was one task of 10-50 ms on a
 *   laptop, four times that on a phone, right after the paint (issue 28, decision 019).
 * Constant, so the pages' Content-Security-Policy allows it by its hash (app.ts).
 */
export const FIRST_PAINT_SCRIPT = `(function (beside) {
  var root = document.getElementById("root");
  root.querySelectorAll("button, input, select, textarea, summary").forEach(function (el) { el.inert = true; });
  function failed() {
    if (document.getElementById(${JSON.stringify(APP_FAILED_ELEMENT_ID)})) return;
    var card = document.createElement("div");
    card.id = ${JSON.stringify(APP_FAILED_ELEMENT_ID)};
    card.className = "mx-auto w-full max-w-[1200px] px-4 pt-4";
    card.innerHTML = ${JSON.stringify(APP_FAILED_HTML)};
    card.querySelector("button").addEventListener("click", function () { location.reload(); });
    document.body.insertBefore(card, root);
    document.documentElement.removeAttribute(${JSON.stringify(APP_SCRIPT_ATTRIBUTE)});
  }
  var zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  document.querySelectorAll("[data-local-time]").forEach(function (el) {
    var text = beside(el.getAttribute("data-local-time"), zone, ${JSON.stringify(EASTERN)});
    if (text) el.textContent = " " + text;
  });
  var files = JSON.parse(document.getElementById(${JSON.stringify(APP_FILES_ELEMENT_ID)}).textContent);
  var started = false;
  function request(from) {
    for (var i = from; i < files.length && i < from + 4; i++) {
      var el = document.createElement(i ? "link" : "script");
      if (i) { el.rel = "modulepreload"; el.href = files[i]; } else { el.type = "module"; el.src = files[i]; }
      el.crossOrigin = "";
      if (!i) el.onerror = failed;
      document.head.appendChild(el);
    }
    if (i < files.length) setTimeout(function () { request(i); }, 0);
  }
  function start() {
    if (started) return;
    started = true;
    request(0);
  }
  try {
    new PerformanceObserver(function () { setTimeout(start, 0); }).observe({ type: "paint", buffered: true });
  } catch (e) {
    requestAnimationFrame(function () { setTimeout(start, 0); });
  }
  setTimeout(start, 1000);
})(${localTimeBeside.toString()});`;

/**
 * The first paint's first script, in its head, before anything is drawn:
 * - says JavaScript runs, so the page's look without the app (WITHOUT_APP_STYLE: the phone's menu open)
 *   never shows to a reader who has it;
 * - wakes the browser's date and number formatting (ICU) here, where it delays the paint by a moment, not
 *   after it: its first use costs one uninterruptible task, ~50 ms on a laptop and 130-270 ms on a phone
 *   (Chromium at 4x slowdown), and every page shows Eastern times and counts. After the paint it was the
 *   longest task a reader's taps waited behind (issue 28: the page script's time beside, then the app).
 */
export const FIRST_PAINT_HEAD_SCRIPT = `document.documentElement.setAttribute(${JSON.stringify(APP_SCRIPT_ATTRIBUTE)}, "");try{new Intl.DateTimeFormat("en-US",{timeZone:${JSON.stringify(EASTERN)}}).format(0)}catch(e){}`;

const sourceOf = (script: string) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`;

/** The Content-Security-Policy sources that allow the first paint's two scripts. */
export const FIRST_PAINT_SCRIPT_SOURCES = [sourceOf(FIRST_PAINT_HEAD_SCRIPT), sourceOf(FIRST_PAINT_SCRIPT)];

/** The staff's pages: the browser draws them, as before. */
const NOT_PAINTED: readonly PageFile[] = PRIVATE_PAGE_FILES;

/**
 * Where the not-found page is drawn: one paint for every unknown path, since it says the same for all (a
 * scanner asking for a thousand paths causes one draw).
 */
const NOT_FOUND_PATH = "/404";

/** The pages of the main navigation, drawn once the server listens (FirstPaints.warm), one after another. */
const WARM_PATHS = ["/", "/tomorrows-news", "/yesterdays-news", "/archive"];

interface Paint {
  body: PaintedBody | undefined;
  drawnAt: number;
  /** The public answers the draw read, each by its URL with its shape then. */
  reads: Map<string, string>;
  /** The topics whose changes can alter what it shows (its reads' topics); undefined: any change can. */
  topics: readonly LiveTopic[] | undefined;
  /**
   * The changes of its topics announced before the draw began: fewer than now, and its counts may be behind.
   * A vote on today's race leaves the archive's or the About page's paint as quiet as no vote.
   */
  changes: number;
  /** The changes announced before its lists were last compared with the lists of now (the draw's at first). */
  checked: number;
  /** When they were (its draw's start at first). */
  checkedAt: number;
  /** A comparison under way, which every request for the page waits for: whether the paint keeps its shape. */
  checking?: Promise<boolean>;
}

interface Kept {
  promise: Promise<Paint>;
  settled?: Paint;
  /** A newer paint is being drawn to take this one's place, which is served meanwhile. */
  redrawing?: boolean;
}

/** Which list each public read of a page was for: read again before its next draw (a one-render draw). */
type Recipe = FirstPaintDraw["recipe"];

/**
 * Each public page's first paint, drawn on the server with the app's own components (decisions 014 and
 * 015), once per canonical page and kept:
 * - while nothing changes, for `quietMs` (what its clocks say may be that far behind until the app runs);
 * - under a stream of votes, for `countsMs`: a vote changes counts, and the browser's one fetch of the
 *   lists after hydration brings the counts of now, so a page costs one draw per `countsMs` at most,
 *   whatever the vote rate;
 * - until a change of what it lists (a headline in or out, a crown, a roll, settings): once such changes
 *   were announced, the first request for a page at least `checkMs` after its last comparison reads its
 *   lists again (from the list cache, in its turn: lib/one-at-a-turn.ts) and waits for that, and a paint
 *   whose shape differs is dropped and drawn for it. Compared when asked for, not on every change, and
 *   never for a change the database announced as counts only (a vote, a market refresh: migration 0021):
 *   a stream of votes makes no page compare anything (under the 8 PM crowd every page read compared its
 *   lists once a second, the crowd's votes waiting behind those reads).
 * A paint past its time (younger than twice `quietMs`) whose lists kept their shape is served while its
 * successor is drawn (stale while redrawn): no visitor waits for a draw that only brings counts. Those draws
 * behind go one at a time, `behindGapMs` apart at least, so paints whose keep ends together are drawn again
 * in turn, not all at once. A paint dropped for its shape is drawn for the next visitor, who waits for it.
 * At most `max` paints are kept, the least recently used dropped first; a network may force `drawsPerMinute`
 * draws a minute, beyond which it gets the pre-paint shell (the browser draws the page). A draw that fails
 * (a list that cannot be read now) leaves the page to the browser for `checkMs`.
 */
export function createFirstPaints(deps: {
  reads: PublicReads;
  site: SiteConfig;
  events: LiveEvents;
  metrics?: FirstPaintMetrics;
  log: { warn(object: object, message: string): void };
  quietMs: number;
  countsMs: number;
  checkMs: number;
  max: number;
  drawsPerMinute: number;
  behindGapMs: number;
  /** Waits for a comparison's turn (lib/one-at-a-turn.ts): a burst of them never holds the votes. */
  turn: () => Promise<void>;
}): FirstPaints {
  const { reads, site } = deps;
  const kept = new Map<string, Kept>();
  /** Changes announced so far, of each topic: a paint is behind when one of its topics changed since its draw. */
  const changes = new Map<LiveTopic | "any", number>();
  /**
   * The changes that may have moved more than counts (all but a vote's, a market refresh's): only those make
   * a kept paint compare its lists (a vote changes counts, not a page's shape).
   */
  const shapeChanges = new Map<LiveTopic | "any", number>();
  type Changes = ReadonlyMap<LiveTopic | "any", number>;
  /** The changes (as of `at`) that can alter an answer or page read from `topics` (undefined: any topic). */
  const changesOf = (topics: readonly LiveTopic[] | undefined, at: Changes = changes) =>
    topics ? topics.reduce((sum, topic) => sum + (at.get(topic) ?? 0), 0) : (at.get("any") ?? 0);
  /** The topics of a page that read `urls`: every one's topics, or undefined when one's are not known. */
  const topicsOfReads = (urls: Iterable<string>) => {
    const topics = new Set<LiveTopic>();
    for (const url of urls) {
      const its = reads.topicsOf(url);
      if (!its) return undefined;
      for (const topic of its) topics.add(topic);
    }
    return [...topics];
  };
  /** Each page's lists at its last draw, kept longer than its paint (by the same bound, least recent out). */
  const recipes = new Map<string, Recipe>();
  const drawsBy = new Map<string, { since: number; count: number }>();

  /** Draws a page on the first paints' thread (first-paint-drawer.ts): never on the thread of the votes. */
  const draw = async (pathname: string): Promise<Paint> => {
    const drawnAt = Date.now();
    const changesBefore: Changes = new Map(changes);
    const shapeChangesBefore: Changes = new Map(shapeChanges);
    const read = async (url: string) => {
      const { status, body } = await reads.answer(url);
      return { status, body: String(body) };
    };
    try {
      // The lists the page asked for last time, read now: the page is drawn once, with them.
      const known: DrawRequest["known"] = [];
      for (const [queryKey, url] of recipes.get(pathname) ?? []) {
        const { status, body } = await read(url);
        if (status === 200) known.push([queryKey, url, body]);
      }
      const drawn = await drawOnPaintThread({ pathname, site, known }, read);
      setMostRecent(recipes, pathname, drawn.recipe, deps.max);
      const route = pageRouteOf(pathname) ?? "not-found";
      deps.metrics?.renderFetches.inc({ route }, drawn.fetchedDuringRender);
      const paintReads = new Map(drawn.reads);
      const topics = topicsOfReads(paintReads.keys());
      return {
        body: drawn.paint,
        drawnAt,
        reads: paintReads,
        topics,
        changes: changesOf(topics, changesBefore),
        checked: changesOf(topics, shapeChangesBefore),
        checkedAt: drawnAt,
      };
    } catch (error) {
      deps.log.warn({ err: error, pathname }, "first paint not drawn: the browser draws the page");
      const nothing = {
        reads: new Map(),
        topics: undefined,
        changes: changesOf(undefined, changesBefore),
        checked: changesOf(undefined, shapeChangesBefore),
        checkedAt: drawnAt,
      };
      return { body: undefined, drawnAt, ...nothing };
    }
  };

  const isFresh = (paint: Paint, now: number) => {
    const age = now - paint.drawnAt;
    if (!paint.body) return age < deps.checkMs;
    return age < (paint.changes < changesOf(paint.topics) ? deps.countsMs : deps.quietMs);
  };

  /**
   * Whether a paint past its keep may still be served while its successor is drawn: one that a page seen
   * rarely kept for minutes is not (its clocks and lists would jump once the app runs); it is drawn anew.
   */
  const servableStale = (paint: Paint, now: number) =>
    paint.body !== undefined && now - paint.drawnAt < 2 * deps.quietMs;

  /** Whether `network` may force one more draw this minute (counted when it may). */
  const mayDraw = (network: string, now: number) => {
    let window = drawsBy.get(network);
    if (!window || now - window.since >= 60_000) {
      // Old windows are dropped whenever the map grows: it holds at most the networks of one busy minute.
      if (drawsBy.size >= 10_000) {
        for (const [key, value] of drawsBy) if (now - value.since >= 60_000) drawsBy.delete(key);
      }
      window = { since: now, count: 0 };
      drawsBy.set(network, window);
    }
    if (window.count >= deps.drawsPerMinute) return false;
    window.count++;
    return true;
  };

  /**
   * Each public answer's shape as of the changes of its topics announced when it was read: shared by the
   * pages reading it.
   */
  const shapes = new Map<string, { changes: number; shape: Promise<string | undefined> }>();
  const shapeNow = (url: string) => {
    const changes = changesOf(reads.topicsOf(url), shapeChanges);
    const known = shapes.get(url);
    if (known?.changes === changes) return known.shape;
    const shape = deps
      .turn()
      .then(() => reads.answer(url))
      .then(
        ({ status, body }) => (status === 200 ? shapeOf(String(body)) : undefined),
        () => undefined,
      );
    setMostRecent(shapes, url, { changes, shape }, deps.max);
    return shape;
  };

  /**
   * Whether the kept paint still lists what its page lists now: compared at most once per `checkMs`, and only
   * once changes of its topics were announced since its last comparison. A paint that does not is dropped.
   */
  const keepsItsShape = (
    pathname: string,
    entry: Kept,
    paint: Paint,
    now: number,
  ): Promise<boolean> | boolean => {
    if (paint.checked === changesOf(paint.topics, shapeChanges) || now - paint.checkedAt < deps.checkMs)
      return true;
    paint.checking ??= (async () => {
      const changesBefore = changesOf(paint.topics, shapeChanges);
      for (const [url, shape] of paint.reads) {
        if ((await shapeNow(url)) === shape) continue;
        if (kept.get(pathname) === entry) kept.delete(pathname);
        return false;
      }
      paint.checked = changesBefore;
      paint.checkedAt = Date.now();
      return true;
    })().finally(() => {
      paint.checking = undefined;
    });
    return paint.checking;
  };

  // The vote path's only cost here: counts (pages compare their lists when next asked for, and only after a
  // change that may have moved more than counts).
  const count = (counts: Map<LiveTopic | "any", number>, topics: readonly LiveTopic[]) => {
    counts.set("any", (counts.get("any") ?? 0) + 1);
    for (const topic of topics) counts.set(topic, (counts.get(topic) ?? 0) + 1);
  };
  deps.events.onChange((topics, { countsOnly }) => {
    count(changes, topics);
    if (!countsOnly) count(shapeChanges, topics);
  });

  const keep = (pathname: string, entry: Kept) => setMostRecent(kept, pathname, entry, deps.max);

  /** A draw of the page, counted in the metrics once it is done. */
  const drawn = (pathname: string): Kept => {
    const started = performance.now();
    const entry: Kept = {
      promise: draw(pathname).then((paint) => {
        // A change announced while it was drawn: what it read may be from before (the next request compares).
        entry.settled = paint;
        const route = pageRouteOf(pathname) ?? "not-found";
        deps.metrics?.draws.inc({ route });
        deps.metrics?.drawSeconds.observe({ route }, (performance.now() - started) / 1000);
        return paint;
      }),
    };
    return entry;
  };

  /** When the next draw behind may start: never while one is under way, then `behindGapMs` after it. */
  let nextBehindAt = 0;

  /** Draws the page anew behind `old`, which is served until the new paint takes its place. */
  const redrawBehind = (pathname: string, old: Kept) => {
    old.redrawing = true;
    nextBehindAt = Number.POSITIVE_INFINITY;
    void drawn(pathname).promise.then((paint) => {
      nextBehindAt = Date.now() + deps.behindGapMs;
      old.redrawing = false;
      // Dropped meanwhile (its shape changed): what this draw read may be from before the change.
      if (paint.body && kept.get(pathname) === old)
        keep(pathname, { promise: Promise.resolve(paint), settled: paint });
    });
  };

  const firstPaints = async (asked: string, page: PageFile, network: string): Promise<PaintAnswer> => {
    const started = performance.now();
    if (NOT_PAINTED.includes(page)) return { body: undefined, source: "shell", ms: 0 };
    const pathname = page === NOT_FOUND_PAGE ? NOT_FOUND_PATH : asked;
    const now = Date.now();
    const found = kept.get(pathname);
    const hit =
      found?.settled?.body && !(await keepsItsShape(pathname, found, found.settled, now)) ? undefined : found;
    if (hit && (!hit.settled || isFresh(hit.settled, now) || servableStale(hit.settled, now))) {
      keep(pathname, hit);
      if (
        hit.settled &&
        !hit.redrawing &&
        !isFresh(hit.settled, now) &&
        now >= nextBehindAt &&
        mayDraw(network, now)
      )
        redrawBehind(pathname, hit);
      const paint = await hit.promise;
      return { body: paint.body, source: "kept", ms: performance.now() - started };
    }
    if (!mayDraw(network, now)) return { body: undefined, source: "shell", ms: 0 };
    const entry = drawn(pathname);
    keep(pathname, entry);
    const paint = await entry.promise;
    return { body: paint.body, source: paint.body ? "drawn" : "shell", ms: performance.now() - started };
  };
  firstPaints.warm = () => {
    for (const pathname of WARM_PATHS) if (!kept.has(pathname)) keep(pathname, drawn(pathname));
  };
  return firstPaints;
}
