/**
 * How long a share card takes to draw (satori's layout, then resvg's PNG), in this process:
 *
 *   npm run bench:cards            (BENCH_CARDS=30 by default)
 *
 * Series one after the other: Latin titles, Hebrew titles, Arabic titles, titles with emoji, then the Latin
 * ones again (once the fallback fonts and the emoji are loaded). Each prints its first draw apart (the first
 * Latin one reads the paper's fonts and warms both libraries up; the first of the others reads its fallback
 * font or its emoji pictures) from the median and p95 of the rest. The emoji come after Hebrew and Arabic:
 * once a thread of the pool has drawn a card with an emoji (a Twemoji SVG inside the card's SVG), resvg
 * draws any card on that thread about twice as fast (the same PNG; seen on resvg-js 2.6.2, cause unknown),
 * so the series after the emoji ones, "latin, again", shows that effect and not the drawings' own cost.
 */
import os from "node:os";
import sharp from "sharp";
import { drawCard } from "../src/server/features/cards/draw-card";

const COUNT = Number(process.env.BENCH_CARDS ?? 30);
const SERIES: ReadonlyArray<readonly [string, readonly string[]]> = [
  [
    "latin",
    [
      "Frog Found Running Hedge Fund From Lily Pad",
      "Local Cat Elected Mayor, Promises Nap Breaks For All",
      "Scientists Confirm The Moon Is Made Of Cheese After A Very Long Investigation Involving Many Crackers",
      "Pigeons Unionize",
    ],
  ],
  ["hebrew", ["שלום עולם", "חתול נבחר לראש העיר", "צפרדע מנהלת קרן גידור", "היונים מתאגדות"]],
  ["arabic", ["مرحبا بالعالم", "قطة تنتخب عمدة للمدينة", "ضفدع يدير صندوق تحوط", "الحمام يؤسس نقابة"]],
  [
    "emoji",
    [
      "Doge 🚀 To The Moon 🌕",
      "Frog 🐸 Runs Hedge Fund 📈💰",
      "Family 👨‍👩‍👧 Adopts Pigeon 🕊️, Flag 🇺🇸 Flies",
      "Cat 🐱 Elected Mayor 👍🏽",
    ],
  ],
  [
    "latin, again",
    [
      "Frog Found Running Hedge Fund From Lily Pad",
      "Local Cat Elected Mayor, Promises Nap Breaks For All",
      "Scientists Confirm The Moon Is Made Of Cheese After A Very Long Investigation Involving Many Crackers",
      "Pigeons Unionize",
    ],
  ],
];

async function main() {
  const square = await sharp({ create: { width: 384, height: 384, channels: 3, background: "#3cbcfc" } })
    .png()
    .toBuffer();
  const picture = `data:image/png;base64,${square.toString("base64")}`;
  const draw = (titles: readonly string[], i: number) =>
    drawCard({
      siteName: "Meme Gazette",
      stage: i % 2 ? "VOTE NOW" : "TODAY'S WINNER",
      title: titles[i % titles.length] as string,
      picture: i % 3 ? picture : null,
      figures: [`${i} VOTES`, "MCAP $1,250,000"],
      footer: "Tuesday, November 24, 2026",
    });
  console.log(`share cards, 1200x630 PNG, ${COUNT} draws a series, load ${os.loadavg()[0]?.toFixed(1)}`);
  for (const [name, titles] of SERIES) {
    let start = performance.now();
    await draw(titles, 0);
    const first = performance.now() - start;
    const times: number[] = [];
    for (let i = 1; i <= COUNT; i++) {
      start = performance.now();
      await draw(titles, i);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) =>
      (times[Math.min(times.length - 1, Math.floor(q * times.length))] as number).toFixed(0);
    console.log(
      `${`${name}:`.padEnd(14)} first draw ${first.toFixed(0).padStart(4)} ms; then median ${at(0.5)} ms, p95 ${at(0.95)} ms`,
    );
  }
}

await main();
