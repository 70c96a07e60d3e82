import { type Headline, isApprovedStage } from "@/common/headline";
import type { headlines } from "../../db/schema";

type HeadlineRow = typeof headlines.$inferSelect;

/** The one mapping from a stored headline to what the API shows; private columns stop here. */
export function toHeadline(row: HeadlineRow): Headline {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    imageUrl: row.imageUrl,
    submittedBy: row.submittedBy,
    createdAt: row.createdAt.toISOString(),
    votes: row.votes,
    // The spec's flags, derived from the one stage (decision 007).
    isApproved: isApprovedStage(row.stage),
    isWinner: row.stage === "winner" || row.stage === "past_winner",
    isPaid: row.isPaid,
    isTodaysNews: row.stage === "today",
    isTomorrowsNews: row.stage === "tomorrow",
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
    source: row.source,
    sourceUrl: row.sourceUrl,
    holdVotes: row.holdVotes,
    buyVotes: row.buyVotes,
    sellVotes: row.sellVotes,
    ctoVotes: row.ctoVotes,
    isPromoted: row.isPaid && row.transactionId !== null,
  };
}
