import { describe, expect, it } from "vitest";
import { headlineShareText, tradeLinks, winnerPostUrl } from "./share";
import { shareLinks, tokenShareText, tomorrowVotePostUrl } from "./share-links";

describe("share texts", () => {
  it("names the symbol, else the title, and the site", () => {
    expect(tokenShareText({ symbol: "FROG", title: "Frog news" }, "Meme Gazette")).toBe(
      "Check out FROG on Meme Gazette!",
    );
    expect(tokenShareText({ symbol: null, title: "Frog news" }, "Meme Gazette")).toBe(
      "Check out Frog news on Meme Gazette!",
    );
  });

  it("builds encoded X, Facebook and e-mail links with the description cut for sharing", () => {
    const links = shareLinks({ text: "Hi & bye", url: "https://x.test/a?b=1", description: "d".repeat(120) });
    expect(links.x).toContain("text=Hi%20%26%20bye");
    expect(links.x).toContain(encodeURIComponent(`${"d".repeat(97)}...`));
    expect(links.x).toContain("url=https%3A%2F%2Fx.test%2Fa%3Fb%3D1");
    expect(links.facebook).toBe(
      "https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fx.test%2Fa%3Fb%3D1",
    );
    expect(links.email.startsWith("mailto:?subject=Hi%20%26%20bye")).toBe(true);
  });
});

describe("a headline's share text fits its stage", () => {
  const h = { title: "Frog buys the moon", symbol: null as string | null };
  it("asks for a vote before the close, on the paper's clock in winter and in summer", () => {
    expect(headlineShareText({ ...h, stage: "today" }, "Meme Gazette", "2026-11-27T01:00:00Z")).toBe(
      'Vote for "Frog buys the moon" on Meme Gazette before 8 PM Eastern!',
    );
    expect(headlineShareText({ ...h, stage: "today" }, "Meme Gazette", "2026-07-01T23:30:00Z")).toBe(
      'Vote for "Frog buys the moon" on Meme Gazette before 7:30 PM Eastern!',
    );
    expect(headlineShareText({ ...h, stage: "tomorrow" }, "MG")).toBe(
      `Vote for "Frog buys the moon" in MG's Tomorrow's News!`,
    );
  });

  it("tells the win and the launch", () => {
    expect(headlineShareText({ ...h, stage: "winner" }, "MG")).toBe(
      `"Frog buys the moon" won today's vote on MG!`,
    );
    expect(headlineShareText({ ...h, symbol: "FROG", stage: "launched" }, "MG")).toBe(
      `"Frog buys the moon" launched as $FROG: read it on MG`,
    );
    expect(headlineShareText({ ...h, stage: "held" }, "MG")).toBe(`Read "Frog buys the moon" on MG`);
  });

  it("links to Telegram's share page with the address and the text", () => {
    expect(shareLinks({ text: "Vote & win", url: "https://x.test/h/1" }).telegram).toBe(
      "https://t.me/share/url?url=https%3A%2F%2Fx.test%2Fh%2F1&text=Vote%20%26%20win",
    );
  });
});

describe("winner and vote posts", () => {
  const ca = "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU";

  it("prefills the winner post with the title, $symbol, address, a DEX and a pump link", () => {
    const page = "https://memegazette.example/h/7/frog-wins";
    const url = new URL(winnerPostUrl({ title: "Frog wins", symbol: "FROG", contractAddress: ca }, page));
    expect(url.searchParams.get("text")).toBe(
      `Frog wins $FROG\nCA: ${ca}\nChart: https://dexscreener.com/solana/${ca}\nPump: https://pump.fun/coin/${ca}`,
    );
    expect(url.searchParams.get("url")).toBe(page);
    expect(
      decodeURIComponent(winnerPostUrl({ title: "Frog wins", symbol: null, contractAddress: null }, page)),
    ).toContain("text=Frog wins");
  });

  it("adds the Top4 hashtag only for the top four", () => {
    expect(
      tomorrowVotePostUrl({ title: "A" }, "https://x.test/tomorrows-news", "Meme Gazette", true),
    ).toContain("hashtags=MemeCoin,TomorrowsNews,Top4");
    const plain = tomorrowVotePostUrl({ title: "A" }, "https://x.test/tomorrows-news", "Meme Gazette", false);
    expect(plain).not.toContain("Top4");
    expect(plain).toContain("url=https%3A%2F%2Fx.test%2Ftomorrows-news");
  });

  it("lists three trade links per address", () => {
    expect(tradeLinks(ca).map((l) => l.label)).toEqual(["DexScreener", "Jupiter", "Pump.fun"]);
  });
});
