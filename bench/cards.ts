/**
 * How long a share card takes to draw (satori's layout, then resvg's PNG), in this process:
 *
 *   npm run bench:cards            (BENCH_CARDS=30 by default)
 *
 * Prints the first draw (fonts read, both libraries warmed up) apart from the median and p95 of the rest.
 */
import os from "node:os";
import sharp from "sharp";
import { drawCard } from "../src/server/features/cards/draw-card";

const COUNT = Number(process.env.BENCH_CARDS ?? 30);
const TITLES = [
  "Frog Found Running Hedge Fund From Lily Pad",
  "Local Cat Elected Mayor, Promises Nap Breaks For All",
  "Scientists Confirm The Moon Is Made Of Cheese After A Very Long Investigation Involving Many Crackers",
  "Pigeons Unionize",
];

async function main() {
  const square = await sharp({ create: { width: 384, height: 384, channels: 3, background: "#3cbcfc" } })
    .png()
    .toBuffer();
  const picture = `data:image/png;base64,${square.toString("base64")}`;
  const draw = (i: number) =>
    drawCard({
      siteName: "Meme Gazette",
      stage: i % 2 ? "VOTE NOW" : "TODAY'S WINNER",
      title: TITLES[i % TITLES.length] as string,
      picture: i % 3 ? picture : null,
      figures: [`${i} VOTES`, "MCAP $1,250,000"],
      footer: "Tuesday, November 24, 2026",
    });
  let start = performance.now();
  await draw(0);
  const first = performance.now() - start;
  const times: number[] = [];
  for (let i = 1; i <= COUNT; i++) {
    start = performance.now();
    await draw(i);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) =>
    (times[Math.min(times.length - 1, Math.floor(q * times.length))] as number).toFixed(0);
  console.log(`share cards, 1200x630 PNG, ${COUNT} draws, load ${os.loadavg()[0]?.toFixed(1)}`);
  console.log(
    `first draw (fonts, warm-up) ${first.toFixed(0)} ms; then median ${at(0.5)} ms, p95 ${at(0.95)} ms`,
  );
}

await main();
