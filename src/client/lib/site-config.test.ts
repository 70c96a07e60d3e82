// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_SITE_NAME, SITE_CONFIG_ELEMENT_ID } from "@/common/site";
import { readSiteConfig } from "./site-config";

function embed(text: string) {
  const script = document.createElement("script");
  script.id = SITE_CONFIG_ELEMENT_ID;
  script.type = "application/json";
  script.textContent = text;
  document.body.append(script);
}

afterEach(() => {
  document.getElementById(SITE_CONFIG_ELEMENT_ID)?.remove();
});

describe("readSiteConfig", () => {
  it("reads the configuration the server embeds", () => {
    embed(
      JSON.stringify({
        siteName: "Pixel Post",
        tokenAddress: "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU",
        telegramUrl: "https://t.me/pixelpost",
        xUrl: null,
        publicUrl: "https://pixelpost.example",
      }),
    );
    expect(readSiteConfig()).toEqual({
      siteName: "Pixel Post",
      tokenAddress: "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU",
      telegramUrl: "https://t.me/pixelpost",
      xUrl: null,
      publicUrl: "https://pixelpost.example",
    });
  });

  it("falls back to the default name and no links without an embed (the Vite dev server)", () => {
    expect(readSiteConfig()).toEqual({
      siteName: DEFAULT_SITE_NAME,
      tokenAddress: null,
      telegramUrl: null,
      xUrl: null,
      publicUrl: null,
    });
  });

  it("falls back when the embed is not JSON or does not match the schema", () => {
    embed("{not json");
    expect(readSiteConfig().siteName).toBe(DEFAULT_SITE_NAME);
    document.getElementById(SITE_CONFIG_ELEMENT_ID)?.remove();
    embed(JSON.stringify({ siteName: 42 }));
    expect(readSiteConfig().siteName).toBe(DEFAULT_SITE_NAME);
  });

  it("keeps only the known fields and refuses an embed that lacks one", () => {
    embed(
      JSON.stringify({ siteName: "Pixel Post", tokenAddress: null, telegramUrl: null, xUrl: null, extra: 1 }),
    );
    expect(readSiteConfig()).toEqual({
      siteName: "Pixel Post",
      tokenAddress: null,
      telegramUrl: null,
      xUrl: null,
      publicUrl: null,
    });
    document.getElementById(SITE_CONFIG_ELEMENT_ID)?.remove();
    embed(JSON.stringify({ siteName: "Pixel Post", tokenAddress: null, telegramUrl: null }));
    expect(readSiteConfig().siteName).toBe(DEFAULT_SITE_NAME);
  });

  it("never shows a blank name", () => {
    embed(JSON.stringify({ siteName: "  ", tokenAddress: null, telegramUrl: null, xUrl: null }));
    expect(readSiteConfig().siteName).toBe(DEFAULT_SITE_NAME);
  });
});
