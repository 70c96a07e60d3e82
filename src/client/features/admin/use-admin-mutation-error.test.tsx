// @vitest-environment happy-dom
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { ApiError } from "@/client/lib/api-client";
import { createQueryClient } from "@/client/lib/query-client";
import { queryKeys } from "@/client/lib/query-keys";
import { dismissToast, useToast } from "@/client/lib/use-toast";
import { useAdminMutationError } from "./use-admin-mutation-error";

afterEach(() => {
  cleanup();
  act(() => dismissToast());
});

function setup() {
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.user, { username: "admin", isAdmin: true });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => ({ onError: useAdminMutationError(), toasts: useToast() }), {
    wrapper,
  });
  return { queryClient, result };
}

describe("useAdminMutationError", () => {
  it("turns a 401 into 'Session expired' and logs the browser out, whatever the action", () => {
    const { queryClient, result } = setup();
    act(() => result.current.onError(new ApiError(401, "Please log in"), "Toggle failed"));
    expect(result.current.toasts.toasts[0]).toMatchObject({
      title: "Session expired",
      description: "Your session has expired. Please log in again.",
      variant: "destructive",
    });
    expect(queryClient.getQueryData(queryKeys.user)).toBeNull();
  });

  it("shows the action's toast with the server's message, and keeps the session", () => {
    const { queryClient, result } = setup();
    act(() =>
      result.current.onError(new ApiError(409, "No headlines are in voting."), "Winner selection failed"),
    );
    expect(result.current.toasts.toasts[0]).toMatchObject({
      title: "Winner selection failed",
      description: "No headlines are in voting.",
    });
    expect(queryClient.getQueryData(queryKeys.user)).toEqual({ username: "admin", isAdmin: true });
  });

  it("falls back to the spec's text when the failure has no message (network error)", () => {
    const { result } = setup();
    act(() => result.current.onError(new TypeError("Failed to fetch"), "Approval failed"));
    expect(result.current.toasts.toasts[0]).toMatchObject({
      title: "Approval failed",
      description: "Please try again later. You may need to log in again.",
    });
  });
});
