import type { TrendingHeadlineSource, TrendingTokenSource } from "@/common/trending";

/** What the source pickers show: the feeds grouped by publisher, in the spec's order. */
export const HEADLINE_SOURCE_GROUPS: readonly {
  label: string;
  sources: readonly { value: TrendingHeadlineSource; label: string }[];
}[] = [
  {
    label: "News",
    sources: [
      { value: "news", label: "News: Top Stories" },
      { value: "news-business", label: "News: Business" },
      { value: "news-entertainment", label: "News: Entertainment" },
      { value: "news-health", label: "News: Health" },
      { value: "news-science", label: "News: Science" },
      { value: "news-sports", label: "News: Sports" },
      { value: "news-technology", label: "News: Technology" },
    ],
  },
  {
    label: "New York Times",
    sources: [
      { value: "nyt", label: "NYT: Home Page" },
      { value: "nyt-politics", label: "NYT: Politics" },
      { value: "nyt-business", label: "NYT: Business" },
      { value: "nyt-sports", label: "NYT: Sports" },
      { value: "nyt-technology", label: "NYT: Technology" },
      { value: "nyt-arts", label: "NYT: Arts" },
      { value: "nyt-science", label: "NYT: Science" },
      { value: "nyt-world", label: "NYT: World" },
      { value: "nyt-us", label: "NYT: U.S." },
    ],
  },
  { label: "Social", sources: [{ value: "twitter", label: "X (Twitter)" }] },
];

export const TOKEN_SOURCE_LABELS: Record<TrendingTokenSource, string> = {
  dexscreener: "DexScreener",
  jupiter: "Jupiter",
  all: "All Sources",
};

/** A feed's readable name for an item's badge; an unknown source shows as the server wrote it. */
export function headlineSourceLabel(source: string): string {
  for (const group of HEADLINE_SOURCE_GROUPS) {
    const found = group.sources.find((option) => option.value === source);
    if (found) return found.label;
  }
  return source;
}

export function tokenSourceLabel(source: string): string {
  return (TOKEN_SOURCE_LABELS as Record<string, string>)[source] ?? source;
}
