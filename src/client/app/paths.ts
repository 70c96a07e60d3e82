/** Every path of the site, in one place: the router, the navigation and share links all read from here. */
export const paths = {
  home: "/",
  tomorrowsNews: "/tomorrows-news",
  yesterdaysNews: "/yesterdays-news",
  /** The older name of Yesterday's News; the same screen, highlighted as Yesterday's News. */
  oldNews: "/old-news",
  archive: "/archive",
  submit: "/submit",
  paidSubmit: "/paid-submit",
  about: "/about",
  admin: "/admin",
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** Routes with parameters (not in the page table's exact paths): a headline's page, with or without a slug. */
export const paramRoutes = {
  headline: "/h/:id",
  headlineWithSlug: "/h/:id/:slug",
  /** A submitter's receipt (src/common/receipt.ts). */
  receipt: "/submission/:receipt",
  /** An edition's record (src/common/edition-record.ts). */
  edition: "/edition/:date",
  /** An edition's launch receipt (src/common/launch.ts). */
  launch: "/launch/:date",
} as const;
