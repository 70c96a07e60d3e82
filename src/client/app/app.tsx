import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { BrowserRouter } from "react-router";
import { Toaster } from "@/client/components/ui/toaster";
import { SiteConfigProvider } from "@/client/lib/site-config";
import { useLiveUpdates } from "@/client/lib/use-live-updates";
import type { SiteConfig } from "@/common/site";
import { AppRoutes } from "./app-routes";
import { ScrollToTop } from "./scroll-to-top";

function LiveUpdates() {
  useLiveUpdates();
  return null;
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
        <Toaster />
      </QueryClientProvider>
    </SiteConfigProvider>
  );
}
