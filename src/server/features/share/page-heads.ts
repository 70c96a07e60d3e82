import { asc, eq } from "drizzle-orm";
import { editionDate } from "@/common/edition-date";
import type { HeadlinePage } from "@/common/headline";
import { headlinePath, parseHeadlinePath } from "@/common/headline-path";
import { launchTitle } from "@/common/launch-receipt";
import { SCREEN_DESCRIPTIONS } from "@/common/page-descriptions";
import { documentTitle, editionTitle, frontPageTitle, screenTitle, shortenAtWord } from "@/common/page-meta";
import {
  canonicalPagePath,
  EDITION_PAGE,
  EDITION_PATH_PATTERN,
  HEADLINE_PAGE,
  LAUNCH_PAGE,
  LAUNCH_PAGE_PATTERN,
  NOT_FOUND_PAGE,
  type PageFile,
  pageFileFor,
  RECEIPT_PAGE,
} from "@/common/pages";
import type { Config } from "../../config";
import type { Db } from "../../db/connect";
import { headlines as headlineRows, launches } from "../../db/schema";
import type { LiveEvents } from "../../events/live-events";
import { escapeHtml } from "../../lib/html";
import { KeptUntilChange } from "../../lib/kept-until-change";
import { setMostRecent } from "../../lib/lru";
import {
  CARD_HEIGHT,
  CARD_WIDTH,
  cardContent,
  countlessCardVersion,
  editionCardContent,
  editionCardPath,
  editionDayCardContent,
  editionDayCardPath,
  headlineCardPath,
} from "../headlines/card-path";
import { findEditionLeader } from "../headlines/editions.service";
import { findEdition, findHeadlinePage } from "../headlines/headlines.service";
import { findByReceipt } from "../submissions/receipts";

/** What the page's head says: chat apps and crawlers read it without running the app. */
export interface PageHead {
  title: string;
  description: string;
  /** Absolute. */
  canonicalUrl: string;
  ogType: "website" | "article";
  /** Absolute. */
  imageUrl: string;
  imageAlt: string;
  /** Staff pages and the not-found page are kept out of search engines. */
  noindex: boolean;
}

/** How the server answers a page request: the app's page with its head, or a redirect to the canonical path. */
export type PageAnswer =
  | { kind: "page"; status: 200 | 404; page: PageFile; head?: PageHead }
  | { kind: "redirect"; location: string };

export type PageHeads = (pathname: string, search: string) => Promise<PageAnswer>;

/** How many headlines' pages the heads keep in memory at most. */
const MAX_CACHED_HEADLINES = 10_000;

interface Edition {
  day: string;
  leader: HeadlinePage | null;
}

/** The feeds every page links to, for readers that follow the paper. */
export const FEED_LINKS = [
  { type: "application/rss+xml", href: "/feed.xml" },
  { type: "application/feed+json", href: "/feed.json" },
] as const;

/**
 * The head of every page: a headline's page from the headline, a list page from the day's edition (its date
 * and its leader's share card).
 */
