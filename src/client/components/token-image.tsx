import { useCallback, useState } from "react";
import { useFailedBeforeHydration } from "@/client/features/voting/components/headline-image";
import { cn } from "@/client/lib/cn";
import { type ImageSubject, imageFallbackChain, placeholderLabel } from "@/common/image-chain";

export interface TokenImageProps {
  item: ImageSubject;
  /** Meaningful alternative text, e.g. "PEPE token logo". */
  alt: string;
  /** Leave the token-icon services out of the chain (screens whose items are not tokens). */
  tokenIcons?: boolean;
  width?: number;
  height?: number;
  className?: string;
}

/**
 * An image that walks the spec's fallback chain: each load failure moves to the next source, and after the
 * last one a blue placeholder shows the symbol. The chain restarts when the item changes (the inner
 * component is keyed by the chain, so its position resets with it).
 */
export function TokenImage({ item, alt, tokenIcons, width = 400, height = 400, className }: TokenImageProps) {
  const sources = imageFallbackChain(item, { tokenIcons });
  return (
    <ChainedImage
      key={sources.join("\n")}
      sources={sources}
      label={placeholderLabel(item)}
      alt={alt}
      width={width}
      height={height}
      className={className}
    />
  );
}

interface ChainedImageProps {
  sources: string[];
  label: string;
  alt: string;
  width: number;
  height: number;
  className?: string;
}

function ChainedImage({ sources, label, alt, width, height, className }: ChainedImageProps) {
  const [index, setIndex] = useState(0);
  const next = useCallback(() => setIndex((i) => i + 1), []);
  const ref = useFailedBeforeHydration(next);
  const source = sources[index];

  if (source === undefined) {
    return (
      <div
        role="img"
        aria-label={`${alt}: image not available`}
        data-testid="image-placeholder"
        // The caller's classes size and frame the box; the blue fill and white text always win.
        className={cn("flex", className, "bg-nes-blue text-white")}
        style={{ aspectRatio: `${width} / ${height}` }}
      >
        {/* Sized by the box (container units), so a 64 px thumbnail gets a small label and no sentence. */}
        <div className="@container size-full overflow-hidden">
          <div className="flex size-full flex-col items-center justify-center gap-[6cqw] p-[6cqw] text-center">
            <span aria-hidden="true" className="font-pixel text-[min(1.25rem,16cqw)] leading-tight break-all">
              {label}
            </span>
            <span aria-hidden="true" className="hidden text-sm @[10rem]:block">
              Image not available
            </span>
          </div>
        </div>
      </div>
    );
  }

  return (
    <img
      src={source}
      alt={alt}
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      ref={ref}
      onError={next}
      // The initials avatar is pixel art: keep its squares sharp when it is scaled up.
      className={cn(
        "object-contain",
        source.startsWith("/api/avatar") && "[image-rendering:pixelated]",
        className,
      )}
    />
  );
}
