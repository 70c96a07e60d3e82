import { type Headline, isApprovedStage } from "@/common/headline";
import type { headlines } from "../../db/schema";

type HeadlineRow = typeof headlines.$inferSelect;

/**
 * The one mapping from a stored headline to what the API shows; private columns stop here. `votes` is the
 * count of the race the list shows: today's (home, headline pages) or the Tomorrow's News race (its page).
 */
export function toHeadline(row: HeadlineRow, race: "today" | "tomorrow" = "today"): Headline {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    imageUrl: row.imageUrl,
    submittedBy: row.submittedBy,
    createdAt: row.createdAt.toISOString(),
    votes: race === "tomorrow" ? row.tomorrowVotes : row.votes,
    tomorrowVotes: row.tomorrowVotes,
    // The spec's flags, derived from the one stage (decision 007) and the database's list columns.
    isApproved: isApprovedStage(row.stage),
    isWinner: row.stage === "winner" || row.stage === "past_winner",
    isPaid: row.isPaid,
    isTodaysNews: row.inTodaysVoting,
    isTomorrowsNews: row.inTomorrowsNews,
    importedNews: row.importedNews,
    launchStatus: row.launchStatus,
    launchDate: row.launchDate,
    articleUrl: row.articleUrl,
    twitterUrl: row.twitterUrl,
    websiteUrl: row.websiteUrl,
    contractAddress: row.contractAddress,
    buyUrl: row.buyUrl,
    chartUrl: row.chartUrl,
    symbol: row.symbol,
    price: row.price,
    marketCap: row.marketCap,
    volume24h: row.volume24h,
    priceChange24h: row.priceChange24h,
    liquidityUsd: row.liquidityUsd,
    pairCreatedAt: row.pairCreatedAt?.toISOString() ?? null,
    source: row.source,
    sourceUrl: row.sourceUrl,
    holdVotes: row.holdVotes,
    buyVotes: row.buyVotes,
    sellVotes: row.sellVotes,
    ctoVotes: row.ctoVotes,
    isPromoted: row.isPaid && row.transactionId !== null,
  };
}
