import { type ComponentType, lazy, Suspense, useState } from "react";
import { Route, Routes } from "react-router";
import { Spinner } from "@/client/components/ui/spinner";
import { ClockHandover } from "@/client/lib/first-paint-clock";
import { onDemand } from "@/client/lib/on-demand";
import { type PageFile, pageFileFor } from "@/common/pages";
import { AppLayout } from "./app-layout";
import { paramRoutes, paths } from "./paths";
import { ScrollToTopOnArrival } from "./scroll-to-top";

/** A route's screen, loaded as its own chunk; `load()` fetches it ahead of the first render. */
interface LazyPage {
  load: () => Promise<ComponentType>;
  /** The screen, once loaded. */
  loaded: ComponentType | undefined;
  /** The screen through React.lazy, which suspends until it has loaded. */
  Lazy: ComponentType;
}

/**
 * Every screen is its own chunk, the front page included, so the entry is only the shell (React, router,
 * queries, header and footer) and a visitor downloads only the page in front of them. The server preloads
 * the requested page's chunk in the HTML (plugins/web-app.ts) and main.tsx awaits `load()` before the first
 * render, so the landing page draws at once, without a spinner. Each one is made once, here: made during
 * render it would remount on every render.
 */
function lazyPage(importPage: () => Promise<ComponentType>): LazyPage {
  const screen = onDemand(async () => {
    let component: ComponentType;
    try {
      component = await importPage();
    } catch (error) {
      // Wait for the reload (never settles) rather than draw the error screen for a moment before it.
      if (reloadOnceForNewBuild()) return new Promise<never>(() => {});
      throw error;
    }
    forgetReload();
    page.loaded = component;
    return component;
  });
  const page: LazyPage = {
    loaded: undefined,
    load: screen.get,
    Lazy: lazy(async () => ({ default: await page.load() })),
  };
  return page;
}

const RELOADED_KEY = "mg-reloaded-for-chunk";

/**
 * A page's chunk that fails to load most often means the site was redeployed since this tab opened: its
 * old hashed files are gone. Reloading fetches the new build, once: a mark in sessionStorage stops a loop
 * when the chunk still fails (an outage), and then RouteErrorBoundary offers the reload instead. The mark
 * is cleared by the next page that loads, so a later deploy gets its own reload.
 */
function reloadOnceForNewBuild(): boolean {
  try {
    if (sessionStorage.getItem(RELOADED_KEY)) return false;
    sessionStorage.setItem(RELOADED_KEY, "1");
  } catch {
    return false; // No storage (a locked-down browser): no guard against a loop, so no automatic reload.
  }
  window.location.reload();
  return true;
}

function forgetReload() {
  try {
    sessionStorage.removeItem(RELOADED_KEY);
  } catch {
    // Nothing was stored either.
  }
}

/**
 * A loaded screen renders directly; one not loaded yet goes through React.lazy (a page reached by a link).
 * The choice is made once per mount: switching component types later would remount the page. Each route
 * gives its Page a key of its own, or React would keep one Page (and its first screen) across navigations.
 */
function Page({ page }: { page: LazyPage }) {
  const [Screen] = useState(() => page.loaded ?? page.Lazy);
  const hadToLoad = Screen === page.Lazy;
  return (
    <>
      {hadToLoad && <ScrollToTopOnArrival />}
      <Screen />
      <ClockHandover />
    </>
  );
}

/** One entry per page module of src/common/pages.ts (the server preloads by the same names). */
const pages: Record<PageFile, LazyPage> = {
  home: lazyPage(async () => (await import("@/client/pages/home")).Home),
  "tomorrows-news": lazyPage(async () => (await import("@/client/pages/tomorrows-news")).TomorrowsNews),
  "yesterdays-news": lazyPage(async () => (await import("@/client/pages/yesterdays-news")).YesterdaysNews),
  archive: lazyPage(async () => (await import("@/client/pages/archive")).Archive),
  submit: lazyPage(async () => (await import("@/client/pages/submit")).Submit),
  "paid-submit": lazyPage(async () => (await import("@/client/pages/paid-submit")).PaidSubmit),
  about: lazyPage(async () => (await import("@/client/pages/about")).About),
  headline: lazyPage(async () => (await import("@/client/pages/headline")).Headline),
  receipt: lazyPage(async () => (await import("@/client/pages/receipt")).Receipt),
  edition: lazyPage(async () => (await import("@/client/pages/edition")).Edition),
  launch: lazyPage(async () => (await import("@/client/pages/launch")).LaunchReceiptPage),
  admin: lazyPage(async () => (await import("@/client/pages/admin")).Admin),
  "not-found": lazyPage(async () => (await import("@/client/pages/not-found")).NotFound),
};

/** Loads the screen for `pathname` (the not-found page for an unknown path). */
export async function loadPageFor(pathname: string): Promise<void> {
  await pages[pageFileFor(pathname)].load();
}

/** Each route: its paths, its page module, and what the spinner says while that page loads. */
const ROUTES: ReadonlyArray<{ paths: readonly string[]; page: PageFile; loading: string }> = [
  { paths: [paths.home], page: "home", loading: "Loading Today's News" },
  { paths: [paths.tomorrowsNews], page: "tomorrows-news", loading: "Loading Tomorrow's News" },
  {
    paths: [paths.yesterdaysNews, paths.oldNews],
    page: "yesterdays-news",
    loading: "Loading Yesterday's News",
  },
  { paths: [paths.archive], page: "archive", loading: "Loading the archive" },
  { paths: [paths.submit], page: "submit", loading: "Loading the form" },
  { paths: [paths.paidSubmit], page: "paid-submit", loading: "Loading the form" },
  { paths: [paths.about], page: "about", loading: "Loading About" },
  { paths: [paths.admin], page: "admin", loading: "Loading admin controls" },
  {
    paths: [paramRoutes.headline, paramRoutes.headlineWithSlug],
    page: "headline",
    loading: "Loading the headline",
  },
  { paths: [paramRoutes.receipt], page: "receipt", loading: "Loading your submission" },
  { paths: [paramRoutes.edition], page: "edition", loading: "Loading the edition" },
  { paths: [paramRoutes.launch], page: "launch", loading: "Loading the launch" },
  { paths: ["*"], page: "not-found", loading: "Loading the page" },
];

/** Every route of the site. react-router matches paths case-insensitively by default (/ARCHIVE works). */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        {ROUTES.flatMap(({ paths: routePaths, page, loading }) =>
          routePaths.map((path) => (
            <Route
              key={path}
              path={path}
              element={
                <Suspense fallback={<Spinner label={loading} />}>
                  <Page key={page} page={pages[page]} />
                </Suspense>
              }
            />
          )),
        )}
      </Route>
    </Routes>
  );
}
