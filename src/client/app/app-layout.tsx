import { useEffect } from "react";
import { Outlet, useLocation } from "react-router";
import { PageHead } from "@/client/components/page-head";
import { NewsTicker } from "@/client/features/notifications/components/news-ticker";
import { useSettings } from "@/client/features/settings/api/use-settings";
import { useSiteConfig } from "@/client/lib/site-config";
import { dismissErrorToasts } from "@/client/lib/use-toast";
import { editionDate } from "@/common/edition-date";
import { frontPageTitle, screenTitle } from "@/common/page-meta";
import { canonicalPagePath, EDITION_PAGE, HEADLINE_PAGE, pageFileFor } from "@/common/pages";
import { BottomBar } from "./bottom-bar";
import { Footer } from "./footer";
import { Masthead } from "./masthead";
import { MobileMenu } from "./mobile-menu";
import { NavBar } from "./nav-bar";
import { RouteErrorBoundary } from "./route-error-boundary";

/**
 * The chrome around every route. On phones the page is padded by the bottom bar's height. A page that fails
 * (a chunk that no longer loads) fails alone: the chrome stays around the error screen.
 */
export function AppLayout() {
  const { pathname } = useLocation();
  const { publicUrl } = useSiteConfig();
  // A page's error toasts are about that page: leaving it closes them (issue 23).
  useEffect(() => {
    if (pathname) dismissErrorToasts();
  }, [pathname]);
  // The head's address follows the screen: a share sheet or a reader mode reading canonical or og:url
  // after an in-app navigation must get this page, not the one the visitor landed on (issue 23).
  useEffect(() => {
    const url = `${publicUrl ?? window.location.origin}${canonicalPagePath(pathname)}`;
    document.head.querySelector('link[rel="canonical"]')?.setAttribute("href", url);
    document.head.querySelector('meta[property="og:url"]')?.setAttribute("content", url);
  }, [pathname, publicUrl]);
  return (
    <div className="flex min-h-dvh flex-col pb-[calc(4.25rem+env(safe-area-inset-bottom))] lg:pb-0">
      <ScreenTitle pathname={pathname} />
      <a
        href="#main"
        className="sr-only z-50 border-3 border-ink bg-nes-yellow px-4 py-3 font-pixel text-xs focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <Masthead />
      {/* One landmark for both: only one of them shows at a width, but both are in the page. */}
      <nav aria-label="Main">
        <NavBar />
        <MobileMenu />
      </nav>
      <NewsTicker />
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto w-full max-w-[1200px] flex-1 px-4 pt-8 focus:outline-none"
      >
        <RouteErrorBoundary key={pathname}>
          <Outlet />
        </RouteErrorBoundary>
      </main>
      <Footer />
      <BottomBar />
    </div>
  );
}

/**
 * The document title of the screen and its link preview tags, the same words the server wrote into the page
 * (common/page-meta.ts), so a tab, the history and a share sheet name the screen after a navigation too. A headline's page names its headline itself.
 */
function ScreenTitle({ pathname }: { pathname: string }) {
  const site = useSiteConfig();
  const day = useSettings().data?.currentDay;
  const page = pageFileFor(pathname);
  // A headline's page and an edition's page name their subject themselves.
  if (page === HEADLINE_PAGE || page === EDITION_PAGE) return null;
  const title =
    page === "home" && day ? frontPageTitle(site.siteName, day) : screenTitle(page, site.siteName);
  return (
    <PageHead
      title={title}
      of={{ screen: page }}
      imageAlt={day ? `${site.siteName}, ${editionDate(day)}` : site.siteName}
    />
  );
}
