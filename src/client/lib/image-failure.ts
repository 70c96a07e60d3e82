import { useCallback } from "react";

/**
 * A ref for an <img> whose `onError` walks a fallback: React attaches `onError` only once it has hydrated
 * the server's first paint, so a picture that failed before (an unreachable host, the page arriving before
 * the app) would stay a broken-image icon (issue 28). On attach, a picture that finished loading without a
 * size is decoded to tell a failure from a picture with no intrinsic size, and a failure goes to `onFail`
 * as the error event would have.
 */
export function useFailedBeforeHydration(onFail: () => void) {
  return useCallback(
    (img: HTMLImageElement | null) => {
      if (!img?.getAttribute("src") || !img.complete || img.naturalWidth > 0) return;
      img.decode().catch(onFail);
    },
    [onFail],
  );
}
