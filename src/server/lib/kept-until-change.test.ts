import { describe, expect, it } from "vitest";
import { KeptUntilChange } from "./kept-until-change";

describe("values kept until a change", () => {
  it("loads once for concurrent asks, keeps the value until forgotten, and never keeps a failure", async () => {
    let loads = 0;
    let fail = true;
    const kept = new KeptUntilChange<string, number>(async () => {
      loads += 1;
      if (fail) throw new Error("database away");
      return loads;
    });
    await expect(kept.get("a")).rejects.toThrow("database away");
    fail = false;
    expect(await Promise.all([kept.get("a"), kept.get("a")])).toEqual([2, 2]);
    expect(await kept.get("a")).toBe(2);
    kept.forget();
    expect(await kept.get("a")).toBe(3);
  });

  it("keeps nothing past ttlMs, and drops the least recently used beyond max keys", async () => {
    let loads = 0;
    const fresh = new KeptUntilChange<number, number>(async () => ++loads, { ttlMs: 0 });
    await fresh.get(1);
    await fresh.get(1);
    expect(loads).toBe(2);

    loads = 0;
    const bounded = new KeptUntilChange<number, number>(
      async (k) => {
        loads += 1;
        return k;
      },
      { max: 2 },
    );
    await bounded.get(1);
    await bounded.get(2);
    await bounded.get(1); // used again: 2 is now the least recently used
    await bounded.get(3); // full: 2 is dropped, 1 kept
    await bounded.get(1);
    expect(loads).toBe(3);
    await bounded.get(2);
    expect(loads).toBe(4);
  });
});
