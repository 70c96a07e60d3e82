// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { sampleHeadline } from "@/common/testing/headlines";
import { Leaderboard } from "./leaderboard";

afterEach(cleanup);

describe("Current Leaderboard (issue 23)", () => {
  it("ranks every candidate, a headline with no vote too, and says votes as the cards do", () => {
    const items = [
      sampleHeadline({ id: 1, title: "Two votes", votes: 2 }),
      sampleHeadline({ id: 2, title: "No vote yet", votes: 0 }),
      sampleHeadline({ id: 3, title: "Five votes", votes: 5 }),
    ];
    render(<Leaderboard items={items} highlight={3} />);
    const rows = within(screen.getByRole("list")).getAllByRole("listitem");
    expect(rows.map((r) => r.textContent)).toEqual([
      "Rank 1.Five votes5 votes",
      "Rank 2.Two votes2 votes",
      "Rank 3.No vote yet0 votes",
    ]);
    expect(document.body.textContent).not.toContain("PTS");
  });

  it("says one vote, and still invites the first vote when nobody has voted", () => {
    render(<Leaderboard items={[sampleHeadline({ id: 1, title: "Alone", votes: 0 })]} highlight={3} />);
    expect(screen.getByText("No votes yet! Be the first to vote.")).toBeTruthy();
    expect(within(screen.getByRole("list")).getAllByRole("listitem")).toHaveLength(1);
    cleanup();
    render(<Leaderboard items={[sampleHeadline({ id: 1, title: "Once", votes: 1 })]} highlight={3} />);
    expect(screen.getByRole("listitem").textContent).toBe("Rank 1.Once1 vote");
  });

  it("keeps the spec's top 6", () => {
    const items = Array.from({ length: 8 }, (_, i) =>
      sampleHeadline({ id: i + 1, title: `H${i}`, votes: i }),
    );
    render(<Leaderboard items={items} highlight={3} />);
    expect(within(screen.getByRole("list")).getAllByRole("listitem")).toHaveLength(6);
  });
});
