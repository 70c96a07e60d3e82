import { type ComponentType, lazy, type ReactNode, Suspense } from "react";
import { Route, Routes } from "react-router";
import { Spinner } from "@/client/components/ui/spinner";
import { Home } from "@/client/pages/home";
import { NotFound } from "@/client/pages/not-found";
import { AppLayout } from "./app-layout";
import { paths } from "./paths";

/**
 * The front page is in the main bundle (most visitors land there); every other screen is its own chunk, so
 * the first load carries no forms, dialogs or tables, and visitors never download the dashboard. Each lazy
 * component is made once, here: made during render it would remount on every render.
 */
function lazyPage(load: () => Promise<ComponentType>) {
  return lazy(async () => ({ default: await load() }));
}

const TomorrowsNews = lazyPage(async () => (await import("@/client/pages/tomorrows-news")).TomorrowsNews);
const YesterdaysNews = lazyPage(async () => (await import("@/client/pages/yesterdays-news")).YesterdaysNews);
const Archive = lazyPage(async () => (await import("@/client/pages/archive")).Archive);
const Submit = lazyPage(async () => (await import("@/client/pages/submit")).Submit);
const PaidSubmit = lazyPage(async () => (await import("@/client/pages/paid-submit")).PaidSubmit);
const About = lazyPage(async () => (await import("@/client/pages/about")).About);
const Admin = lazyPage(async () => (await import("@/client/pages/admin")).Admin);

function Loading({ label, children }: { label: string; children: ReactNode }) {
  return <Suspense fallback={<Spinner label={label} />}>{children}</Suspense>;
}

/** Every route of the site. react-router matches paths case-insensitively by default (/ARCHIVE works). */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route path={paths.home} element={<Home />} />
        <Route
          path={paths.tomorrowsNews}
          element={
            <Loading label="Loading Tomorrow's News">
              <TomorrowsNews />
            </Loading>
          }
        />
        {[paths.yesterdaysNews, paths.oldNews].map((path) => (
          <Route
            key={path}
            path={path}
            element={
              <Loading label="Loading Yesterday's News">
                <YesterdaysNews />
              </Loading>
            }
          />
        ))}
        <Route
          path={paths.archive}
          element={
            <Loading label="Loading the archive">
              <Archive />
            </Loading>
          }
        />
        <Route
          path={paths.submit}
          element={
            <Loading label="Loading the form">
              <Submit />
            </Loading>
          }
        />
        <Route
          path={paths.paidSubmit}
          element={
            <Loading label="Loading the form">
              <PaidSubmit />
            </Loading>
          }
        />
        <Route
          path={paths.about}
          element={
            <Loading label="Loading About">
              <About />
            </Loading>
          }
        />
        <Route
          path={paths.admin}
          element={
            <Loading label="Loading admin controls">
              <Admin />
            </Loading>
          }
        />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
