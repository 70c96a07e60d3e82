import { glyph, type IconProps, PixelIcon } from "./pixel-icon";

/** The pages' icons (the chrome's are in chrome-icons.tsx; the drawing is in pixel-icon.tsx). */
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
