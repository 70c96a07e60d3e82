import { describe, expect, it } from "vitest";
import { isNavItemActive, NAV_ITEMS } from "./nav-items";

function activeLabels(pathname: string): string[] {
  return NAV_ITEMS.filter((item) => isNavItemActive(item, pathname)).map((item) => item.label);
}

describe("isNavItemActive", () => {
  it("marks exactly one item for each page", () => {
    expect(activeLabels("/")).toEqual(["Today's News"]);
    expect(activeLabels("/archive")).toEqual(["Archive"]);
    expect(activeLabels("/paid-submit")).toEqual(["Promoted"]);
  });

  it("highlights Yesterday's News on /old-news too", () => {
    expect(activeLabels("/old-news")).toEqual(["Yesterday's News"]);
  });

  it("ignores case and a trailing slash, like the router", () => {
    expect(activeLabels("/ARCHIVE")).toEqual(["Archive"]);
    expect(activeLabels("/Old-News/")).toEqual(["Yesterday's News"]);
  });

  it("marks nothing on an unknown page or the admin page", () => {
    expect(activeLabels("/nope")).toEqual([]);
    expect(activeLabels("/admin")).toEqual([]);
  });
});
