import { useEffect, useSyncExternalStore } from "react";

/**
 * The moment a page's first paint was drawn on the server (decision 014), while the browser hydrates it:
 * whatever a component draws from the clock (a countdown, "voting has ended") must come out as the server
 * drew it, or React throws the page away and draws it again. Undefined otherwise.
 */
let paintedAt: number | undefined;
let whenHydrated: (() => void) | undefined;

/**
 * Set around a render that must match the first paint: the server's draw, the browser's hydration.
 * `then` runs once the page in view has hydrated.
 */
export function setPaintedAt(at: number | undefined, then?: () => void): void {
  paintedAt = at;
  whenHydrated = then;
}

/**
 * Hands the clock back once the page in view has committed (app-routes.tsx's Page): React hydrates the
 * route's Suspense boundary after the chrome around it, and the page's countdown must still see the first
 * paint's moment then. In the server's tree and the browser's alike (they must be the same components).
 */
export function ClockHandover() {
  useEffect(() => {
    const then = whenHydrated;
    setPaintedAt(undefined);
    then?.();
  }, []);
  return null;
}

/** Now, for a first render: the first paint's moment while it is being drawn or hydrated. */
export function renderNow(): number {
  return paintedAt ?? Date.now();
}

const never = () => () => {};

/**
 * A fact only the browser knows (Web Push, a share sheet), as the server drew it while the page hydrates
 * (`onServer`), then the browser's own: React draws the difference after hydration instead of failing it.
 */
export function useBrowserFact<T>(read: () => T, onServer: T): T {
  return useSyncExternalStore(never, read, () => onServer);
}
