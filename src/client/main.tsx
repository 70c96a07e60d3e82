// Self-hosted fonts, latin subsets only: the pixel face for chrome, Lora for reading.
import "@fontsource/press-start-2p/latin-400.css";
import "@fontsource/lora/latin-400.css";
import "@fontsource/lora/latin-700.css";
import "./styles.css";

import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { FIRST_PAINT_ELEMENT_ID, type FirstPaintData } from "@/common/first-paint";
import { App } from "./app/app";
import { loadPageFor } from "./app/app-routes";
import { setPaintedAt } from "./lib/first-paint-clock";
import { createQueryClient } from "./lib/query-client";
import { readSiteConfig } from "./lib/site-config";

// The server wrote this page's title into its head; the app sets each screen's title as it navigates.
const siteConfig = readSiteConfig();

const root = document.getElementById("root");
if (!root) throw new Error("The page has no #root element");

const queryClient = createQueryClient();
/**
 * The page's first paint, drawn by the server with these lists at this moment (decision 014), or null: the
 * browser hydrates the page from the same lists and clock, so it takes over the drawn page as it is.
 */
let firstPaint: FirstPaintData | null = null;
try {
  firstPaint = JSON.parse(document.getElementById(FIRST_PAINT_ELEMENT_ID)?.textContent || "null");
  for (const [key, value] of firstPaint?.queries ?? [])
    queryClient.setQueryData(key, value, { updatedAt: firstPaint?.at });
} catch {
  // Nothing usable embedded: the page asks for its lists.
}

const render = () => {
  // The app renders each screen's <title> itself. Hydrating, React takes the server's <title> in the head as
  // its own; drawing a page anew it adds one, so the server's goes first: a head with two titles is read by
  // some clients as the first (issue 23). Removed before hydrating, the page had none until React put
  // its own in (axe, a tab's name).
  if (!firstPaint) for (const title of document.head.querySelectorAll("title")) title.remove();
  const app = (
    <App
      siteConfig={siteConfig}
      queryClient={queryClient}
      router={(routes) => <BrowserRouter>{routes}</BrowserRouter>}
    />
  );
  // The first paint's controls were inert while nothing answered them (the page's script made them so);
  // React answers (and replays) presses from now on. data-app says so to the page's tests.
  for (const control of root.querySelectorAll("[inert]")) control.removeAttribute("inert");
  root.setAttribute("data-app", "started");
  if (firstPaint) {
    const { at, queries } = firstPaint;
    // The server keeps a first paint through changes for a moment (a storm of votes): once hydrated, the
    // page asks for its lists as a page without one would have, and shows what changed since, if anything.
    setPaintedAt(at, () => {
      for (const [queryKey] of queries) void queryClient.invalidateQueries({ queryKey, exact: true });
    });
    // Hydrated as a transition: React then works in slices of a few milliseconds and lets the browser in
    // between (a default-priority hydration is one task: 180-240 ms on a mid-range phone, issue 28). A press
    // on a part not yet hydrated hydrates that part first, and is replayed.
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else {
    createRoot(root).render(app);
  }
};

// The landing page's chunk is already on its way (the server preloads it): wait for it, so that the first
// render draws the page rather than a spinner. If it fails, the router's Suspense tries again.
loadPageFor(window.location.pathname).then(render, render);
