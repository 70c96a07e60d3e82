import { useState } from "react";
import { cn } from "@/client/lib/cn";

interface HeadlineImageProps {
  src: string | null;
  alt: string;
  className?: string;
}

/** A home-page picture; a missing or broken one becomes a placeholder announced as "Image unavailable". */
export function HeadlineImage(props: HeadlineImageProps) {
  // Keyed by the source, so a new picture gets a fresh try.
  return <Picture key={props.src ?? ""} {...props} />;
}

function Picture({ src, alt, className }: HeadlineImageProps) {
  const [failed, setFailed] = useState(false);
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
      loading="lazy"
      decoding="async"
      width={640}
      height={400}
      onError={() => setFailed(true)}
      className={cn("object-cover [image-rendering:pixelated]", className)}
    />
  );
}
