import type { Resolver } from "react-hook-form";
import { describe, expect, it, vi } from "vitest";
import { lazyResolver } from "./lazy-resolver";

type Values = { title: string };
const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<Resolver<Values>>[2];

describe("lazyResolver", () => {
  it("loads the real resolver on the first validation, once, and hands every call to it", async () => {
    const real = vi.fn<Resolver<Values>>(async (values) => ({ values, errors: {} }));
    const load = vi.fn(async () => real);
    const { resolver } = lazyResolver<Values, Values>(load);
    expect(load).not.toHaveBeenCalled();
    expect(await resolver({ title: "a" }, undefined, options)).toEqual({
      values: { title: "a" },
      errors: {},
    });
    await resolver({ title: "b" }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
    expect(real).toHaveBeenCalledTimes(2);
  });

  it("tries the load again after a failure, and preload never rejects", async () => {
    const real: Resolver<Values> = async (values) => ({ values, errors: {} });
    const load = vi.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValue(real);
    const lazy = lazyResolver<Values, Values>(load);
    await expect(lazy.preload()).resolves.toBeUndefined();
    expect(await lazy.resolver({ title: "c" }, undefined, options)).toEqual({
      values: { title: "c" },
      errors: {},
    });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
