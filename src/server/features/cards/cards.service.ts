import sharp from "sharp";
import { editionDate } from "@/common/edition-date";
import { formatUsd } from "@/common/format";
import type { HeadlinePage } from "@/common/headline";
import type { Db } from "../../db/connect";
import { findImage } from "../images/images.service";
import { type CardDrawing, drawCard } from "./draw-card";

/** The stamp each stage gets on its card. */
function stageLabel(headline: HeadlinePage): string {
  switch (headline.stage) {
    case "today":
      return "VOTE NOW";
    case "tomorrow":
      return "TOMORROW'S NEWS";
    case "winner":
      return "TODAY'S WINNER";
    case "launched":
      return "LAUNCHED";
    case "past_winner":
      return headline.contractAddress ? "LAUNCHED" : "PAST WINNER";
    default:
      return "THE DAILY EDITION";
  }
}

/** Votes always (on Tomorrow's News, its own race's); a launched coin's market cap and price when known. */
function figuresOf(headline: HeadlinePage): string[] {
  const votes = headline.stage === "tomorrow" ? headline.tomorrowVotes : headline.votes;
  const figures = [`${votes} ${votes === 1 ? "VOTE" : "VOTES"}`];
  if (headline.contractAddress && headline.marketCap !== null)
    figures.push(`MCAP ${formatUsd(headline.marketCap)}`);
  // Written out plainly: the site's price format shortens zeros with subscript digits the pixel font lacks.
  if (headline.contractAddress && headline.price !== null) {
    const price = headline.price.toLocaleString("en-US", {
      maximumSignificantDigits: 3,
      maximumFractionDigits: 12,
    });
    figures.push(`PRICE $${price}`);
  }
  return figures;
}

const STORED_IMAGE = /^\/api\/images\/([0-9a-f]{64})$/;
const PICTURE_SIZE = 384;

/**
 * The headline's picture as a square PNG data URI, when it is one of the site's stored images. A picture on
 * another host is not fetched while a crawler waits (a slow or hostile host would hold the card): the card
 * draws the placeholder instead.
 */
async function pictureOf(db: Db, imageUrl: string | null): Promise<string | null> {
  const hash = imageUrl ? STORED_IMAGE.exec(imageUrl)?.[1] : undefined;
  if (!hash) return null;
  const image = await findImage(db, hash);
  if (!image) return null;
  try {
    const png = await sharp(image.bytes)
      .resize(PICTURE_SIZE, PICTURE_SIZE, { fit: "cover", kernel: "nearest" })
      .png()
      .toBuffer();
    return `data:image/png;base64,${png.toString("base64")}`;
  } catch {
    return null; // A picture that no longer decodes draws the placeholder, never an error.
  }
}

export async function drawHeadlineCard(db: Db, siteName: string, headline: HeadlinePage): Promise<Buffer> {
  const card: CardDrawing = {
    siteName,
    stage: stageLabel(headline),
    title: headline.title,
    picture: await pictureOf(db, headline.imageUrl),
    figures: figuresOf(headline),
    footer: editionDate(headline.createdAt.slice(0, 10)),
  };
  return drawCard(card);
}

/** A list page's card: the day's leader, or the paper's name and the date on an empty paper. */
export async function drawEditionCard(
  db: Db,
  siteName: string,
  edition: { day: string; leader: HeadlinePage | null },
  /** What the leader is called; by default the day's winner or leader as the list pages say. */
  label?: string,
): Promise<Buffer> {
  const { leader, day } = edition;
  if (leader) {
    return drawCard({
      siteName,
      stage: label ?? (leader.stage === "winner" ? "TODAY'S WINNER" : "TODAY'S LEADER"),
      title: leader.title,
      picture: await pictureOf(db, leader.imageUrl),
      figures: figuresOf(leader),
      footer: editionDate(day),
    });
  }
  return drawCard({
    siteName,
    stage: "DAILY EDITION",
    title: "Vote on today's viral headlines: the winner becomes the community's meme coin",
    picture: null,
    figures: [],
    footer: editionDate(day),
  });
}
