import { describe, expect, it } from "vitest";
import { asSentence } from "./receipt-rules";

describe("asSentence (issue 31)", () => {
  it("adds the period a reason lacks, and never a second one", () => {
    expect(asSentence("Rejected by staff")).toBe("Rejected by staff.");
    expect(asSentence("Duplicate of an earlier headline.")).toBe("Duplicate of an earlier headline.");
    expect(asSentence("Is this news?")).toBe("Is this news?");
    expect(asSentence("Spam!  ")).toBe("Spam!");
    expect(asSentence("Wait…")).toBe("Wait…");
  });
});
