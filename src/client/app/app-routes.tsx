import { lazy, Suspense } from "react";
import { Route, Routes } from "react-router";
import { Spinner } from "@/client/components/ui/spinner";
import { About } from "@/client/pages/about";
import { Archive } from "@/client/pages/archive";
import { Home } from "@/client/pages/home";
import { NotFound } from "@/client/pages/not-found";
import { PaidSubmit } from "@/client/pages/paid-submit";
import { Submit } from "@/client/pages/submit";
import { TomorrowsNews } from "@/client/pages/tomorrows-news";
import { YesterdaysNews } from "@/client/pages/yesterdays-news";
import { AppLayout } from "./app-layout";
import { paths } from "./paths";

// Visitors never need the dashboard, so it is its own chunk, loaded on /admin only.
const Admin = lazy(() => import("@/client/pages/admin").then((module) => ({ default: module.Admin })));

/** Every route of the site. react-router matches paths case-insensitively by default (/ARCHIVE works). */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route path={paths.home} element={<Home />} />
        <Route path={paths.tomorrowsNews} element={<TomorrowsNews />} />
        <Route path={paths.yesterdaysNews} element={<YesterdaysNews />} />
        <Route path={paths.oldNews} element={<YesterdaysNews />} />
        <Route path={paths.archive} element={<Archive />} />
        <Route path={paths.submit} element={<Submit />} />
        <Route path={paths.paidSubmit} element={<PaidSubmit />} />
        <Route path={paths.about} element={<About />} />
        <Route
          path={paths.admin}
          element={
            <Suspense fallback={<Spinner label="Loading admin controls" />}>
              <Admin />
            </Suspense>
          }
        />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
