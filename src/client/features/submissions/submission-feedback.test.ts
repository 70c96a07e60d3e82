import { describe, expect, it } from "vitest";
import { SUBMISSION_MESSAGES } from "@/common/submission";
import { fieldForServerMessage } from "./submission-feedback";

describe("fieldForServerMessage", () => {
  it("finds the field of every message that names one field", () => {
    const M = SUBMISSION_MESSAGES;
    expect(fieldForServerMessage(M.titleMin)).toBe("title");
    expect(fieldForServerMessage(M.titleMax)).toBe("title");
    expect(fieldForServerMessage(M.descriptionMin)).toBe("description");
    expect(fieldForServerMessage(M.descriptionMax)).toBe("description");
    expect(fieldForServerMessage(M.articleUrl)).toBe("articleUrl");
    expect(fieldForServerMessage(M.twitterUrl)).toBe("twitterUrl");
    expect(fieldForServerMessage(M.websiteUrl)).toBe("websiteUrl");
    expect(fieldForServerMessage(M.imageRequired)).toBe("imageUrl");
    expect(fieldForServerMessage(M.imageUrl)).toBe("imageUrl");
    expect(fieldForServerMessage(M.submittedByMin)).toBe("submittedBy");
    expect(fieldForServerMessage(M.submittedByMax)).toBe("submittedBy");
    expect(fieldForServerMessage(M.launchStatus)).toBe("launchStatus");
    expect(fieldForServerMessage(M.launchDate)).toBe("launchDate");
    expect(fieldForServerMessage(M.transactionId)).toBe("transactionId");
    expect(fieldForServerMessage(M.transactionIdMax)).toBe("transactionId");
  });

  it("names no field for a message shared by several fields or unknown to the form", () => {
    expect(fieldForServerMessage(SUBMISSION_MESSAGES.urlTooLong)).toBeNull();
    expect(
      fieldForServerMessage("Too many submissions from your network. Please try again in an hour."),
    ).toBeNull();
    expect(fieldForServerMessage("")).toBeNull();
  });
});
