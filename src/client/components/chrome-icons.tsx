import { glyph, type IconProps, PixelIcon } from "./pixel-icon";

/** The icons of the header, footer and news ticker: on every page, so in the entry chunk. */
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
