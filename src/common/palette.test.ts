import { describe, expect, it } from "vitest";
import { ACCENTS, accentFor } from "./palette";

describe("accentFor", () => {
  it("picks the accent by the sum of character codes modulo 8", () => {
    // "Meme Gazette": 1144 -> 1144 % 8 = 0 -> red
    expect(accentFor("Meme Gazette").name).toBe("red");
    expect(accentFor("A").name).toBe(ACCENTS[65 % 8]?.name);
    expect(accentFor("").name).toBe("red");
  });
});
