import { NOT_FOUND_PAGE, type PageFile } from "./pages";

/**
 * Each screen's own title, as the spec names it, and a line saying what is on it. The server writes them
 * into the page it sends (chat apps and crawlers read them without running JavaScript) and the browser sets
 * the same title when it navigates, so one place holds both.
 */
const SCREENS: Record<
  Exclude<PageFile, "headline">,
  { title: (site: string) => string; description: string }
> = {
  home: {
    title: () => "Today's News",
    description:
      "Vote on today's viral headlines: the winning headline becomes the community's meme coin on Solana.",
  },
  "tomorrows-news": {
    title: () => "Tomorrow's News",
    description:
      "Vote on upcoming headline candidates! The top 4 most voted headlines will be selected for daily voting.",
  },
  "yesterdays-news": {
    title: () => "Yesterday's News: Launched Tokens",
    description:
      "Review the meme coins launched from the winning headlines: market cap, volume, price and charts.",
  },
  archive: {
    title: (site) => `${site} Archive`,
    description: "Every winning headline, month by month, with its meme coin and its votes.",
  },
  submit: {
    title: () => "Submit Your Headline",
    description: "Share a viral headline: approved headlines go up for the community's vote.",
  },
  "paid-submit": {
    title: () => "Promoted Submission",
    description:
      "Promote your headline: priority placement in voting, faster approval and higher visibility.",
  },
  about: {
    title: () => "About",
    description:
      "A daily meme-coin newspaper: vote on viral headlines, and the winner becomes the community meme coin.",
  },
  admin: { title: () => "Admin Controls", description: "Staff only." },
  [NOT_FOUND_PAGE]: { title: () => "404 Page Not Found", description: "There's no news here." },
};

export interface ScreenMeta {
  title: string;
  description: string;
}

/** The document title of a screen: "{screen} | {site}"; the front page leads with the paper's name. */
export function documentTitle(screenTitle: string, siteName: string, isFrontPage = false): string {
  return isFrontPage ? `${siteName} | ${screenTitle}` : `${screenTitle} | ${siteName}`;
}

/** Title and description of a screen other than a headline's own page. */
export function screenMeta(page: Exclude<PageFile, "headline">, siteName: string): ScreenMeta {
  const screen = SCREENS[page];
  return {
    title: documentTitle(screen.title(siteName), siteName, page === "home"),
    description: screen.description,
  };
}

/** At most `max` characters, cut at a word with an ellipsis: for descriptions in link previews. */
export function shortenAtWord(text: string, max: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:!?-]+$/, "")}…`;
}
