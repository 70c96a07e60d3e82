import { editionDate } from "./edition-date";
import { NOT_FOUND_PAGE, type PageFile } from "./pages";

/**
 * Each screen's own title. The server writes it into the page it sends (chat apps and crawlers read it
 * without running JavaScript) and the browser sets the same title when it navigates, so one place holds
 * both. The descriptions are in page-descriptions.ts, which the browser loads only after a navigation.
 */
/** Each screen's title as the spec names it (the browser sets it on navigation, so this stays small). */
const SCREEN_TITLES: Record<Exclude<PageFile, "headline">, (site: string) => string> = {
  home: () => "Today's News",
  "tomorrows-news": () => "Tomorrow's News",
  "yesterdays-news": () => "Yesterday's News: Launched Tokens",
  archive: (site) => `${site} Archive`,
  submit: () => "Submit Your Headline",
  "paid-submit": () => "Promoted Submission",
  about: () => "About",
  admin: () => "Admin Controls",
  receipt: () => "Your Submission",
  edition: () => "Edition",
  launch: () => "Launch Receipt",
  [NOT_FOUND_PAGE]: () => "404 Page Not Found",
};

/** The document title of every screen, the front page's too: "{screen} | {site}" (issue 31). */
export function documentTitle(screenTitle: string, siteName: string): string {
  return `${screenTitle} | ${siteName}`;
}

/** The front page's title names the day's edition: "Today's News, Tuesday, November 24, 2026 | Meme Gazette". */
export function frontPageTitle(siteName: string, day: string): string {
  return documentTitle(`Today's News, ${editionDate(day)}`, siteName);
}

/** An edition's page names its day: "The Edition of Thursday, November 26, 2026 | Meme Gazette". */
export function editionTitle(siteName: string, day: string): string {
  return documentTitle(`The Edition of ${editionDate(day)}`, siteName);
}

/** The document title of a screen other than a headline's own page. */
export function screenTitle(page: Exclude<PageFile, "headline">, siteName: string): string {
  return documentTitle(SCREEN_TITLES[page](siteName), siteName);
}

/** At most `max` characters, cut at a word with an ellipsis: for descriptions in link previews. */
export function shortenAtWord(text: string, max: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:!?-]+$/, "")}…`;
}
