import { describe, expect, it } from "vitest";
import { shareLinks, tokenShareText } from "./share";

describe("share texts", () => {
  it("names the symbol, else the title, and the site", () => {
    expect(tokenShareText({ symbol: "FROG", title: "Frog news" }, "Meme Gazette")).toBe("Check out FROG on Meme Gazette!");
    expect(tokenShareText({ symbol: null, title: "Frog news" }, "Meme Gazette")).toBe("Check out Frog news on Meme Gazette!");
  });

  it("builds encoded X, Facebook and e-mail links with the description cut for sharing", () => {
    const links = shareLinks({ text: "Hi & bye", url: "https://x.test/a?b=1", description: "d".repeat(120) });
    expect(links.x).toContain("text=Hi%20%26%20bye");
    expect(links.x).toContain(encodeURIComponent(`${"d".repeat(97)}...`));
    expect(links.x).toContain("url=https%3A%2F%2Fx.test%2Fa%3Fb%3D1");
    expect(links.facebook).toBe("https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fx.test%2Fa%3Fb%3D1");
    expect(links.email.startsWith("mailto:?subject=Hi%20%26%20bye")).toBe(true);
  });
});
