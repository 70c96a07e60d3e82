/**
 * The community's sentiment on the winner. Plain constants and a pure rule, apart from the zod schemas
 * (votes.ts), so that the front page can show the panel without loading zod.
 */
export const SENTIMENTS = ["hold", "buy", "sell", "cto"] as const;
export type Sentiment = (typeof SENTIMENTS)[number];

/** Sentiment shares as whole percentages; 25% each before the first vote. */
export function sentimentPercentages(counts: {
  holdVotes: number;
  buyVotes: number;
  sellVotes: number;
  ctoVotes: number;
}) {
  const total = counts.holdVotes + counts.buyVotes + counts.sellVotes + counts.ctoVotes;
  if (total === 0) return { hold: 25, buy: 25, sell: 25, cto: 25 };
  const pct = (n: number) => Math.round((n / total) * 100);
  return {
    hold: pct(counts.holdVotes),
    buy: pct(counts.buyVotes),
    sell: pct(counts.sellVotes),
    cto: pct(counts.ctoVotes),
  };
}
