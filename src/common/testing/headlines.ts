import type { AdminHeadline } from "../admin";
import type { Headline } from "../headline";

/**
 * A complete headline for tests (unit, component and browser), so each test names only the fields it is
 * about. The defaults describe a plain approved headline in no list.
 */
export function sampleHeadline(overrides: Partial<Headline> = {}): Headline {
  return {
    id: 1,
    title: "Sample headline",
    description: "A sample headline used by the tests.",
    imageUrl: null,
    submittedBy: null,
    createdAt: "2026-11-20T12:00:00.000Z",
    votes: 0,
    tomorrowVotes: 0,
    isApproved: true,
    isWinner: false,
    isPaid: false,
    isTodaysNews: false,
    isTomorrowsNews: false,
    importedNews: false,
    launchStatus: null,
    launchDate: null,
    articleUrl: null,
    twitterUrl: null,
    websiteUrl: null,
    contractAddress: null,
    buyUrl: null,
    chartUrl: null,
    symbol: null,
    price: null,
    marketCap: null,
    volume24h: null,
    source: null,
    sourceUrl: null,
    holdVotes: 0,
    buyVotes: 0,
    sellVotes: 0,
    ctoVotes: 0,
    isPromoted: false,
    ...overrides,
  };
}

/** The dashboard's view of a headline: the public fields plus the payment and old-news ones. */
export function sampleAdminHeadline(overrides: Partial<AdminHeadline> = {}): AdminHeadline {
  return {
    ...sampleHeadline(),
    stage: "held",
    transactionId: null,
    paymentNote: null,
    // A pasted transaction makes a promoted submission, as on the server (admin-view.ts).
    isPromotedSubmission: Boolean(overrides.transactionId),
    awaitingPayment: false,
    isOldNews: false,
    oldNewsAt: null,
    ...overrides,
  };
}
