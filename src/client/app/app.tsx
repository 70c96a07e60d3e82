import { type QueryClient, QueryClientProvider, useQueryClient } from "@tanstack/react-query";
import { lazy, type ReactNode, StrictMode, Suspense, useEffect, useState } from "react";
import { SiteConfigProvider } from "@/client/lib/site-config";
import { useToast } from "@/client/lib/use-toast";
import type { SiteConfig } from "@/common/site";
import { AppRoutes } from "./app-routes";
import { ScrollToTop } from "./scroll-to-top";

/** How long after the page has loaded the live-update stream opens. */
const LIVE_UPDATES_DELAY_MS = 3_000;

/**
 * Live updates are not needed to draw the page, which has just fetched its lists: their code is loaded, and
 * the stream opened, a few seconds after the page has loaded, so it never competes with the first load
 * (decision 005).
 */
function LiveUpdates() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let stop: (() => void) | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let unmounted = false;
    const load = () => {
      void import("@/client/lib/live-updates").then(({ startLiveUpdates }) => {
        if (!unmounted) stop = startLiveUpdates(queryClient);
      });
    };
    const later = () => {
      timer = setTimeout(load, LIVE_UPDATES_DELAY_MS);
    };
    if (document.readyState === "complete") later();
    else window.addEventListener("load", later, { once: true });
    return () => {
      unmounted = true;
      window.removeEventListener("load", later);
      clearTimeout(timer);
      stop?.();
    };
  }, [queryClient]);
  return null;
}

const Toaster = lazy(async () => ({ default: (await import("@/client/components/ui/toaster")).Toaster }));

/**
 * Radix Toast (with its layers and collection) is a tenth of the first page's JavaScript, and most visits
 * raise no toast: it is loaded with the first toast and stays mounted from then on. toast() itself is a
 * plain store, so callers don't wait for it.
 */
function LazyToaster() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  if (!needed && toasts.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

/**
 * The whole app around its router: the browser's (main.tsx) or, for a page's first paint on the server, a
 * static one at the requested path (first-paint.tsx). One tree for both: hydration needs the same components.
 */
export function App({
  siteConfig,
  queryClient,
  router,
}: {
  siteConfig: SiteConfig;
  queryClient: QueryClient;
  /** Puts the routes in a router. */
  router: (routes: ReactNode) => ReactNode;
}) {
  return (
    <StrictMode>
      <SiteConfigProvider config={siteConfig}>
        <QueryClientProvider client={queryClient}>
          <LiveUpdates />
          {router(
            <>
              <ScrollToTop />
              <AppRoutes />
            </>,
          )}
          <LazyToaster />
        </QueryClientProvider>
      </SiteConfigProvider>
    </StrictMode>
  );
}
