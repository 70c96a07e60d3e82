import { describe, expect, it, vi } from "vitest";
import { onDemand } from "./on-demand";

describe("onDemand", () => {
  it("loads on the first call, once, and hands every call the same result", async () => {
    const load = vi.fn(async () => ({ answer: 42 }));
    const lazy = onDemand(load);
    expect(load).not.toHaveBeenCalled();
    const first = await lazy.get();
    expect(first).toEqual({ answer: 42 });
    expect(await lazy.get()).toBe(first);
    await lazy.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("tries the load again after a failure, and preload never rejects", async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValue("loaded");
    const lazy = onDemand(load);
    await expect(lazy.preload()).resolves.toBeUndefined();
    expect(await lazy.get()).toBe("loaded");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("lets a call that meets the failure see it", async () => {
    const lazy = onDemand(vi.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValue("loaded"));
    await expect(lazy.get()).rejects.toThrow("offline");
    expect(await lazy.get()).toBe("loaded");
  });
});
