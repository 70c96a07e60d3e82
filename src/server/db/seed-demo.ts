import { createHash } from "node:crypto";
import { getAddressDecoder } from "@solana/kit";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { defaultCycle } from "@/common/schedule";
import { easternDay } from "@/common/time";
import { type Db, rowsOf } from "./connect";
import { archiveEntries, headlines, notifications, settings, telegramPosts, votes } from "./schema";

/**
 * The sample edition (SEED_DEMO): an empty database gets a small, clearly marked paper so that a first visit
 * shows every screen populated. Everything here is fiction; the ticker says so, and staff can delete it all
 * from the dashboard. A database that holds any content is never touched.
 */

const DAY = 24 * 60 * 60 * 1000;

/**
 * Every count of the sample edition has its vote rows behind it, as a real paper's would (the ledger
 * check, features/votes/ledger.ts, finds nothing to report): each count written below becomes that many
 * sample visitors' votes in the race the headline names (its raceCycle), or in its Tomorrow's News race.
 */
async function sampleVotes(tx: Pick<Db, "select" | "insert">, now: Date) {
  const day = easternDay(now);
  const values: Array<typeof votes.$inferInsert> = [];
  for (const h of await tx.select().from(headlines)) {
    const cycle = h.raceCycle ?? now;
    const counts = [
      ["headline", null, h.votes],
      ["tomorrow", null, h.tomorrowVotes],
      ["sentiment", "hold", h.holdVotes],
      ["sentiment", "buy", h.buyVotes],
      ["sentiment", "sell", h.sellVotes],
      ["sentiment", "cto", h.ctoVotes],
    ] as const;
    for (const [kind, sentiment, n] of counts) {
      for (let i = 0; i < n; i += 1) {
        const visitorId = `sample-${kind}-${sentiment ?? ""}-${h.id}-${i}`;
        values.push({ kind, headlineId: h.id, sentiment, visitorId, day, cycle, createdAt: now });
      }
    }
  }
  if (values.length > 0) await tx.insert(votes).values(values);
}
const SAMPLE = "Sample Edition";

// 12x12 pixel art: one character per pixel; "." is the background.
const SPRITES: Record<string, string[]> = {
  frog: [
    "............",
    "..gg....gg..",
    ".gwkg..gwkg.",
    ".gggggggggg.",
    "gggggggggggg",
    "gggrrrrrrggg",
    "ggggrrrrgggg",
    ".gggggggggg.",
    "..gg.gg.gg..",
    ".gg..gg..gg.",
    "............",
    "............",
  ],
  coin: [
    "....yyyy....",
    "..yyyyyyyy..",
    ".yyykkkkyyy.",
    ".yykyyyykyy.",
    "yyykyyyyyyyy",
    "yyyykkkkyyyy",
    "yyyyyyyykyyy",
    "yyykyyyykyyy",
    ".yyykkkkyyy.",
    ".yyyyyyyyyy.",
    "..yyyyyyyy..",
    "....yyyy....",
  ],
  rocket: [
    ".....ww.....",
    "....wwww....",
    "....wbbw....",
    "...wwbbww...",
    "...wwwwww...",
    "...wwwwww...",
    "..rwwwwwwr..",
    ".rrwwwwwwrr.",
    ".rr.wwww.rr.",
    ".....yy.....",
    "....yooy....",
    ".....oo.....",
  ],
  cat: [
    ".k........k.",
    ".kk......kk.",
    ".kokkkkkkok.",
    ".kooooooook.",
    "kowkooookwok",
    "kookooookook",
    "koooopoooook",
    "kooookkooook",
    ".koooooooook",
    "..kkkkkkkk..",
    "............",
    "............",
  ],
  moon: [
    "....wwww....",
    "..wwwwwwww..",
    ".wwwkwwwwww.",
    ".wwwwwwwkww.",
    "wwkwwwwwwwww",
    "wwwwwwkwwwww",
    "wwwwwwwwwkww",
    "wwwkwwwwwwww",
    ".wwwwwwkwww.",
    ".wwwwwwwwww.",
    "..wwwwwwww..",
    "....wwww....",
  ],
  chart: [
    "............",
    "..........g.",
    ".........gg.",
    "........g.g.",
    ".......g....",
    "..g...g.....",
    ".g.g.g......",
    "g...g.......",
    "............",
    "kkkkkkkkkkkk",
    "............",
    "............",
  ],
};

