import { describe, expect, it } from "vitest";
import { imageFallbackChain, placeholderLabel } from "./image-chain";
import { avatarUrl, tokenIconUrls } from "./images";

const ADDRESS = "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU";

describe("imageFallbackChain", () => {
  it("tries the own image, then the three token icons, then the initials avatar of the symbol", () => {
    const chain = imageFallbackChain({
      imageUrl: "https://cdn.example.com/pepe.png",
      title: "Frog wins election",
      symbol: "PEPE",
      contractAddress: ADDRESS,
    });
    expect(chain).toEqual(["https://cdn.example.com/pepe.png", ...tokenIconUrls(ADDRESS), avatarUrl("PEPE")]);
  });

  it("skips the token icons without a contract address and uses the title for the avatar without a symbol", () => {
    const chain = imageFallbackChain({
      imageUrl: null,
      title: "Cat mayor",
      symbol: null,
      contractAddress: null,
    });
    expect(chain).toEqual([avatarUrl("Cat mayor")]);
  });

  it("treats a blank image URL or symbol as missing", () => {
    const chain = imageFallbackChain({ imageUrl: "  ", title: "Dog", symbol: " ", contractAddress: "" });
    expect(chain).toEqual([avatarUrl("Dog")]);
  });

  it("tries a development-hosted image alone", () => {
    const chain = imageFallbackChain({
      imageUrl: "https://my-app.replit.dev/uploads/x.png",
      title: "Old preview",
      symbol: "OLD",
      contractAddress: ADDRESS,
    });
    expect(chain).toEqual(["https://my-app.replit.dev/uploads/x.png"]);
  });

  it("leaves the token icons out when the screen asks for it", () => {
    const chain = imageFallbackChain(
      { imageUrl: "/api/images/abc", title: "T", symbol: "TT", contractAddress: ADDRESS },
      { tokenIcons: false },
    );
    expect(chain).toEqual(["/api/images/abc", avatarUrl("TT")]);
  });
});

describe("placeholderLabel", () => {
  it("shows the symbol when there is one", () => {
    expect(placeholderLabel({ title: "Anything", symbol: "WIF" })).toBe("WIF");
  });

  it("shows the first 4 letters of the title otherwise", () => {
    expect(placeholderLabel({ title: "Moon landing", symbol: null })).toBe("Moon");
    expect(placeholderLabel({ title: "Ab", symbol: "" })).toBe("Ab");
  });
});
