import type { SVGProps } from "react";

/**
 * Icons drawn as pixel grids ('#' = ink), so they match the pixel type at any size without an icon font.
 * They are decorative: every control that uses one carries its own text or accessible name. The glyphs are
 * in two files: chrome-icons.tsx (the header, footer and ticker, on every page) and icons.tsx (the pages'),
 * so that the first load carries only the ones it draws.
 */
export interface PixelGlyph {
  d: string;
  width: number;
  height: number;
}

export function glyph(grid: readonly string[]): PixelGlyph {
  let d = "";
  grid.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) if (row[x] === "#") d += `M${x} ${y}h1v1h-1z`;
  });
  return { d, width: grid[0]?.length ?? 0, height: grid.length };
}

export type IconProps = Omit<SVGProps<SVGSVGElement>, "children">;

export function PixelIcon({
  glyph: { d, width, height },
  className,
  ...props
}: IconProps & { glyph: PixelGlyph }) {
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      shapeRendering="crispEdges"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
      className={className ?? "size-5"}
      {...props}
    >
      <path d={d} />
    </svg>
  );
}
