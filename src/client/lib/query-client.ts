import { QueryClient } from "@tanstack/react-query";

/**
 * The spec's data defaults: answers never go stale, no refetch on window focus, no retries for queries or
 * mutations. Lists refresh only when something (a vote, an edit, a live update) invalidates them.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });
}
