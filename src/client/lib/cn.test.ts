import { describe, expect, it } from "vitest";
import { cn } from "./cn";

describe("cn", () => {
  it("lets a later class override the theme's pixel shadow", () => {
    expect(cn("shadow-pixel border-3", "shadow-none border-0")).toBe("shadow-none border-0");
  });

  it("keeps unrelated classes and drops falsy ones", () => {
    expect(cn("font-pixel", false, undefined, "text-ink")).toBe("font-pixel text-ink");
  });
});
