/*
 * The crown's words that the public edition page prints (issue 30): apart from autopilot.ts, so that the page
 * loads two strings, not the dashboard's schemas.
 */

/**
 * The tie rule, in words for the edition page and the decision record (docs/decisions/017-the-autopilot.md): the same order
 * the close ranks by (features/headlines/headline-stage.ts, WINNER_ORDER).
 */
export const TIE_RULE =
  "Most counted votes wins. On a tie, the headline that reached its count first (its last counted vote came earlier) ranks higher, then the older headline.";

/** The edition's words while nothing is crowned. */
export const AWAITING_EDITORS = "Awaiting the editors";
