import { describe, expect, it } from "vitest";
import { initialsOf, isDevHostedUrl, tokenIconUrls } from "./images";

describe("image rules", () => {
  it("recognises development-hosting domains and their subdomains only", () => {
    expect(isDevHostedUrl("https://abc.replit.dev/x.png")).toBe(true);
    expect(isDevHostedUrl("https://repl.co/x.png")).toBe(true);
    expect(isDevHostedUrl("https://my-app.replit.app/x.png")).toBe(true);
    expect(isDevHostedUrl("https://notreplit.app/x.png")).toBe(false);
    expect(isDevHostedUrl("https://example.com/replit.dev.png")).toBe(false);
    expect(isDevHostedUrl("not a url")).toBe(false);
  });

  it("offers three token-icon services per contract address", () => {
    const urls = tokenIconUrls("So11111111111111111111111111111111111111112");
    expect(urls).toHaveLength(3);
    for (const url of urls) expect(url).toContain("So11111111111111111111111111111111111111112");
  });

  it("takes up to two initials", () => {
    expect(initialsOf("Pepe the Frog")).toBe("PT");
    expect(initialsOf("PEPE")).toBe("PE");
    expect(initialsOf("  ")).toBe("?");
    expect(initialsOf("<b>x</b> & co")).toBe("BC");
  });
});
