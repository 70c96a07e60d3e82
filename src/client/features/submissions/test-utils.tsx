import { QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { vi } from "vitest";
import { createQueryClient } from "@/client/lib/query-client";
import { useToast } from "@/client/lib/use-toast";

/** The providers a submission component needs in a component test: data client and router. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
}

/** Reads the toast on screen (the app shows one at a time). */
export function watchToasts() {
  const { result } = renderHook(() => useToast());
  return () =>
    result.current.toasts.filter((t) => t.open).map((t) => ({ title: t.title, text: t.description }));
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

/** Stubs fetch with answers by path; records every call. */
export function stubFetch(answers: Record<string, () => Response>) {
  const calls: { path: string; init: RequestInit | undefined }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = typeof input === "string" ? input : input instanceof URL ? input.pathname : input.url;
    calls.push({ path, init });
    const answer = answers[path];
    if (!answer) throw new TypeError(`no stubbed answer for ${path}`);
    return answer();
  });
  vi.stubGlobal("fetch", fetchMock);
  return calls;
}

/** Lets pending promises (fetch, mutation callbacks) settle inside act(). */
export async function settle() {
  await act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}
