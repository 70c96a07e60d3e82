import { z } from "zod";
import type { SafeFetch } from "./safe-fetch";

/**
 * X (Twitter) API v2 trends (https://docs.x.com/x-api/trends/get-trends-by-woeid):
 *   GET /2/trends/by/woeid/{woeid}   with an app-only bearer token
 * answering { data: [{ trend_name, tweet_count? }] }. Used only when TWITTER_API_TOKEN is set.
 */

/** Where-On-Earth id of the United States, the audience of the paper. */
export const X_TRENDS_WOEID = 23424977;

const TrendsSchema = z.object({
  data: z
    .array(z.unknown())
    .nullish()
    .transform((values) =>
      (values ?? []).flatMap((value) => {
        const parsed = z
          .object({ trend_name: z.string(), tweet_count: z.number().nullish() })
          .safeParse(value);
        return parsed.success ? [parsed.data] : [];
      }),
    ),
});

export interface XTrend {
  name: string;
  postCount: number | null;
}

export async function fetchXTrends(http: SafeFetch, baseUrl: string, token: string): Promise<XTrend[]> {
  const answer = await http.json(
    `${baseUrl.replace(/\/+$/, "")}/2/trends/by/woeid/${X_TRENDS_WOEID}`,
    TrendsSchema,
    {
      headers: { authorization: `Bearer ${token}` },
    },
  );
  return answer.data
    .map((t) => ({ name: t.trend_name.replace(/\s+/g, " ").trim(), postCount: t.tweet_count ?? null }))
    .filter((t) => t.name !== "");
}
