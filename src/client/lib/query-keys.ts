/** Every query key of the app, so invalidations (after a vote, an edit) name the same thing. */
export const queryKeys = {
  settings: ["settings"],
  headlines: ["headlines"],
  tomorrowsNews: ["tomorrows-news"],
  yesterdaysNews: ["yesterdays-news"],
  /** Followed by the mint: a launched token's safety facts, fetched when its card's facts are opened. */
  tokenFacts: ["token-facts"],
  archive: ["archive"],
  notifications: ["notifications"],
  paymentInfo: ["payment-info"],
  /** Followed by the receipt id; "submission" is also the live topic that refreshes every open receipt. */
  submission: ["submission"],
  myVotes: ["me", "votes"],
  user: ["user"],
  /** Everything under "admin" is dashboard-only; invalidating ["admin"] refreshes all of it. */
  admin: ["admin"],
  adminHeadlines: ["admin", "headlines"],
  adminSummary: ["admin", "summary"],
  /**
   * Followed by the source: ["trending-headlines", "nyt"]. Kept outside "admin" on purpose: refreshing the
   * dashboard after each action must not call the outside news and token services again.
   */
  trendingHeadlines: ["trending-headlines"],
  trendingTokens: ["trending-tokens"],
  adminNotifications: ["admin", "notifications"],
  adminAccounts: ["admin", "accounts"],
  voteEvidence: ["admin", "vote-evidence"],
  /** Followed by the filters and page: ["admin", "audit", { headline, account, page }]. */
  audit: ["admin", "audit"],
  telegram: ["admin", "telegram"],
  /** The launch dialog's settings and the current winner's launches. */
  launchSettings: ["admin", "launches"],
  /** Followed by the id: one launch, Sell or Buy back, as the dialog follows it on chain. */
  launch: ["admin", "launch"],
  /** Followed by the edition date: its public launch receipt; "launches" is also its live topic. */
  launchReceipt: ["launches"],
  autopilot: ["admin", "autopilot"],
} as const;
