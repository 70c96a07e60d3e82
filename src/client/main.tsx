// Self-hosted fonts, latin subsets only: the pixel face for chrome, Lora for reading.
import "@fontsource/press-start-2p/latin-400.css";
import "@fontsource/lora/latin-400.css";
import "@fontsource/lora/latin-700.css";
import "./styles.css";

import { StrictMode, useEffect } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { FIRST_PAINT_ELEMENT_ID, type FirstPaintData } from "@/common/first-paint";
import { App } from "./app/app";
import { AppRoutes, loadPageFor } from "./app/app-routes";
import { ScrollToTop } from "./app/scroll-to-top";
import { createQueryClient } from "./lib/query-client";
import { readSiteConfig } from "./lib/site-config";

// The server wrote this page's title into its head; the app sets each screen's title as it navigates.
const siteConfig = readSiteConfig();

const root = document.getElementById("root");
if (!root) throw new Error("The page has no #root element");

const queryClient = createQueryClient();
// The lists the server drew the first paint with (decision 014): the first render draws the same page over
// it at once, rather than a loading state while it asks for them again.
try {
  const data = JSON.parse(
    document.getElementById(FIRST_PAINT_ELEMENT_ID)?.textContent || "0",
  ) as FirstPaintData;
  for (const [key, value] of data ? data.queries : [])
    queryClient.setQueryData(key, value, { updatedAt: data.at });
} catch {
  // Nothing usable embedded: the page asks for its lists.
}

/** The server's first paint is inert (decision 014) until this first render has replaced it. */
function Interactive({ root }: { root: HTMLElement }) {
  useEffect(() => root.removeAttribute("inert"), [root]);
  return null;
}

const render = () => {
  // The app renders each screen's <title> itself (React puts it in the head): the server's would stay
  // beside it, and a head with two titles is read by some clients as the first (issue 23).
  for (const title of document.head.querySelectorAll("title")) title.remove();
  createRoot(root).render(
    <StrictMode>
      <App siteConfig={siteConfig} queryClient={queryClient}>
        <Interactive root={root} />
        <BrowserRouter>
          <ScrollToTop />
          <AppRoutes />
        </BrowserRouter>
      </App>
    </StrictMode>,
  );
};

// The landing page's chunk is already on its way (the server preloads it): wait for it, so that the first
// render draws the page rather than a spinner. If it fails, the router's Suspense tries again.
loadPageFor(window.location.pathname).then(render, render);
