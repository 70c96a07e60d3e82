import type { HeadlineStage } from "./headline";

/**
 * The staff actions' rules that both sides need: the server refuses with these words (409), and the
 * dashboard draws the control disabled with the same words beside it, instead of a button that can only fail
 * (issue 31). The server's transition table (features/headlines/headline-stage.ts) is built on IN_PLAY.
 */

/**
 * In play: approved, and not won, launched or out. For the server the three names are one stage; the
 * database mirrors the staff's two list switches into them for the previous release (migration 0011).
 */
export const IN_PLAY = ["held", "today", "tomorrow"] as const satisfies readonly HeadlineStage[];

/** Approved and still in the races' reach: not won, launched, refused or expired. */
export const isInPlay = (stage: HeadlineStage) => (IN_PLAY as readonly HeadlineStage[]).includes(stage);

/** A stage in words, for "this one is ...". */
export const STAGE_NAMES: Record<HeadlineStage, string> = {
  pending: "waiting for approval",
  rejected: "rejected",
  expired: "expired unpaid",
  held: "approved but in neither news list",
  tomorrow: "in Tomorrow's News",
  today: "in today's voting",
  winner: "the current winner",
  past_winner: "a past winner",
  launched: "a launched token",
};

export const LIST_SWITCHES_RULE =
  "Only an approved headline that is not a winner or launched can be in Today's or Tomorrow's News";

/** Why the Today's and Tomorrow's News switches refuse this headline, or null when they work. */
export function listSwitchRefusal(stage: HeadlineStage): string | null {
  return isInPlay(stage) ? null : `${LIST_SWITCHES_RULE}: this one is ${STAGE_NAMES[stage]}.`;
}

export const CROWN_RULE = "Only an approved headline that has not won or launched can become the winner";

export const UNPAID_CANNOT_WIN =
  "This promoted submission's payment is not confirmed yet: it cannot win before it is paid.";

/**
 * Why Make Winner refuses this headline, or null when it may be crowned. A promoted submission (it came
 * through the paid form) enters the race only once paid (decisions, "Third wave").
 */
export function crownRefusal(h: {
  stage: HeadlineStage;
  isPromotedSubmission: boolean;
  isPaid: boolean;
}): string | null {
  if (!isInPlay(h.stage)) return `${CROWN_RULE}: this one is ${STAGE_NAMES[h.stage]}.`;
  if (h.isPromotedSubmission && !h.isPaid) return UNPAID_CANNOT_WIN;
  return null;
}
