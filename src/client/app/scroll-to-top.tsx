import { useEffect } from "react";
import { useLocation } from "react-router";
import { useReducedMotion } from "@/client/lib/use-reduced-motion";

/** Every navigation starts at the top of the page: smoothly, or at once for visitors who asked for less motion. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const reduced = useReducedMotion();

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only, not when the preference changes
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: reduced ? "instant" : "smooth" });
  }, [pathname]);

  return null;
}