export function createPageHeads(deps: {
  db: Db;
  config: Config;
  events: LiveEvents;
  /** How long a head keeps its card while only the card's counts change (the first paints' countsMs). */
  countsMs: number;
  /** Changes closer together than this are one change to the heads (the first paints' checkMs). */
  checkMs: number;
  /** Waits for this read's turn (lib/one-at-a-turn.ts), shared with the first paints' comparisons. */
  turn: () => Promise<void>;
}): PageHeads {
  const { db, config } = deps;
  const site = config.siteName;
  const absolute = (p: string) => `${config.publicUrl}${p}`;

  // The day's edition and the headlines asked for, read once and kept until a change is announced (in this
  // process at once, from others through the live events: the list cache's announcements, decision 006)
  // and for LIST_CACHE_MS at most, which bounds what no event announces (a market refresh).
  const kept = { ttlMs: config.listCacheMs, max: MAX_CACHED_HEADLINES };
  // Read again after a change, each when its turn comes: never a burst of them beside the votes (issue 28).
  const inTurn =
    <K, V>(load: (key: K) => Promise<V>) =>
    async (key: K) => {
      await deps.turn();
      return load(key);
    };
  const edition = new KeptUntilChange<"edition", Edition>(
    inTurn(() => findEdition(db)),
    kept,
  );
  /** A headline for its page: a link posted on X brings crawlers and readers to one page at once. */
  const headlines = new KeptUntilChange<number, HeadlinePage | null>(
    inTurn((id) => findHeadlinePage(db, id)),
    kept,
  );
  /** An edition's day and its winner or leader, null for a day without an edition. */
  const editions = new KeptUntilChange<string, Awaited<ReturnType<typeof findEditionLeader>>>(
    inTurn((day) => findEditionLeader(db, day, new Date())),
    kept,
  );
  /** Whether a receipt id is one: any other is the not-found page with its 404 (issue 28). */
  const receipts = new KeptUntilChange<string, boolean>(
    inTurn(async (receipt) => Boolean(await findByReceipt(db, receipt))),
    kept,
  );
  /** An edition's launch: the winner's title, or null for a day without one (its page is then the 404). */
  const launchDays = new KeptUntilChange<string, { title: string } | null>(
    inTurn(async (day) => {
      const [row] = await db
        .select({ title: headlineRows.title })
        .from(launches)
        .innerJoin(headlineRows, eq(headlineRows.id, launches.headlineId))
        .where(eq(launches.editionDay, day))
        .orderBy(asc(launches.id))
        .limit(1);
      return row ?? null;
    }),
    kept,
  );
  const forgetAll = () => {
    edition.forget();
    headlines.forget();
    editions.forget();
    receipts.forget();
    launchDays.forget();
  };
  // A change is read again at once, and at most once more per `checkMs` while changes keep coming, all of
  // them at its end. A change announced as counts only (a vote, a market refresh: migration 0021) waits
  // `countsMs` first: what a head shows of counts (a card's figures, the day's leader) may be that far
  // behind, as a first paint's counts are (decision 015), and a stream of votes costs one read of each head
  // per `countsMs`, not one a second (decision 021).
  let throttled: ReturnType<typeof setTimeout> | undefined;
  let changedMeanwhile = false;
  const endOfThrottle = () => {
    throttled = undefined;
    if (!changedMeanwhile) return;
    changedMeanwhile = false;
    forgetAll();
    throttle();
  };
  const throttle = () => {
    throttled = setTimeout(endOfThrottle, deps.checkMs);
    throttled.unref?.();
  };
  const changed = () => {
    if (throttled) {
      changedMeanwhile = true;
      return;
    }
    forgetAll();
    throttle();
  };
  let countsBehind: ReturnType<typeof setTimeout> | undefined;
  deps.events.onChange((topics, { countsOnly }) => {
    if (topics.every((topic) => topic === "notifications")) return;
    if (!countsOnly) return changed();
    if (countsBehind) return;
    countsBehind = setTimeout(() => {
      countsBehind = undefined;
      changed();
    }, deps.countsMs);
    countsBehind.unref?.();
  });

  // The card each page's head named, by page: named again while only its counts differ, for `countsMs`.
  // A vote on the leader changes its card's figures; a head that named a new card with every vote would
  // be a new page to render and compress with every vote (web-app.ts keeps pages by their head).
  const named = new Map<string, { countless: string; path: string; since: number }>();
  // Each card hashed once per read of what it draws (`source`, the object the caches above hold), not once
  // per request: two hashes of a page's card were the head's largest cost under a crowd.
  const hashed = new WeakMap<object, { countless: string; path: string }>();
  const cardOf = (pathname: string, source: object, drawn: () => { content: unknown; path: string }) => {
    let known = hashed.get(source);
    if (!known) {
      const { content, path } = drawn();
      known = { countless: countlessCardVersion(content), path };
      hashed.set(source, known);
    }
    const { countless, path } = known;
    const now = Date.now();
    const before = named.get(pathname);
    const kept = before && before.countless === countless && now - before.since < deps.countsMs;
    const card = kept ? before : { countless, path, since: now };
    setMostRecent(named, pathname, card, MAX_CACHED_HEADLINES);
    return absolute(card.path);
  };

  const launchHead = async (pathname: string): Promise<PageAnswer | null> => {
    const day = LAUNCH_PAGE_PATTERN.exec(pathname)?.[1];
    const found = day ? await launchDays.get(day) : null;
    if (!day || !found) return null;
    // The card of the edition it launched from (that day's winner), else today's.
    const launchEdition = await editions.get(day);
    const imageUrl = launchEdition
      ? editionDayCardPath({ day, leader: launchEdition.leader, final: launchEdition.final })
      : editionCardPath({ day, leader: (await edition.get("edition")).leader });
    return {
      kind: "page",
      status: 200,
      page: LAUNCH_PAGE,
      head: {
        title: launchTitle(site, day),
        description: `${SCREEN_DESCRIPTIONS.launch} The coin of "${found.title}".`,
        canonicalUrl: absolute(`/launch/${day}`),
        ogType: "article",
        imageUrl: absolute(imageUrl),
        imageAlt: `${site}, ${editionDate(day)}: ${found.title}`,
        noindex: false,
      },
    };
  };

  const editionHead = async (pathname: string): Promise<PageAnswer | null> => {
    const day = EDITION_PATH_PATTERN.exec(pathname)?.[1];
    const found = day ? await editions.get(day) : null;
    if (!day || !found) return null;
    const { leader, final } = found;
    const lead = leader
      ? final
        ? ` "${leader.title}" won${leader.votes > 0 ? ` with ${leader.votes} votes` : ""}.`
        : ` Leading now: "${leader.title}".`
      : "";
    return {
      kind: "page",
      status: 200,
      page: EDITION_PAGE,
      head: {
        title: editionTitle(site, day),
        description: `${SCREEN_DESCRIPTIONS.edition}${lead}`,
        canonicalUrl: absolute(`/edition/${day}`),
        ogType: "article",
        imageUrl: cardOf(pathname, found, () => ({
          content: editionDayCardContent({ day, leader, final }),
          path: editionDayCardPath({ day, leader, final }),
        })),
        imageAlt: leader ? `${site}, ${editionDate(day)}: ${leader.title}` : `${site}, ${editionDate(day)}`,
        noindex: false,
      },
    };
  };

  const listHead = async (page: Exclude<PageFile, "headline">, pathname: string): Promise<PageHead> => {
    const today = await edition.get("edition");
    const { day, leader } = today;
    const lead = page === "home" && leader ? ` Today's leader: "${leader.title}".` : "";
    return {
      title: page === "home" ? frontPageTitle(site, day) : screenTitle(page, site),
      description: `${SCREEN_DESCRIPTIONS[page]}${lead}`,
      canonicalUrl: absolute(canonicalPagePath(pathname)),
      ogType: "website",
      imageUrl: cardOf(page, today, () => ({
        content: editionCardContent({ day, leader }),
        path: editionCardPath({ day, leader }),
      })),
      imageAlt: leader ? `${site}: ${leader.title}` : `${site}, ${editionDate(day)}`,
      // A receipt is private to whoever holds its link: never in a search engine.
      noindex: page === "admin" || page === NOT_FOUND_PAGE || page === RECEIPT_PAGE,
    };
  };

  return async (pathname, search) => {
    const page = pageFileFor(pathname);
    if (page === EDITION_PAGE) {
      return (
        (await editionHead(pathname)) ?? {
          kind: "page",
          status: 404,
          page: NOT_FOUND_PAGE,
          head: await listHead(NOT_FOUND_PAGE, pathname),
        }
      );
    }
    if (page === LAUNCH_PAGE) {
      return (
        (await launchHead(pathname)) ?? {
          kind: "page",
          status: 404,
          page: NOT_FOUND_PAGE,
          head: await listHead(NOT_FOUND_PAGE, pathname),
        }
      );
    }
    const receipt = page === RECEIPT_PAGE ? /^\/submission\/([^/]+)$/.exec(pathname)?.[1] : undefined;
    if (page === RECEIPT_PAGE && !(receipt && (await receipts.get(decodeURIComponentSafe(receipt))))) {
      return {
        kind: "page",
        status: 404,
        page: NOT_FOUND_PAGE,
        head: await listHead(NOT_FOUND_PAGE, pathname),
      };
    }
    if (page !== HEADLINE_PAGE) {
      return {
        kind: "page",
        status: page === NOT_FOUND_PAGE ? 404 : 200,
        page,
        head: await listHead(page, pathname),
      };
    }
    const parsed = parseHeadlinePath(pathname);
    const headline = parsed && (await headlines.get(parsed.id));
    if (!headline) {
      return {
        kind: "page",
        status: 404,
        page: NOT_FOUND_PAGE,
        head: await listHead(NOT_FOUND_PAGE, pathname),
      };
    }
    const canonical = headlinePath(headline);
    if (pathname !== canonical) return { kind: "redirect", location: `${canonical}${search}` };
    return {
      kind: "page",
      status: 200,
      page,
      head: {
        title: documentTitle(headline.title, site),
        description: shortenAtWord(headline.description || SCREEN_DESCRIPTIONS.home, 200),
        canonicalUrl: absolute(canonical),
        ogType: "article",
        imageUrl: cardOf(canonical, headline, () => ({
          content: cardContent(headline),
          path: headlineCardPath(headline),
        })),
        imageAlt: headline.title,
        noindex: false,
      },
    };
  };
}

