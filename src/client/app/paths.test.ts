import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ALL_PAGE_FILES, NOT_FOUND_PAGE, PAGE_FILES, pageFileFor } from "@/common/pages";
import { paths } from "./paths";

// The server preloads each path's page chunk by the table in common/pages.ts; the router draws the paths of
// paths.ts. A path in one and not the other would be drawn without its chunk preloaded, or preloaded for
// nothing.
describe("the page table", () => {
  it("names every path of the site, and only those", () => {
    expect(Object.keys(PAGE_FILES).sort()).toEqual(Object.values(paths).sort());
  });

  it("names page modules that exist", () => {
    for (const page of ALL_PAGE_FILES) {
      expect(existsSync(path.resolve(import.meta.dirname, "../pages", `${page}.tsx`)), page).toBe(true);
    }
  });

  it("matches paths as the router does: any case, with or without a trailing slash", () => {
    expect(pageFileFor("/")).toBe("home");
    expect(pageFileFor("/ARCHIVE/")).toBe("archive");
    expect(pageFileFor("/Old-News")).toBe("yesterdays-news");
    expect(pageFileFor("/archive/2024")).toBe(NOT_FOUND_PAGE);
    expect(pageFileFor("/toString")).toBe(NOT_FOUND_PAGE);
    expect(pageFileFor("/h/42")).toBe("headline");
    expect(pageFileFor("/h/42/local-cat-elected-mayor")).toBe("headline");
    expect(pageFileFor("/h/abc")).toBe(NOT_FOUND_PAGE);
  });
});
