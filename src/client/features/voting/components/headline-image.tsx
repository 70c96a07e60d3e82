import { useCallback, useState } from "react";
import { cn } from "@/client/lib/cn";
import { avatarUrl } from "@/common/avatar";

interface HeadlineImageProps {
  src: string | null;
  alt: string;
  /** Whose initials the avatar shows when there is no picture: the headline's title (default: `alt`). */
  name?: string;
  className?: string;
  /** The intrinsic size, the box's shape (8:5 on the cards), so the page doesn't jump as pictures arrive. */
  width?: number;
  height?: number;
  /** At the top of the page (the winner): fetched at once and first, not when scrolled near. */
  priority?: boolean;
}

/**
 * A headline's picture on the front page, its own page and a receipt. A missing or broken one becomes the
 * site's initials avatar, as on every other screen (the spec's chain ends there, issue 31); should that fail
 * too, a placeholder announced as "Image unavailable".
 */
export function HeadlineImage(props: HeadlineImageProps) {
  // Keyed by the source, so a new picture gets a fresh try.
  return <Picture key={props.src ?? ""} {...props} />;
}

function Picture({
  src,
  alt,
  name = alt,
  className,
  width = 640,
  height = 400,
  priority = false,
}: HeadlineImageProps) {
  const [failed, setFailed] = useState(0);
  const fail = useCallback(() => setFailed((n) => n + 1), []);
  const ref = useFailedBeforeHydration(fail);
  const sources = src ? [src, avatarUrl(name)] : [avatarUrl(name)];
  const source = sources[failed];
  if (!source) {
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
  const avatar = source !== src;
  return (
    <img
      src={source}
      alt={alt}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : "auto"}
      decoding="async"
      width={width}
      height={height}
      ref={ref}
      onError={fail}
      // The avatar is square pixel art: shown whole on the night panel, as the other screens show it.
      className={cn(
        "[image-rendering:pixelated]",
        avatar ? "bg-night object-contain" : "object-cover",
        className,
      )}
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
