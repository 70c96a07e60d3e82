import { type QueryClient, QueryClientProvider, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState } from "react";
import { BrowserRouter } from "react-router";
import { SiteConfigProvider } from "@/client/lib/site-config";
import { useToast } from "@/client/lib/use-toast";
import type { SiteConfig } from "@/common/site";
import { AppRoutes } from "./app-routes";
import { ScrollToTop } from "./scroll-to-top";

/**
 * Live updates are not needed to draw the first page: their code is loaded after it, off the first load's
 * budget (decision 005), and the stream opens then.
 */
function LiveUpdates() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let stop: (() => void) | undefined;
    let unmounted = false;
    void import("@/client/lib/live-updates").then(({ startLiveUpdates }) => {
      if (!unmounted) stop = startLiveUpdates(queryClient);
    });
    return () => {
      unmounted = true;
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

export function App({ siteConfig, queryClient }: { siteConfig: SiteConfig; queryClient: QueryClient }) {
  return (
    <SiteConfigProvider config={siteConfig}>
      <QueryClientProvider client={queryClient}>
        <LiveUpdates />
        <BrowserRouter>
          <ScrollToTop />
          <AppRoutes />
        </BrowserRouter>
        <LazyToaster />
      </QueryClientProvider>
    </SiteConfigProvider>
  );
}
