import { type RefObject, useEffect, useState } from "react";

/**
 * Whether `ref`'s element has come within `margin` of the viewport (and stays true from then on): for a
 * part of the page below the fold whose code need not load until the visitor scrolls towards it. Without
 * IntersectionObserver (very old browsers) it is true at once.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = "600px"): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === "undefined") {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, near]);
  return near;
}
