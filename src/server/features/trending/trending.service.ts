import type { Headline } from "@/common/headline";
import {
  type ImportHeadlineInput,
  TRENDING_MESSAGES,
  type TrendingHeadline,
  type TrendingHeadlineSource,
} from "@/common/trending";
import type { Config } from "../../config";
import type { Db } from "../../db/connect";
import { parseFeed } from "../../integrations/rss";
import type { SafeFetch } from "../../integrations/safe-fetch";
import { fetchXTrends } from "../../integrations/x-trends";
import { conflict, HttpError } from "../../lib/http-error";
import { type Actor, createHeadlineIn } from "../headlines/headline-stage";
import { toHeadline } from "../headlines/headline-view";

export interface TrendingDeps {
  http: SafeFetch;
  config: Pick<Config, "newsFeedBaseUrl" | "nytFeedBaseUrl" | "twitterApiToken" | "twitterApiBaseUrl">;
}

/** The `news-*` sources: Google News topic feeds. */
const NEWS_TOPICS: Record<string, string> = {
  "news-business": "BUSINESS",
  "news-entertainment": "ENTERTAINMENT",
  "news-health": "HEALTH",
  "news-science": "SCIENCE",
  "news-sports": "SPORTS",
  "news-technology": "TECHNOLOGY",
};

/** The `nyt-*` sources: New York Times section feeds. */
const NYT_SECTIONS: Record<string, string> = {
  nyt: "HomePage",
  "nyt-politics": "Politics",
  "nyt-business": "Business",
  "nyt-sports": "Sports",
  "nyt-technology": "Technology",
  "nyt-arts": "Arts",
  "nyt-science": "Science",
  "nyt-world": "World",
  "nyt-us": "US",
};

const GOOGLE_NEWS_EDITION = "hl=en-US&gl=US&ceid=US:en";
const NYT_PUBLISHER = "The New York Times";
const GOOGLE_PUBLISHER = "Google News";

/** The feed URL of an RSS source; null for `twitter`, which is not a feed. */
export function feedUrlFor(
  source: TrendingHeadlineSource,
  config: Pick<Config, "newsFeedBaseUrl" | "nytFeedBaseUrl">,
): string | null {
  const news = config.newsFeedBaseUrl.replace(/\/+$/, "");
  const nyt = config.nytFeedBaseUrl.replace(/\/+$/, "");
  if (source === "news") return `${news}/rss?${GOOGLE_NEWS_EDITION}`;
  const topic = NEWS_TOPICS[source];
  if (topic) return `${news}/rss/headlines/section/topic/${topic}?${GOOGLE_NEWS_EDITION}`;
  const section = NYT_SECTIONS[source];
  if (section) return `${nyt}/services/xml/rss/nyt/${section}.xml`;
  return null;
}

/** Shown in the list; long descriptions are cut here, the import fits them again. */
const LIST_DESCRIPTION_MAX = 500;

/**
 * GET /api/trending/{source}. An empty feed is an empty list (the dashboard shows "No Headlines Found");
 * `twitter` without a token is a 503 saying so; anything the source does wrong is the caller's 502.
 */
export async function fetchTrendingHeadlines(
  source: TrendingHeadlineSource,
  deps: TrendingDeps,
): Promise<TrendingHeadline[]> {
  if (source === "twitter") {
    const token = deps.config.twitterApiToken;
    if (!token) throw new HttpError(503, TRENDING_MESSAGES.twitterNotConfigured);
    const trends = await fetchXTrends(deps.http, deps.config.twitterApiBaseUrl, token);
    return trends.map((trend) => ({
      title: cut(trend.name, 100),
      description:
        trend.postCount === null
          ? `${trend.name} is trending on X right now.`
          : `${trend.name} is trending on X with ${trend.postCount.toLocaleString("en-US")} posts.`,
      source: "X (Twitter)",
      url: `https://x.com/search?q=${encodeURIComponent(trend.name)}`,
    }));
  }

  const url = feedUrlFor(source, deps.config);
  if (!url) throw new HttpError(400, TRENDING_MESSAGES.unknownHeadlineSource);
  const response = await deps.http.request(url, {
    headers: { accept: "application/rss+xml, application/xml;q=0.9, text/xml;q=0.8, */*;q=0.1" },
  });
  const isNyt = source.startsWith("nyt");
  return parseFeed(response.text()).map((item) => {
    const publisher = item.publisher ?? (isNyt ? NYT_PUBLISHER : GOOGLE_PUBLISHER);
    // Google News titles end in " - Publisher"; the publisher is already the source.
    const title =
      item.publisher && item.title.endsWith(` - ${item.publisher}`)
        ? item.title.slice(0, -(item.publisher.length + 3)).trim()
        : item.title;
    return {
      title,
      description: cut(item.description, LIST_DESCRIPTION_MAX),
      source: publisher,
      url: item.link,
    };
  });
}

export const IMPORT_TITLE_MAX = 100;
export const IMPORT_DESCRIPTION_MIN = 20;
export const IMPORT_DESCRIPTION_MAX = 500;

/**
 * POST /api/headlines/import: the headline joins Tomorrow's News, approved and marked imported. The
 * UNIQUE source URL makes a second import of the same story a 409 that changes nothing, however many
 * requests race.
 */
export async function importHeadline(
  db: Db,
  input: ImportHeadlineInput,
  actor: Actor,
  now = new Date(),
): Promise<Headline> {
  const source = input.source ?? hostOf(input.url);
  const values = {
    title: cut(input.title.replace(/\s+/g, " ").trim(), IMPORT_TITLE_MAX),
    description: fitDescription(input.description ?? "", input.title, source),
    imageUrl: null,
    submittedBy: "admin",
    createdAt: now,
    importedNews: true,
    source,
    sourceUrl: input.url,
  };
  const row = await db.transaction((tx) => createHeadlineIn(tx, "importNews", values, actor, now, true));
  if (!row) throw conflict(TRENDING_MESSAGES.headlineAlreadyImported);
  return toHeadline(row);
}

/** A description within 20..500 characters: the feed's text, else the title, with the source as padding. */
export function fitDescription(description: string, title: string, source: string): string {
  let text = description.replace(/\s+/g, " ").trim() || title.replace(/\s+/g, " ").trim();
  if (text.length < IMPORT_DESCRIPTION_MIN) text = `${text} (via ${source})`.trim();
  if (text.length < IMPORT_DESCRIPTION_MIN) text = `${text} - imported trending headline`;
  return cut(text, IMPORT_DESCRIPTION_MAX);
}

/** Cuts to `max` characters (whole code points), with "..." when something was cut. */
export function cut(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars
    .slice(0, max - 3)
    .join("")
    .trimEnd()}...`;
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return "imported";
  }
}
