import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import {
  emojiPicture,
  lineFontFamily,
  readsRightToLeft,
  scriptAssetReads,
  twemojiNames,
} from "./card-scripts";
import { cardSvg, drawCard } from "./draw-card";

/**
 * Issue 23: emoji and Hebrew or Arabic letters in a title drew as empty boxes on the share card. A missing
 * glyph is the same box whatever the character, so two different words of the same length drew the same;
 * now each emoji is its Twemoji picture and the letters are Noto Sans glyphs.
 */

const require = createRequire(import.meta.url);
const twemoji = (name: string) =>
  readFileSync(require.resolve(`@discordapp/twemoji/dist/svg/${name}.svg`)).toString("base64");

const card = (title: string) =>
  cardSvg({
    siteName: "Meme Gazette",
    stage: "VOTE NOW",
    title,
    picture: null,
    figures: ["42 VOTES"],
    footer: "Tuesday, November 24, 2026",
  });

/** The pictures a card draws, as base64 SVG (the card has no other picture: its placeholder is boxes). */
const pictures = (svg: string) =>
  [...svg.matchAll(/<image href="data:image\/svg\+xml;base64,([^"]+)"/g)].map((m) => m[1]);

describe("emoji on a card", () => {
  it("draws an emoji as its Twemoji picture", async () => {
    expect(pictures(await card("Doge 🚀 to the moon"))).toEqual([twemoji("1f680")]);
  });

  it("draws a sequence of code points as one picture: family, flag, skin tone, keycap, heart", async () => {
    expect(pictures(await card("👨‍👩‍👧 🇺🇸 👍🏽 #️⃣ ❤️ win"))).toEqual([
      twemoji("1f468-200d-1f469-200d-1f467"),
      twemoji("1f1fa-1f1f8"),
      twemoji("1f44d-1f3fd"),
      twemoji("23-20e3"),
      twemoji("2764"),
    ]);
  });

  it("names the Twemoji file by code points, without U+FE0F when Twemoji has the file without it", async () => {
    expect(twemojiNames("🚀")).toEqual(["1f680"]);
    expect(twemojiNames("👨‍👩‍👧")).toEqual(["1f468-200d-1f469-200d-1f467"]);
    expect(twemojiNames("🇺🇸")).toEqual(["1f1fa-1f1f8"]);
    expect(twemojiNames("👍🏽")).toEqual(["1f44d-1f3fd"]);
    expect(twemojiNames("#️⃣")).toEqual(["23-fe0f-20e3", "23-20e3"]);
    expect(twemojiNames("❤️")).toEqual(["2764-fe0f", "2764"]);
    expect(twemojiNames("🏳️‍🌈")).toEqual(["1f3f3-fe0f-200d-1f308", "1f3f3-200d-1f308"]);
    expect(twemojiNames("👁️‍🗨️")).toEqual(["1f441-fe0f-200d-1f5e8-fe0f", "1f441-200d-1f5e8"]);

    // Each finds its file: FE0F kept where Twemoji keeps it (the rainbow flag), dropped where not.
    const found = async (emoji: string) =>
      Buffer.from(((await emojiPicture(emoji)) as string).split(",")[1] as string, "base64").toString();
    expect(await found("🏳️‍🌈")).toBe(Buffer.from(twemoji("1f3f3-fe0f-200d-1f308"), "base64").toString());
    expect(await found("👁️‍🗨️")).toBe(Buffer.from(twemoji("1f441-200d-1f5e8"), "base64").toString());
    expect(await found("#️⃣")).toBe(Buffer.from(twemoji("23-20e3"), "base64").toString());
    expect(await emojiPicture("\u{1FAFF}")).toBeNull(); // no such emoji (yet): satori draws it as text
  });
});

describe("Hebrew and Arabic on a card", () => {
  // Empty boxes draw two different words of the same length alike; glyphs do not.
  it("draws Hebrew letters, not empty boxes", async () => {
    expect(await card("שלום עולם")).not.toBe(await card("עולם שלום"));
    expect(await card("שלום")).not.toBe(await card("עולם"));
  });

  it("draws Arabic letters, not empty boxes", async () => {
    expect(await card("مرحبا بالعالم")).not.toBe(await card("بالعالم مرحبا"));
    expect(await card("مرحبا")).not.toBe(await card("عالمي"));
  });

  it("sets a Hebrew or Arabic title right to left, with Noto Sans's spaces", () => {
    expect(readsRightToLeft("שלום עולם")).toBe(true);
    expect(readsRightToLeft("🚀 2024 مرحبا Doge")).toBe(true);
    expect(readsRightToLeft("Doge שלום")).toBe(false);
    expect(readsRightToLeft("🚀 2024")).toBe(false);
    expect(lineFontFamily("Pigeons Unionize", "Press Start 2P")).toBe("Press Start 2P");
    expect(lineFontFamily("Doge שלום مرحبا", "Press Start 2P")).toBe(
      '"Noto Sans Hebrew", "Noto Sans Arabic", "Press Start 2P"',
    );
  });
});

describe("what a card reads", () => {
  it("reads no emoji or fallback font for a Latin title, and each fallback font once", async () => {
    const before = { ...scriptAssetReads };
    const png = await drawCard({
      siteName: "Meme Gazette",
      stage: "VOTE NOW",
      title: "Pigeons Unionize, Demand Crumbs",
      picture: null,
      figures: [],
      footer: "x",
    });
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    expect(scriptAssetReads).toEqual(before);

    await card("שלום עולם 🐸 مرحبا");
    const loaded = { ...scriptAssetReads };
    expect(loaded.fonts - before.fonts).toBeLessThanOrEqual(2);
    await card("חתול נבחר 🐸 قطة");
    await card("שלום עולם 🐸 مرحبا");
    expect(scriptAssetReads).toEqual(loaded); // the fonts and the frog are kept
  });
});
