import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { useReducedMotion } from "@/client/lib/use-reduced-motion";

function scrollToTop(reduced: boolean) {
  window.scrollTo({ top: 0, left: 0, behavior: reduced ? "instant" : "smooth" });
}

/**
 * Every navigation starts at the top of the page: smoothly, or at once for visitors who asked for less
 * motion. The first render is not a navigation: the browser has put a reloaded page where the visitor left
 * it, and the visitor may already have scrolled while the page was starting.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const reduced = useReducedMotion();
  const shownPath = useRef(pathname);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only, not when the preference changes
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    scrollToTop(reduced);
  }, [pathname]);

  return null;
}

/**
 * A screen that had to load after a click changes the page's height when it arrives, which can stop the
 * smooth scroll that started at the click short of the top: this scrolls again once it is in place.
 */
export function ScrollToTopOnArrival() {
  const reduced = useReducedMotion();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the screen has arrived
  useEffect(() => scrollToTop(reduced), []);
  return null;
}
