import type { SVGProps } from "react";

/**
 * Icons drawn as pixel grids ('#' = ink), so they match the pixel type at any size without an icon font.
 * They are decorative: every control that uses one carries its own text or accessible name.
 */
interface PixelGlyph {
  d: string;
  width: number;
  height: number;
}

function glyph(grid: readonly string[]): PixelGlyph {
  let d = "";
  grid.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) if (row[x] === "#") d += `M${x} ${y}h1v1h-1z`;
  });
  return { d, width: grid[0]?.length ?? 0, height: grid.length };
}

type IconProps = Omit<SVGProps<SVGSVGElement>, "children">;

function PixelIcon({ glyph: { d, width, height }, className, ...props }: IconProps & { glyph: PixelGlyph }) {
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

const HOME = glyph([
  "....##....",
  "...####...",
  "..##..##..",
  ".##....##.",
  "##......##",
  ".#.####.#.",
  ".#.#..#.#.",
  ".#.#..#.#.",
  ".#.#..#.#.",
  ".########.",
]);
export function HomeIcon(props: IconProps) {
  return <PixelIcon glyph={HOME} {...props} />;
}

const ARROW_RIGHT = glyph([
  "..........",
  ".....#....",
  ".....##...",
  "#########.",
  "##########",
  "##########",
  "#########.",
  ".....##...",
  ".....#....",
  "..........",
]);
export function ArrowRightIcon(props: IconProps) {
  return <PixelIcon glyph={ARROW_RIGHT} {...props} />;
}

const ARROW_LEFT = glyph([
  "..........",
  "....#.....",
  "...##.....",
  ".#########",
  "##########",
  "##########",
  ".#########",
  "...##.....",
  "....#.....",
  "..........",
]);
export function ArrowLeftIcon(props: IconProps) {
  return <PixelIcon glyph={ARROW_LEFT} {...props} />;
}

const PENCIL = glyph([
  ".......##.",
  "......####",
  ".....#.###",
  "....#.#.#.",
  "...#.#.#..",
  "..#.#.#...",
  ".#.#.#....",
  ".##.#.....",
  "####......",
  "###.......",
]);
export function PencilIcon(props: IconProps) {
  return <PixelIcon glyph={PENCIL} {...props} />;
}

const MENU = glyph([
  "..........",
  "##########",
  "##########",
  "..........",
  "##########",
  "##########",
  "..........",
  "##########",
  "##########",
  "..........",
]);
export function MenuIcon(props: IconProps) {
  return <PixelIcon glyph={MENU} {...props} />;
}

const CLOSE = glyph([
  "##......##",
  "###....###",
  ".###..###.",
  "..######..",
  "...####...",
  "...####...",
  "..######..",
  ".###..###.",
  "###....###",
  "##......##",
]);
export function CloseIcon(props: IconProps) {
  return <PixelIcon glyph={CLOSE} {...props} />;
}

const CHECK = glyph([
  "..........",
  "........##",
  ".......###",
  "......###.",
  "##...###..",
  "###.###...",
  ".#####....",
  "..###.....",
  "...#......",
  "..........",
]);
export function CheckIcon(props: IconProps) {
  return <PixelIcon glyph={CHECK} {...props} />;
}

const COPY = glyph([
  "...#######",
  "...#.....#",
  "...#.....#",
  "#######..#",
  "#.....#..#",
  "#.....#..#",
  "#.....####",
  "#.....#...",
  "#.....#...",
  "#######...",
]);
export function CopyIcon(props: IconProps) {
  return <PixelIcon glyph={COPY} {...props} />;
}

const LINK = glyph([
  "......###.",
  ".....#...#",
  "....#....#",
  "...#..#.#.",
  "..#..#.#..",
  "..#.#..#..",
  ".#.#..#...",
  "#....#....",
  "#...#.....",
  ".###......",
]);
export function LinkIcon(props: IconProps) {
  return <PixelIcon glyph={LINK} {...props} />;
}

const SHARE = glyph([
  "....##....",
  "...####...",
  "..######..",
  "....##....",
  "....##....",
  "##..##..##",
  "##......##",
  "##......##",
  "##########",
  "##########",
]);
export function ShareIcon(props: IconProps) {
  return <PixelIcon glyph={SHARE} {...props} />;
}

const MAIL = glyph([
  "..........",
  "##########",
  "##......##",
  "#.#....#.#",
  "#..#..#..#",
  "#...##...#",
  "#........#",
  "#........#",
  "##########",
  "..........",
]);
export function MailIcon(props: IconProps) {
  return <PixelIcon glyph={MAIL} {...props} />;
}

const X_LOGO = glyph([
  "###.....##",
  ".##....##.",
  "..##..##..",
  "...####...",
  "....##....",
  "...####...",
  "..##..##..",
  ".##....##.",
  "##.....###",
  "#.......##",
]);
export function XLogoIcon(props: IconProps) {
  return <PixelIcon glyph={X_LOGO} {...props} />;
}

const FACEBOOK = glyph([
  ".....####.",
  "....#####.",
  "....##....",
  "....##....",
  "..######..",
  "..######..",
  "....##....",
  "....##....",
  "....##....",
  "....##....",
]);
export function FacebookIcon(props: IconProps) {
  return <PixelIcon glyph={FACEBOOK} {...props} />;
}

const CHART = glyph([
  "#.........",
  "#.......##",
  "#......#.#",
  "#.....#...",
  "#.#..#....",
  "#.##.#....",
  "#.#.#.....",
  "##........",
  "#.........",
  "##########",
]);
export function ChartIcon(props: IconProps) {
  return <PixelIcon glyph={CHART} {...props} />;
}

const COIN = glyph([
  "...####...",
  ".##....##.",
  ".#..##..#.",
  "#..#..#..#",
  "#..#.....#",
  "#..#.....#",
  "#..#..#..#",
  ".#..##..#.",
  ".##....##.",
  "...####...",
]);
export function CoinIcon(props: IconProps) {
  return <PixelIcon glyph={COIN} {...props} />;
}

const PAUSE = glyph([
  "..........",
  "..##..##..",
  "..##..##..",
  "..##..##..",
  "..##..##..",
  "..##..##..",
  "..##..##..",
  "..##..##..",
  "..##..##..",
  "..........",
]);
export function PauseIcon(props: IconProps) {
  return <PixelIcon glyph={PAUSE} {...props} />;
}

const PLAY = glyph([
  "..........",
  "..#.......",
  "..###.....",
  "..#####...",
  "..#######.",
  "..#######.",
  "..#####...",
  "..###.....",
  "..#.......",
  "..........",
]);
export function PlayIcon(props: IconProps) {
  return <PixelIcon glyph={PLAY} {...props} />;
}

const TELEGRAM = glyph([
  "..........",
  "........##",
  "......####",
  "....###.##",
  "..###..##.",
  "###...###.",
  "..##.#.##.",
  "...##..##.",
  "....#..#..",
  ".......#..",
]);
export function TelegramIcon(props: IconProps) {
  return <PixelIcon glyph={TELEGRAM} {...props} />;
}
