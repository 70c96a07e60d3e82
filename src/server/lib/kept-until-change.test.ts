import { describe, expect, it, vi } from "vitest";
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

  it("keeps a value younger than keepAtLeastMs through a change, until it is that old", async () => {
    vi.useFakeTimers();
    try {
      let loads = 0;
      const kept = new KeptUntilChange<string, number>(async () => ++loads, { keepAtLeastMs: 1_000 });
      expect(await kept.get("a")).toBe(1);
      vi.advanceTimersByTime(400);
      kept.forget(); // a change 400 ms after the load: kept until it is 1 s old
      expect(await kept.get("a")).toBe(1);
      vi.advanceTimersByTime(600);
      expect(await kept.get("a")).toBe(2);
      // With no change announced, a value stays past that age.
      vi.advanceTimersByTime(5_000);
      expect(await kept.get("a")).toBe(2);
      vi.advanceTimersByTime(2_000);
      kept.forget(); // older than 1 s at the change: dropped at once
      expect(await kept.get("a")).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps nothing past ttlMs, and drops everything beyond max keys", async () => {
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
    await bounded.get(3); // full: 1 and 2 are dropped
    await bounded.get(1);
    expect(loads).toBe(4);
  });
});
