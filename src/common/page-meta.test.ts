import { describe, expect, it } from "vitest";
import { documentTitle, frontPageTitle, screenTitle } from "./page-meta";

describe("document titles (issue 31)", () => {
  it("the front page names its day first and the paper last, as every other page does", () => {
    expect(frontPageTitle("Meme Gazette", "2026-11-24")).toBe(
      "Today's News, Tuesday, November 24, 2026 | Meme Gazette",
    );
    expect(screenTitle("home", "Meme Gazette")).toBe("Today's News | Meme Gazette");
    expect(screenTitle("about", "Meme Gazette")).toBe("About | Meme Gazette");
    expect(documentTitle("Frog wins", "Meme Gazette")).toBe("Frog wins | Meme Gazette");
  });
});
