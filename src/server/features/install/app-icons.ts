import { Resvg } from "@resvg/resvg-js";

/**
 * The paper's mark as pixel art: a gold coin stamped with a "G", 16 x 16 pixels. One source for every icon
 * the site serves (the favicon, the home-screen icons, the Apple touch icon), each drawn from it with crisp
 * edges at its own size, so a phone's home screen shows the same 8-bit coin as the tab.
 * K outline, Y gold, W highlight, O shade; "." is the background.
 */
const COIN = [
  "......KKKK......",
  "....KKYYYYKK....",
  "...KYYYYYYYYK...",
  "..KYYWKKKKYYOK..",
  ".KYYWKYYYYKYYOK.",
  ".KYWKYYYYYYYYOK.",
  "KYYWKYYYYYYYYYOK",
  "KYYWKYYYKKKKYYOK",
  "KYYWKYYYYYKYYYOK",
  "KYYWKYYYYYKYYYOK",
  ".KYYKYYYYYKYYOK.",
  ".KYYYKKKKKYYYOK.",
  "..KYYYYYYYYYOK..",
  "...KOYYYYYYOK...",
  "....KKOOOOKK....",
  "......KKKK......",
];

const INK = { K: "#1b1b1b", Y: "#f8b800", W: "#fce4a0", O: "#c07800" } as const;
/** The paper's cream, behind the coin on icons that must be opaque (home screens, the Apple touch icon). */
export const PAPER = "#f4ecd8";

interface IconShape {
  /** Pixels of the PNG, square. */
  size: number;
  /** Fill behind the coin; none leaves it transparent (the favicon on a tab). */
  background?: string;
  /**
   * The coin's share of the side. A maskable icon keeps it inside the central circle every platform's mask
   * leaves (80% of the side): 16 art pixels in 10 of 16 leave room for any mask.
   */
  coinShare: number;
}

function coinSvg({ size, background, coinShare }: IconShape): string {
  const unit = 16 / coinShare;
  const offset = (unit - 16) / 2;
  const pixels: string[] = [];
  COIN.forEach((row, y) => {
    [...row].forEach((cell, x) => {
      const fill = INK[cell as keyof typeof INK];
      if (fill)
        pixels.push(`<rect x="${x + offset}" y="${y + offset}" width="1" height="1" fill="${fill}"/>`);
    });
  });
  const back = background ? `<rect width="${unit}" height="${unit}" fill="${background}"/>` : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${unit} ${unit}" shape-rendering="crispEdges">${back}${pixels.join("")}</svg>`;
}

export function drawIcon(shape: IconShape): Buffer {
  return new Resvg(coinSvg(shape), { fitTo: { mode: "width", value: shape.size } }).render().asPng();
}

/**
 * An ICO file holding PNG images (allowed since Windows Vista, read by every browser): what /favicon.ico
 * must be for the clients that ask for that path without reading the page (feed readers, bookmarks).
 */
export function icoOf(pngs: ReadonlyArray<{ size: number; png: Buffer }>): Buffer {
  const header = Buffer.alloc(6 + 16 * pngs.length);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // 1 = icon
  header.writeUInt16LE(pngs.length, 4);
  let offset = header.length;
  pngs.forEach(({ size, png }, i) => {
    const entry = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, entry); // width (0 means 256)
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1); // height
    header.writeUInt8(0, entry + 2); // no palette
    header.writeUInt8(0, entry + 3); // reserved
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...pngs.map((p) => p.png)]);
}
