import { useQuery } from "@tanstack/react-query";
import { ApiError, apiGet } from "@/client/lib/api-client";
import { queryKeys } from "@/client/lib/query-keys";
import type { SessionUser } from "@/common/admin";

export type { SessionUser };

/** The logged-in account, or null for a visitor (the server answers 401 then; that is not an error here). */
export async function fetchUser(signal?: AbortSignal): Promise<SessionUser | null> {
  try {
    return await apiGet<SessionUser>("/api/user", signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function useUser() {
  return useQuery({ queryKey: queryKeys.user, queryFn: ({ signal }) => fetchUser(signal) });
}
