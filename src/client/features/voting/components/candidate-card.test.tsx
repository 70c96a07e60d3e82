// @vitest-environment happy-dom
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { sampleHeadline } from "@/common/testing/headlines";
import { CandidateCard } from "./candidate-card";

afterEach(cleanup);

const card = (inPage: boolean) =>
  render(
    <CandidateCard
      candidate={sampleHeadline({ id: 7, title: "Beaver builds tomorrow's dam", votes: 8 })}
      isTopFour={false}
      voted={false}
      votingEnded={false}
      outOfVotes={false}
      sending={false}
      onVote={() => {}}
      siteName="Meme Gazette"
      telegramUrl={null}
      inPage={inPage}
    />,
  );

describe("a Tomorrow's News candidate's count (issue 31)", () => {
  it("names its race on the headline's own page, where today's race may be counted beside it", () => {
    card(true);
    expect(document.body.textContent).toContain("8 votes in Tomorrow's News");
  });

  it("says just the count on Tomorrow's News itself, where every count is of that race", () => {
    card(false);
    expect(document.body.textContent).toContain("8 votes");
    expect(document.body.textContent).not.toContain("in Tomorrow's News");
  });
});
