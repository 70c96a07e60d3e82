import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { BrowserRouter } from "react-router";
import { Toaster } from "@/client/components/ui/toaster";
import { SiteConfigProvider } from "@/client/lib/site-config";
import type { SiteConfig } from "@/common/site";
import { AppRoutes } from "./app-routes";
import { ScrollToTop } from "./scroll-to-top";

export function App({ siteConfig, queryClient }: { siteConfig: SiteConfig; queryClient: QueryClient }) {
  return (
    <SiteConfigProvider config={siteConfig}>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <ScrollToTop />
          <AppRoutes />
        </BrowserRouter>
        <Toaster />
      </QueryClientProvider>
    </SiteConfigProvider>
  );
}
