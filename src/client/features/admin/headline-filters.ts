import type { AdminHeadline } from "@/common/admin";

/**
 * Submitted and not yet approved: the Pending Approval tab. An expired submission shows there only when its
 * payment arrived after the expiry, for staff to reinstate.
 */
export function isPending(h: AdminHeadline): boolean {
  return !h.isApproved && (h.stage !== "expired" || paidAfterExpiry(h));
}

/** Expired unpaid, then its payment was found: staff may reinstate it. */
export function paidAfterExpiry(h: AdminHeadline): boolean {
  return h.stage === "expired" && h.transactionId !== null;
}

/** The home page's voting rule (server: headlines.service inTodaysVoting), for the "In voting" mark. */
export function isInTodaysVoting(h: AdminHeadline): boolean {
  return (
    h.isApproved && !h.isWinner && h.isTodaysNews && !h.isOldNews && (!h.isPromotedSubmission || h.isPaid)
  );
}

/**
 * The Active Headlines tab: approved headlines still in play (not a winner, not moved to yesterday) that
 * are in Today's News, or in neither list. The home voting list is a subset of these (a paid one waits for
 * its payment). Those flagged only for tomorrow live in the Tomorrow's News tab; keeping the "in neither
 * list" ones here means switching both flags off never loses a headline from every tab.
 */
export function isActive(h: AdminHeadline): boolean {
  if (!h.isApproved || h.isWinner || h.isOldNews) return false;
  return h.isTodaysNews || !h.isTomorrowsNews;
}

/** Every crowned headline, current and past, plus tokens generated from a contract address. */
export function isWinner(h: AdminHeadline): boolean {
  return h.isWinner;
}

/** Headlines from the paid form carry a launch status: the "Developer Project" badge. */
export function isDeveloperProject(h: {
  launchStatus: string | null;
  isPromotedSubmission: boolean;
}): boolean {
  return h.launchStatus !== null && h.isPromotedSubmission;
}

/** Most votes first; ties keep the older headline first, like the server's winner rule. */
export function byVotes<T extends { votes: number; createdAt: string }>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => b.votes - a.votes || Date.parse(a.createdAt) - Date.parse(b.createdAt));
}