const COLOURS: Record<string, string> = {
  g: "#00a800",
  w: "#f4ecd8",
  k: "#1b1b1b",
  r: "#e4000f",
  y: "#f8b800",
  b: "#3cbcfc",
  o: "#f87858",
  p: "#f878f8",
};

async function spritePng(name: keyof typeof SPRITES, background: string): Promise<Uint8Array> {
  const rows = SPRITES[name] as string[];
  const rects = rows.flatMap((row, y) =>
    [...row].map((c, x) =>
      c === "." ? "" : `<rect x="${x + 2}" y="${y + 2}" width="1" height="1" fill="${COLOURS[c]}"/>`,
    ),
  );
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" shape-rendering="crispEdges"><rect width="16" height="16" fill="${background}"/>${rects.join("")}</svg>`;
  const png = await sharp(Buffer.from(svg)).resize(256, 256, { kernel: "nearest" }).png().toBuffer();
  return new Uint8Array(png);
}

/**
 * A deterministic address for the fictional tokens: 32 bytes from the token's number, in base58, so it is a
 * real Solana address (isSolanaAddress) that no actual token has.
 */
function sampleAddress(n: number): string {
  const bytes = createHash("sha256").update(`meme-gazette-demo-token-${n}`).digest();
  return getAddressDecoder().decode(bytes);
}

async function isEmpty(db: Db): Promise<boolean> {
  const result = await db.execute(sql`
    SELECT ((SELECT count(*) FROM ${headlines}) + (SELECT count(*) FROM ${archiveEntries})
      + (SELECT count(*) FROM ${notifications}))::int AS n`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0) === 0;
}

/** Stores an image and answers its URL: features/images' storeImage, passed in so db/ imports no feature. */
export type StoreImage = (
  db: Db,
  image: { bytes: Uint8Array; contentType: string; width: number; height: number },
) => Promise<string>;