/** The head's tags, every value escaped for its attribute or text. */
export function renderHeadTags(head: PageHead, siteName: string, publicUrl: string): string {
  const meta = (attr: "name" | "property", key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}">`;
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    meta("name", "description", head.description),
    head.noindex ? meta("name", "robots", "noindex") : "",
    `<link rel="canonical" href="${escapeHtml(head.canonicalUrl)}">`,
    meta("property", "og:site_name", siteName),
    meta("property", "og:title", head.title),
    meta("property", "og:description", head.description),
    meta("property", "og:type", head.ogType),
    meta("property", "og:url", head.canonicalUrl),
    meta("property", "og:image", head.imageUrl),
    meta("property", "og:image:type", "image/png"),
    meta("property", "og:image:width", String(CARD_WIDTH)),
    meta("property", "og:image:height", String(CARD_HEIGHT)),
    meta("property", "og:image:alt", head.imageAlt),
    meta("name", "twitter:card", "summary_large_image"),
    meta("name", "twitter:title", head.title),
    meta("name", "twitter:description", head.description),
    meta("name", "twitter:image", head.imageUrl),
    ...FEED_LINKS.map(
      (feed) =>
        `<link rel="alternate" type="${feed.type}" title="${escapeHtml(siteName)}" href="${escapeHtml(publicUrl + feed.href)}">`,
    ),
  ].join("");
}

/** A path segment decoded, or as it is when it is no valid encoding. */
function decodeURIComponentSafe(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
