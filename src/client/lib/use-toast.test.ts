// @vitest-environment happy-dom
import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { dismissToast, toast, useToast } from "./use-toast";

afterEach(() => {
  act(() => dismissToast());
});

describe("toast", () => {
  it("keeps one toast: a new one replaces the one on screen", () => {
    const { result } = renderHook(() => useToast());
    act(() => {
      toast({ title: "First" });
      toast({ title: "Second", variant: "destructive" });
    });
    expect(result.current.toasts).toHaveLength(1);
    expect(result.current.toasts[0]).toMatchObject({ title: "Second", variant: "destructive", open: true });
  });

  it("closes a dismissed toast", () => {
    const { result } = renderHook(() => useToast());
    act(() => {
      toast({ title: "Bye" }).dismiss();
    });
    expect(result.current.toasts[0]).toMatchObject({ title: "Bye", open: false });
  });
});
