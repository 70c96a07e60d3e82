import { describe, expect, it } from "vitest";
import type { AdminHeadline } from "@/common/admin";
import { sampleAdminHeadline } from "@/common/testing/headlines";
import { byVotes, isActive, isDeveloperProject, isInTodaysVoting, isPending } from "./headline-filters";

function headline(overrides: Partial<AdminHeadline> = {}): AdminHeadline {
  return sampleAdminHeadline({ title: "A headline", description: "", isTodaysNews: true, ...overrides });
}

describe("dashboard tab filters", () => {
  it("puts unapproved headlines in Pending only", () => {
    const h = headline({ isApproved: false });
    expect(isPending(h)).toBe(true);
    expect(isActive(h)).toBe(false);
  });

  it("keeps a paid submission awaiting payment in Active but out of today's voting", () => {
    const h = headline({ transactionId: "abcdefghij12", isPaid: false });
    expect(isActive(h)).toBe(true);
    expect(isInTodaysVoting(h)).toBe(false);
    expect(isInTodaysVoting({ ...h, isPaid: true })).toBe(true);
    // A Solana Pay submission not paid yet has no transaction at all: still out of voting.
    const awaiting = headline({ isPromotedSubmission: true, awaitingPayment: true });
    expect(isInTodaysVoting(awaiting)).toBe(false);
  });

  it("leaves a promoted submission that expired unpaid out of Pending", () => {
    expect(isPending(headline({ isApproved: false, stage: "expired", isPromotedSubmission: true }))).toBe(
      false,
    );
  });

  it("leaves tomorrow-only headlines to the Tomorrow's News tab, but never loses one with both flags off", () => {
    expect(isActive(headline({ isTodaysNews: false, isTomorrowsNews: true }))).toBe(false);
    expect(isActive(headline({ isTodaysNews: true, isTomorrowsNews: true }))).toBe(true);
    expect(isActive(headline({ isTodaysNews: false, isTomorrowsNews: false }))).toBe(true);
  });

  it("takes winners and moved headlines out of Active", () => {
    expect(isActive(headline({ isWinner: true }))).toBe(false);
    expect(isActive(headline({ isOldNews: true }))).toBe(false);
  });

  it("marks paid-form headlines (a launch status and a transaction) as developer projects", () => {
    expect(isDeveloperProject(headline({ launchStatus: "upcoming", transactionId: "abcdefghij12" }))).toBe(
      true,
    );
    expect(isDeveloperProject(headline({ launchStatus: "upcoming", isPromotedSubmission: true }))).toBe(true);
    // A contract address set by staff makes any headline "launched"; that alone is no developer project.
    expect(isDeveloperProject(headline({ launchStatus: "launched" }))).toBe(false);
  });

  it("ranks by votes, the older headline first on a tie", () => {
    const older = headline({ id: 1, votes: 5, createdAt: "2026-11-19T00:00:00.000Z" });
    const newer = headline({ id: 2, votes: 5, createdAt: "2026-11-20T00:00:00.000Z" });
    const top = headline({ id: 3, votes: 9 });
    expect(byVotes([newer, older, top]).map((h) => h.id)).toEqual([3, 1, 2]);
  });
});
