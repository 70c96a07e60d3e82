import { describe, expect, it } from "vitest";
import { sentimentPercentages } from "./sentiment";

describe("sentimentPercentages", () => {
  it("shows 25% each before the first vote", () => {
    expect(sentimentPercentages({ holdVotes: 0, buyVotes: 0, sellVotes: 0, ctoVotes: 0 })).toEqual({
      hold: 25,
      buy: 25,
      sell: 25,
      cto: 25,
    });
  });

  it("rounds each share of the four counts", () => {
    expect(sentimentPercentages({ holdVotes: 1, buyVotes: 1, sellVotes: 1, ctoVotes: 0 })).toEqual({
      hold: 33,
      buy: 33,
      sell: 33,
      cto: 0,
    });
    expect(sentimentPercentages({ holdVotes: 12, buyVotes: 20, sellVotes: 3, ctoVotes: 5 })).toEqual({
      hold: 30,
      buy: 50,
      sell: 8,
      cto: 13,
    });
  });
});
