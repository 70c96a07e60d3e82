/** Every query key of the app, so invalidations (after a vote, an edit) name the same thing. */
export const queryKeys = {
  settings: ["settings"],
  headlines: ["headlines"],
  tomorrowsNews: ["tomorrows-news"],
  yesterdaysNews: ["yesterdays-news"],
  archive: ["archive"],
  notifications: ["notifications"],
  paymentInfo: ["payment-info"],
  myVotes: ["me", "votes"],
  user: ["user"],
} as const;
