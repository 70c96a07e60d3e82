import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { renderAsync } from "@resvg/resvg-js";
import satori from "satori";
import { ACCENTS, accentFor } from "@/common/palette";
import { CARD_HEIGHT, CARD_WIDTH } from "../headlines/card-path";
import { type CardFont, lineFontFamily, loadCardAsset, readsRightToLeft } from "./card-scripts";
import { wrapTitle } from "./card-text";

/** What one card shows; the caller decides the words, this file only draws. */
export interface CardDrawing {
  siteName: string;
  /** "VOTE NOW", "TODAY'S WINNER", "LAUNCHED", ... */
  stage: string;
  title: string;
  /** A PNG or JPEG data URI of the picture, already square; null draws the placeholder. */
  picture: string | null;
  /** Up to three short figures: "42 VOTES", "MCAP $1.25M". */
  figures: readonly string[];
  /** The bottom line: the edition date or the site's address. */
  footer: string;
}

const INK = "#1b1b1b";
const PAPER = "#f4ecd8";
const PAPER_DARK = "#e8dcc0";
const NIGHT = "#0f0f1a";
const YELLOW = ACCENTS[3].hex;

/** The card's ink frame; satori draws borders outside the box, so the box is the card less the frame. */
const FRAME = 12;

// The title's size and box: Press Start 2P is monospaced, each character as wide as the font size.
const TITLE_SIZE = 34;
const TITLE_WIDTH = 640;
const TITLE_LINES = 5;

let fonts: CardFont[] | undefined;

/** The paper's own fonts (satori reads WOFF, not WOFF2), from the packages the site already ships. */
function loadFonts() {
  const require = createRequire(import.meta.url);
  const file = (spec: string) => readFileSync(require.resolve(spec));
  fonts ??= [
    {
      name: "Press Start 2P",
      data: file("@fontsource/press-start-2p/files/press-start-2p-latin-400-normal.woff"),
      weight: 400,
      style: "normal",
    },
    {
      name: "Lora",
      data: file("@fontsource/lora/files/lora-latin-400-normal.woff"),
      weight: 400,
      style: "normal",
    },
  ];
  return fonts;
}

type Node = {
  type: string;
  props: Record<string, unknown> & { style?: Record<string, unknown>; children?: unknown };
};
const el = (
  type: string,
  style: Record<string, unknown>,
  children?: unknown,
  extra: Record<string, unknown> = {},
): Node => ({
  type,
  props: { style: { display: "flex", ...style }, children, ...extra },
});

/** An 8x8 pixel-art newspaper, drawn when the headline has no picture (or it cannot be read). */
function placeholder(): Node {
  const rows = [
    "11111111",
    "10000001",
    "10111101",
    "10000001",
    "10110101",
    "10000001",
    "10110101",
    "11111111",
  ];
  return el(
    "div",
    {
      width: 384,
      height: 384,
      background: NIGHT,
      alignItems: "center",
      justifyContent: "center",
      flexDirection: "column",
    },
    rows.map((row, y) =>
      el(
        "div",
        { flexDirection: "row" },
        [...row].map((cell, x) =>
          el("div", { width: 34, height: 34, background: cell === "1" ? YELLOW : NIGHT }, undefined, {
            key: `${x}-${y}`,
          }),
        ),
        { key: String(y) },
      ),
    ),
  );
}

/** The card as a 1200x630 PNG: masthead, stage stamp, picture, title, figures, and the paper's name. */
export async function drawCard(card: CardDrawing): Promise<Buffer> {
  return svgToPng(await cardSvg(card));
}

