import { useCallback, useState } from "react";
import { cn } from "@/client/lib/cn";

interface HeadlineImageProps {
  src: string | null;
  alt: string;
  className?: string;
  /** The intrinsic size, the box's shape (8:5 on the cards), so the page doesn't jump as pictures arrive. */
  width?: number;
  height?: number;
  /** At the top of the page (the winner): fetched at once and first, not when scrolled near. */
  priority?: boolean;
}

/** A home-page picture; a missing or broken one becomes a placeholder announced as "Image unavailable". */
export function HeadlineImage(props: HeadlineImageProps) {
  // Keyed by the source, so a new picture gets a fresh try.
  return <Picture key={props.src ?? ""} {...props} />;
}

function Picture({ src, alt, className, width = 640, height = 400, priority = false }: HeadlineImageProps) {
  const [failed, setFailed] = useState(false);
  const fail = useCallback(() => setFailed(true), []);
  const ref = useFailedBeforeHydration(fail);
  if (!src || failed) {
    return (
      <div
        role="img"
        aria-label="Image unavailable"
        className={cn(
          "flex items-center justify-center bg-night font-pixel text-[10px] text-nes-cyan",
          className,
        )}
      >
        NO PICTURE
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : "auto"}
      decoding="async"
      width={width}
      height={height}
      ref={ref}
      onError={fail}
      className={cn("object-cover [image-rendering:pixelated]", className)}
    />
  );
}

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
