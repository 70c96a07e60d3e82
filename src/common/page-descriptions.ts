import { shortenAtWord } from "./page-meta";
import { NOT_FOUND_PAGE, type PageFile } from "./pages";

/*
 * What each screen is, in its link preview's words. The browser copies them into the head after an in-app
 * navigation (client/components/page-head.tsx loads this module then, not with the front page's first load).
 */
/** What each screen is, for link previews and search results: the server's heads say the same words. */
export const SCREEN_DESCRIPTIONS: Record<Exclude<PageFile, "headline">, string> = {
  home: "Vote on today's viral headlines: the winning headline becomes the community's meme coin on Solana.",
  "tomorrows-news":
    "Vote on upcoming headline candidates! The top 4 most voted headlines will be selected for daily voting.",
  "yesterdays-news":
    "Review the meme coins launched from the winning headlines: market cap, volume, price and charts.",
  archive: "Every winning headline, month by month, with its meme coin and its votes.",
  submit: "Share a viral headline: approved headlines go up for the community's vote.",
  "paid-submit":
    "Promote your headline: priority placement in voting, faster approval and higher visibility.",
  about:
    "A daily meme-coin newspaper: vote on viral headlines, and the winner becomes the community meme coin.",
  admin: "Staff only.",
  receipt: "A submission to the paper and where it stands: payment, review, publication.",
  edition: "The day's race: every headline with its votes and rank, the winner, and votes voided by staff.",
  launch:
    "The winner's coin launch, step by step: every transaction with its signature, the amounts bought, sold and bought back.",
  [NOT_FOUND_PAGE]: "There's no news here.",
};

/** A headline's page: its own description, cut for a preview, or the front page's when it has none. */
export function headlineDescription(description: string | null | undefined): string {
  return shortenAtWord(description || SCREEN_DESCRIPTIONS.home, 200);
}

/** An edition's page: the race, and its winner or its leader. */
export function editionDescription(leader: { title: string; votes: number } | null, final: boolean): string {
  const lead = leader
    ? final
      ? ` "${leader.title}" won${leader.votes > 0 ? ` with ${leader.votes} votes` : ""}.`
      : ` Leading now: "${leader.title}".`
    : "";
  return `${SCREEN_DESCRIPTIONS.edition}${lead}`;
}

/** Which screen a head is for: a list screen, a headline's page or an edition's, with what its words need. */
export type ScreenOf =
  | { screen: Exclude<PageFile, "headline"> }
  | { headline: { id: number; description: string | null | undefined } }
  | { edition: { day: string; leader: { title: string; votes: number } | null; final: boolean } };

/** A screen's description, in the words of the server's head. */
export function describeScreen(of: ScreenOf): string {
  if ("screen" in of) return SCREEN_DESCRIPTIONS[of.screen];
  if ("headline" in of) return headlineDescription(of.headline.description);
  return editionDescription(of.edition.leader, of.edition.final);
}
