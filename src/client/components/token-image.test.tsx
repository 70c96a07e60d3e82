// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { avatarUrl, tokenIconUrls } from "@/common/images";
import { TokenImage } from "./token-image";

const ADDRESS = "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU";

afterEach(cleanup);

function currentSrc(): string | null {
  return screen.queryByRole("img", { name: "PEPE token image" })?.getAttribute("src") ?? null;
}

function failCurrentImage() {
  fireEvent.error(screen.getByRole("img", { name: "PEPE token image" }));
}

describe("TokenImage", () => {
  const token = {
    imageUrl: "https://cdn.example.com/pepe.png",
    title: "Frog wins",
    symbol: "PEPE",
    contractAddress: ADDRESS,
  };

  it("walks the chain on each failure: own image, three token icons, the avatar, then the placeholder", () => {
    render(<TokenImage item={token} alt="PEPE token image" />);
    const expected = [token.imageUrl, ...tokenIconUrls(ADDRESS), avatarUrl("PEPE")];
    for (const src of expected) {
      expect(currentSrc()).toBe(src);
      failCurrentImage();
    }
    expect(currentSrc()).toBeNull();
    const placeholder = screen.getByTestId("image-placeholder");
    expect(placeholder.textContent).toContain("PEPE");
    expect(placeholder.textContent).toContain("Image not available");
    expect(placeholder.getAttribute("aria-label")).toBe("PEPE token image: image not available");
  });

  it("sets lazy loading and the size on the image", () => {
    render(<TokenImage item={token} alt="PEPE token image" width={480} height={300} />);
    const img = screen.getByRole("img", { name: "PEPE token image" });
    expect(img.getAttribute("loading")).toBe("lazy");
    expect(img.getAttribute("width")).toBe("480");
    expect(img.getAttribute("height")).toBe("300");
  });

  it("goes from a development-hosted image straight to the placeholder", () => {
    render(
      <TokenImage
        item={{ ...token, imageUrl: "https://old-build.replit.app/pepe.png" }}
        alt="PEPE token image"
      />,
    );
    expect(currentSrc()).toBe("https://old-build.replit.app/pepe.png");
    failCurrentImage();
    expect(screen.getByTestId("image-placeholder").textContent).toContain("PEPE");
  });

  it("shows the first 4 letters of the title in the placeholder when there is no symbol", () => {
    render(<TokenImage item={{ imageUrl: null, title: "Moonshot", symbol: null }} alt="PEPE token image" />);
    expect(currentSrc()).toBe(avatarUrl("Moonshot"));
    failCurrentImage();
    expect(screen.getByTestId("image-placeholder").textContent).toContain("Moon");
  });

  it("starts again from the first source when the item changes", () => {
    const { rerender } = render(<TokenImage item={token} alt="PEPE token image" />);
    failCurrentImage();
    failCurrentImage();
    expect(currentSrc()).toBe(tokenIconUrls(ADDRESS)[1]);
    const other = {
      ...token,
      imageUrl: "https://cdn.example.com/wif.png",
      contractAddress: "So11111111111111111111111111111111111111112",
    };
    rerender(<TokenImage item={other} alt="PEPE token image" />);
    expect(currentSrc()).toBe("https://cdn.example.com/wif.png");
  });
});