export async function seedDemoIfEmpty(db: Db, now: Date, storeImage: StoreImage): Promise<boolean> {
  if (!(await isEmpty(db))) return false;

  const sprites: Array<[keyof typeof SPRITES, string]> = [
    ["frog", "#3cbcfc"],
    ["coin", "#6b38ff"],
    ["rocket", "#0f0f1a"],
    ["cat", "#f878f8"],
    ["moon", "#0f0f1a"],
    ["chart", "#f4ecd8"],
  ];
  const pngs = await Promise.all(sprites.map(([name, background]) => spritePng(name, background)));
  // Stored one after another: on PostgreSQL `db` is the start-up lock's transaction, one connection, and
  // queries sent to it at once are queued by pg with a deprecation warning ("removed in pg@9").
  const stored = [];
  for (const bytes of pngs) {
    stored.push(await storeImage(db, { bytes, contentType: "image/png", width: 256, height: 256 }));
  }
  const [frog, coin, rocket, cat, moon, chart] = stored;
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  // Today's headlines count in the race in progress; a winner won the race that closed the evening after
  // it arrived.
  const cycle = defaultCycle(now);
  const race = cycle.votingEndTime;
  const raceWon = (arrived: Date) => new Date(arrived.getTime() + DAY);
  const token = (n: number, symbol: string) => {
    const contractAddress = sampleAddress(n);
    return {
      contractAddress,
      symbol,
      chartUrl: `https://dexscreener.com/solana/${contractAddress}`,
      buyUrl: `https://jup.ag/swap/SOL-${contractAddress}`,
      launchStatus: "launched",
    };
  };

  await db.transaction(async (tx) => {
    await tx
      .insert(headlines)
      .values({
        title: "Frog Found Running Hedge Fund From Lily Pad",
        description:
          "Sample edition: regulators say the amphibian's portfolio of flies and pond futures has outperformed the market three quarters in a row.",
        imageUrl: frog,
        submittedBy: SAMPLE,
        createdAt: ago(2),
        votes: 42,
        stage: "winner",
        raceCycle: raceWon(ago(2)),
        // Launched (it has a contract address): on Yesterday's News too.
        oldNewsAt: ago(2),
        holdVotes: 12,
        buyVotes: 20,
        sellVotes: 3,
        ctoVotes: 5,
        twitterUrl: "https://x.com/memegazette",
        websiteUrl: "https://example.com/frogfund",
        articleUrl: "https://t.me/memegazette",
        ...token(1, "FROGFUND"),
        price: 0.0000431,
        marketCap: 431_200,
        volume24h: 88_950,
        priceChange24h: 12.4,
        liquidityUsd: 61_300,
        pairCreatedAt: ago(2.2),
      })
      .returning({ id: headlines.id });

    await tx.insert(headlines).values([
      {
        title: "Local Cat Elected Mayor, Promises Nap Breaks For All",
        description:
          "Sample edition: the new mayor's first act was to declare every sunny windowsill public property.",
        imageUrl: cat,
        submittedBy: SAMPLE,
        createdAt: ago(1.5),
        votes: 17,
        stage: "today",
        raceCycle: race,
        listedToday: true,
      },
      {
        title: "Scientists Confirm The Moon Is Made Of Cheese After All",
        description:
          "Sample edition: a lunar probe returned a sample that pairs surprisingly well with crackers.",
        imageUrl: moon,
        submittedBy: "203.0.113.7",
        createdAt: ago(1.4),
        votes: 11,
        stage: "today",
        raceCycle: race,
        listedToday: true,
      },
      {
        title: "Rocket Launch Delayed Because Pilot Was Still Buying The Dip",
        description:
          "Sample edition: mission control reports the countdown will resume once the chart stops looking so tempting.",
        imageUrl: rocket,
        submittedBy: "",
        createdAt: ago(1.3),
        votes: 9,
        stage: "today",
        raceCycle: race,
        listedToday: true,
      },
      {
        title: "Grandma Explains Blockchain Better Than Every Podcast",
        description:
          "Sample edition: her ten-minute explanation used only knitting needles, two balls of yarn and a ledger.",
        imageUrl: coin,
        submittedBy: "Gazette Reader",
        createdAt: ago(1.2),
        votes: 4,
        stage: "today",
        raceCycle: race,
        listedToday: true,
      },
      {
        title: "Chart Draws Itself Into A Smiley Face, Traders Ecstatic",
        description:
          "Sample edition: a promoted submission. Analysts call the pattern a bullish grin with strong support.",
        imageUrl: chart,
        submittedBy: "Smiley Labs",
        createdAt: ago(1.1),
        votes: 6,
        stage: "today",
        raceCycle: race,
        listedToday: true,
        isPaid: true,
        launchStatus: "upcoming",
        transactionId: "SampleEditionPaidSubmissionTransaction1111111111111111111111111111",
      },
      // Tomorrow's News candidates.
      {
        title: "Pigeons Unionize, Demand Better Bread Crumbs",
        description:
          "Sample edition: the flock's spokesbird says negotiations with the park will continue at dawn.",
        imageUrl: null,
        submittedBy: SAMPLE,
        createdAt: ago(0.9),
        tomorrowVotes: 8,
        stage: "tomorrow",
        listedTomorrow: true,
      },
      {
        title: "Robot Vacuum Achieves Enlightenment Under The Sofa",
        description:
          "Sample edition: the device has stopped cleaning and now only hums softly at dust bunnies.",
        imageUrl: rocket,
        submittedBy: "Anonymous",
        createdAt: ago(0.8),
        tomorrowVotes: 5,
        stage: "tomorrow",
        listedTomorrow: true,
      },
      {
        title: "Tech Giant Unveils Phone That Only Sends Memes",
        description:
          "Sample edition, imported news: early reviewers report the keyboard has been replaced by a single laugh button.",
        imageUrl: null,
        submittedBy: "admin",
        createdAt: ago(0.7),
        tomorrowVotes: 3,
        stage: "tomorrow",
        listedTomorrow: true,
        importedNews: true,
        source: "news-technology",
        sourceUrl: "https://example.com/news/meme-phone",
      },
      {
        title: "Dog Walks Human Through Entire Bull Market",
        description:
          "Sample edition: the good boy reportedly never once panic sold, even during the squirrel correction.",
        imageUrl: cat,
        submittedBy: SAMPLE,
        createdAt: ago(0.6),
        tomorrowVotes: 1,
        stage: "tomorrow",
        listedTomorrow: true,
      },
      {
        title: "Volcano Erupts Confetti For Its Birthday",
        description:
          "Sample edition: geologists confirm the eruption was festive, harmless and visible from three towns.",
        imageUrl: moon,
        submittedBy: SAMPLE,
        createdAt: ago(0.5),
        tomorrowVotes: 0,
        stage: "tomorrow",
        listedTomorrow: true,
      },
      // Launched tokens on Yesterday's News (older winners).
      {
        title: "Cat Buys Yacht With Treat Savings",
        description: "Sample edition: yesterday's winner. The yacht has a scratching post on every deck.",
        imageUrl: cat,
        submittedBy: SAMPLE,
        createdAt: ago(4),
        votes: 37,
        stage: "past_winner",
        raceCycle: raceWon(ago(4)),
        oldNewsAt: ago(1),
        ...token(2, "YACHTCAT"),
        price: 0.0031,
        marketCap: 1_250_000,
        volume24h: 342_100.5,
        priceChange24h: -8.75,
        liquidityUsd: 210_400,
        pairCreatedAt: ago(4.5),
      },
      {
        title: "Moon Landing Reenacted By Hamsters",
        description:
          "Sample edition: the tiny astronauts planted a sunflower seed flag and returned safely to their cage.",
        imageUrl: moon,
        submittedBy: SAMPLE,
        createdAt: ago(6),
        votes: 29,
        stage: "past_winner",
        raceCycle: raceWon(ago(6)),
        oldNewsAt: ago(3),
        ...token(3, "HAMSTRONAUT"),
        price: 1.27,
        marketCap: 8_400_000,
        volume24h: 1_020_000,
        priceChange24h: 0,
        liquidityUsd: 1_950_000,
        pairCreatedAt: ago(6.1),
      },
      {
        title: "Coin Flip Lands On Its Edge, Economists Baffled",
        description:
          "Sample edition: an imported token. Nobody can explain it and everyone wants to trade it.",
        imageUrl: null,
        submittedBy: "admin",
        createdAt: ago(8),
        votes: 0,
        stage: "launched",
        oldNewsAt: ago(5),
        source: "dexscreener",
        ...token(4, "EDGE"),
        price: 0.000000912,
        marketCap: 64_000,
      },
      {
        title: "Rocket Made Of Pizza Reaches Orbit",
        description: "Sample edition: the crust held under pressure; the cheese did not.",
        imageUrl: "https://sample-edition.replit.app/missing-image.png",
        submittedBy: SAMPLE,
        createdAt: ago(10),
        votes: 21,
        stage: "past_winner",
        raceCycle: raceWon(ago(10)),
        oldNewsAt: ago(7),
        ...token(5, "PIZZAROCKET"),
        volume24h: 12_345,
      },
      // Waiting for review: a free submission and a paid one pending verification.
      {
        title: "Snail Wins Marathon On Appeal",
        description: "Sample edition: a pending submission waiting for the team's review in the dashboard.",
        imageUrl: frog,
        submittedBy: null,
        createdAt: ago(0.2),
        submitterIp: "203.0.113.50",
      },
      {
        title: "Parrot Becomes Licensed Financial Advisor",
        description: "Sample edition: a paid submission pending payment verification in the dashboard.",
        imageUrl: coin,
        submittedBy: "Polly Capital",
        createdAt: ago(0.1),
        launchStatus: "upcoming",
        launchDate: easternDay(new Date(now.getTime() + 7 * DAY)),
        transactionId: "SampleEditionPendingTransaction22222222222222222222222222222222222",
        submitterIp: "203.0.113.51",
      },
    ]);

    await sampleVotes(tx, now);
    // The database records every headline inserted with a contract address as a launch for the Telegram
    // channel (trigger telegram_launch_post_on_insert): the sample tokens are fiction, never announced. Every
    // headline here is the sample's (the database was empty).
    await tx.execute(sql`
      DELETE FROM ${telegramPosts}
      WHERE ${telegramPosts.kind} = 'launch' AND ${telegramPosts.subject} IN (SELECT id::text FROM ${headlines})`);

    // Two winners this month and two the month before, whatever today's date: the archive shows two months
    // (early in a month, three days ago was last month and 35 days ago the month before it).
    const thisMonth = easternDay(ago(1));
    const monthStart = `${thisMonth.slice(0, 8)}01`;
    const daysBefore = (day: string, n: number) =>
      new Date(Date.parse(`${day}T12:00:00Z`) - n * DAY).toISOString().slice(0, 10);
    const earlierThisMonth = [easternDay(ago(3)), monthStart].sort()[1] as string;
    const lastMonth = daysBefore(monthStart, 2);
    const earlierLastMonth = daysBefore(monthStart, 5);
    await tx.insert(archiveEntries).values([
      {
        title: "Cat Buys Yacht With Treat Savings",
        description: "Sample edition archive entry.",
        imageUrl: cat,
        votes: 37,
        memeCoin: "YACHTCAT",
        launchDate: thisMonth,
      },
      {
        title: "Moon Landing Reenacted By Hamsters",
        description: "Sample edition archive entry.",
        imageUrl: moon,
        votes: 29,
        memeCoin: "HAMSTRONAUT",
        launchDate: earlierThisMonth,
      },
      {
        title: "Rocket Made Of Pizza Reaches Orbit",
        description: "Sample edition archive entry.",
        imageUrl: rocket,
        votes: 21,
        memeCoin: "PIZZAROCKET",
        launchDate: lastMonth,
      },
      {
        title: "Frogs Declare Independence From Pond",
        description: "Sample edition archive entry.",
        imageUrl: frog,
        votes: 18,
        memeCoin: "FROGDOM",
        launchDate: earlierLastMonth,
      },
    ]);

    // Each archived sample winner that is also a headline of the sample (a past winner) is that headline's
    // entry, so the archive links its page.
    await tx.execute(sql`
      UPDATE ${archiveEntries} SET headline_id = h.id FROM ${headlines} h
      WHERE h.title = ${archiveEntries.title} AND h.stage = 'past_winner'`);

    await tx.insert(notifications).values({
      message:
        "SAMPLE EDITION: every headline in this paper is a demo. Staff can clear them from the dashboard.",
      expiresAt: new Date(now.getTime() + 30 * DAY),
    });

    await tx
      .insert(settings)
      .values({
        id: 1,
        ...cycle,
        raceCycle: race,
        currentDay: easternDay(cycle.votingEndTime),
        scheduleMode: "daily",
      })
      .onConflictDoNothing();
  });
  return true;
}