/** Satori's layout of the card, as SVG (text as paths in the paper's fonts). */
export async function cardSvg(card: CardDrawing): Promise<string> {
  const accent = accentFor(card.siteName).hex;
  const lines = wrapTitle(card.title, Math.floor(TITLE_WIDTH / TITLE_SIZE), TITLE_LINES);
  const direction = readsRightToLeft(card.title) ? "rtl" : "ltr";
  const tree = el(
    "div",
    {
      width: CARD_WIDTH - 2 * FRAME,
      height: CARD_HEIGHT - 2 * FRAME,
      background: PAPER,
      flexDirection: "column",
      border: `${FRAME}px solid ${INK}`,
      fontFamily: "Lora",
    },
    [
      // Masthead: the name between double rules, the stage stamp beside it.
      el(
        "div",
        {
          height: 104,
          flexShrink: 0,
          alignItems: "center",
          justifyContent: "space-between",
          padding: "0 32px",
          borderBottom: `6px double ${INK}`,
        },
        [
          el(
            "div",
            { fontFamily: "Press Start 2P", fontSize: 40, color: accent, textShadow: `4px 4px 0 ${INK}` },
            card.siteName.toUpperCase(),
          ),
          el(
            "div",
            {
              fontFamily: "Press Start 2P",
              fontSize: 20,
              color: "#ffffff",
              background: ACCENTS[0].hex,
              border: `4px solid ${INK}`,
              padding: "12px 16px",
              boxShadow: `4px 4px 0 ${INK}`,
            },
            card.stage,
          ),
        ],
      ),
      el("div", { flex: 1, padding: "24px 32px 0 32px", gap: 36, overflow: "hidden" }, [
        el(
          "div",
          {
            width: 392,
            height: 392,
            border: `4px solid ${INK}`,
            boxShadow: `8px 8px 0 ${INK}`,
            background: NIGHT,
          },
          card.picture
            ? el("img", { width: 384, height: 384, objectFit: "cover" }, undefined, {
                src: card.picture,
                width: 384,
                height: 384,
              })
            : placeholder(),
        ),
        el(
          "div",
          { flexDirection: "column", width: TITLE_WIDTH, height: 392, justifyContent: "space-between" },
          [
            el(
              "div",
              {
                flexDirection: "column",
                fontFamily: "Press Start 2P",
                fontSize: TITLE_SIZE,
                lineHeight: 1.45,
                color: INK,
              },
              lines.map((line, i) =>
                el("div", { fontFamily: lineFontFamily(line, "Press Start 2P"), direction }, line, {
                  key: String(i),
                }),
              ),
            ),
            el(
              "div",
              { gap: 12, flexWrap: "wrap" },
              card.figures.map((figure, i) =>
                el(
                  "div",
                  {
                    fontFamily: "Press Start 2P",
                    fontSize: 18,
                    background: PAPER_DARK,
                    border: `4px solid ${INK}`,
                    padding: "12px 14px",
                    color: INK,
                  },
                  figure,
                  { key: String(i) },
                ),
              ),
            ),
          ],
        ),
      ]),
      el(
        "div",
        {
          height: 52,
          flexShrink: 0,
          alignItems: "center",
          justifyContent: "space-between",
          padding: "0 32px",
          background: INK,
          color: PAPER,
          fontSize: 22,
        },
        [
          el("div", {}, card.footer),
          el("div", { fontFamily: "Press Start 2P", fontSize: 16, color: YELLOW }, "VOTE · WIN · LAUNCH"),
        ],
      ),
    ],
  );
  return satori(tree as Parameters<typeof satori>[0], {
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    fonts: loadFonts(),
    // Emoji and Hebrew or Arabic letters: read only when a title has them (card-scripts.ts).
    loadAdditionalAsset: loadCardAsset,
  });
}

export async function svgToPng(svg: string): Promise<Buffer> {
  // Off the event loop: resvg renders on libuv's thread pool.
  // Crisp edges: the look is pixel art, and unantialiased shapes draw faster.
  const png = await renderAsync(svg, {
    fitTo: { mode: "original" },
    font: { loadSystemFonts: false },
    shapeRendering: 1,
  });
  return Buffer.from(png.asPng());
}
