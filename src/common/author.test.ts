import { describe, expect, it } from "vitest";
import { displayAuthor } from "./author";

describe("displayAuthor", () => {
  it.each([
    [null, "Anonymous"],
    [undefined, "Anonymous"],
    ["", "Anonymous"],
    ["   ", "Anonymous"],
    ["203.0.113.7", "dev"],
    ["admin", "News Source"],
    ["Admin", "Admin"],
    ["Polly Capital", "Polly Capital"],
    ["1.2.3", "1.2.3"],
  ])("shows %j as %j", (value, shown) => {
    expect(displayAuthor(value)).toBe(shown);
  });
});
