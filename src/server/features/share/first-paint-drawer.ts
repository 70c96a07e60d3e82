import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { FirstPaint } from "@/client/first-paint";
import type { SiteConfig } from "@/common/site";

/** What a draw on the first paints' thread (first-paint-worker.ts) answers. */
export interface FirstPaintDraw {
  paint: FirstPaint;
  /** Each public list read, by its URL, with its shape then (paint-shape.ts). */
  reads: Array<[string, string]>;
  /** Which list (query key) each read was for: read again before the page's next draw. */
  recipe: Array<[readonly unknown[], string]>;
  /** Lists fetched while rendering: none when the page's recipe had them all (drawn in one render). */
  fetchedDuringRender: number;
}

/** A list's answer as the main thread reads it for a draw (lib/public-reads.ts). */
export interface DrawRead {
  status: number;
  body: string;
}

export interface DrawRequest {
  pathname: string;
  site: SiteConfig;
  /** The page's recipe read now: [query key, URL, the answer's JSON]. */
  known: Array<[readonly unknown[], string, string]>;
}

export type ToDrawer =
  | ({ type: "draw"; id: number } & DrawRequest)
  | ({ type: "answer"; readId: number } & DrawRead);

export type FromDrawer =
  | { type: "read"; readId: number; url: string }
  | { type: "drawn"; id: number; draw?: FirstPaintDraw; error?: string };

/** A draw that has not answered by then has hung: its thread is stopped, and a new one takes the next. */
const DRAW_TIMEOUT_MS = 15_000;

interface InProgress {
  id: number;
  read: (url: string) => Promise<DrawRead>;
  resolve: (draw: FirstPaintDraw) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * The thread first paints are drawn on, started with the first draw (or FirstPaints.warm) and again after
 * it stopped; one per process, shared by every app in it (the tests build many). Unreferenced: it never
 * keeps a stopping process alive.
 */
let worker: Worker | undefined;
let inProgress: InProgress | undefined;
let nextDraw = 1;
/** The end of the last draw asked for: draws run one after another (the thread draws one at a time). */
let queue: Promise<unknown> = Promise.resolve();

/**
 * tsx's module API, its ESM build (its CommonJS build registers a loader path that does not exist). Sources
 * only: tsx is a development dependency.
 */
const tsxApi = () =>
  pathToFileURL(
    path.join(
      path.dirname(createRequire(import.meta.url).resolve("tsx/package.json")),
      "dist/esm/api/index.mjs",
    ),
  ).href;

function startWorker(): Worker {
  // Built, the thread runs its bundle beside this one (build/server.ts). From the sources (tests, `npm run
  // dev`) it runs the TypeScript file through tsx's loader, registered in the thread first (a worker does
  // not take `--import` from its execArgv on Node 20).
  const fromSources = import.meta.url.endsWith(".ts");
  const file = new URL(fromSources ? "./first-paint-worker.ts" : "./first-paint-worker.js", import.meta.url);
  const started = fromSources
    ? new Worker(
        `import(${JSON.stringify(tsxApi())}).then((tsx) => { tsx.register(); return import(${JSON.stringify(file.href)}); });`,
        { eval: true },
      )
    : new Worker(file);
  started.unref();
  const stopped = (error: Error) => {
    if (worker === started) worker = undefined;
    finish(undefined, error);
  };
  started.on("message", (message: FromDrawer) => {
    if (message.type === "drawn") {
      if (inProgress?.id === message.id)
        finish(message.draw, message.draw ? undefined : new Error(message.error ?? "not drawn"));
      return;
    }
    const answer = (read: DrawRead) =>
      started.postMessage({ type: "answer", readId: message.readId, ...read });
    if (!inProgress) return answer({ status: 503, body: "{}" });
    inProgress
      .read(message.url)
      .then(answer, (error: unknown) =>
        answer({ status: 500, body: JSON.stringify({ message: String(error) }) }),
      );
  });
  started.on("error", stopped);
  started.on("exit", (code) => stopped(new Error(`the first paints' thread stopped (exit code ${code})`)));
  return started;
}

function finish(draw: FirstPaintDraw | undefined, error: Error | undefined) {
  const done = inProgress;
  if (!done) return;
  inProgress = undefined;
  clearTimeout(done.timer);
  if (draw) done.resolve(draw);
  else done.reject(error ?? new Error("not drawn"));
}

/**
 * Draws a page on the first paints' thread, after the draws asked for before it. `read` answers the lists
 * the page asks for while it is drawn.
 */
export function drawOnPaintThread(
  request: DrawRequest,
  read: (url: string) => Promise<DrawRead>,
): Promise<FirstPaintDraw> {
  const next = queue.then(
    () =>
      new Promise<FirstPaintDraw>((resolve, reject) => {
        worker ??= startWorker();
        const running = worker;
        const id = nextDraw++;
        const timer = setTimeout(() => {
          void running.terminate();
          finish(undefined, new Error(`${request.pathname} was not drawn in ${DRAW_TIMEOUT_MS} ms`));
        }, DRAW_TIMEOUT_MS);
        timer.unref();
        inProgress = { id, read, resolve, reject, timer };
        running.postMessage({ type: "draw", id, ...request } satisfies ToDrawer);
      }),
  );
  queue = next.catch(() => undefined);
  return next;
}
