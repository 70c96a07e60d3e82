import { describe, expect, it } from "vitest";
import { headlinePath, parseHeadlinePath, slugOf } from "./headline-path";

describe("headline pages' paths", () => {
  it("makes a readable slug, cut at a word", () => {
    expect(slugOf("Local Cat Elected Mayor!")).toBe("local-cat-elected-mayor");
    expect(slugOf("Café déjà vu — 100% real")).toBe("cafe-deja-vu-100-real");
    expect(slugOf("</title><script>alert(1)</script>")).toBe("title-script-alert-1-script");
    expect(slugOf("🚀🚀🚀")).toBe("");
    const long = slugOf("word ".repeat(40));
    expect(long.length).toBeLessThanOrEqual(60);
    expect(long.endsWith("word")).toBe(true);
  });

  it("builds the canonical path", () => {
    expect(headlinePath({ id: 42, title: "Local cat elected mayor" })).toBe("/h/42/local-cat-elected-mayor");
    expect(headlinePath({ id: 7, title: "🚀" })).toBe("/h/7");
  });

  it("reads an id from any slug, and refuses what is not a headline page", () => {
    expect(parseHeadlinePath("/h/42")).toEqual({ id: 42, slug: "" });
    expect(parseHeadlinePath("/h/42/")).toEqual({ id: 42, slug: "" });
    expect(parseHeadlinePath("/h/42/anything-else")).toEqual({ id: 42, slug: "anything-else" });
    expect(parseHeadlinePath("/H/42/x/")).toEqual({ id: 42, slug: "x" });
    for (const bad of [
      "/h/",
      "/h/0",
      "/h/-1",
      "/h/4.2",
      "/h/0x10",
      "/h/99999999999",
      "/h/3000000000",
      "/h/1/a/b",
    ]) {
      expect(parseHeadlinePath(bad), bad).toBeNull();
    }
  });
});
