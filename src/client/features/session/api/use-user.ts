import { useQuery } from "@tanstack/react-query";
import { apiGet } from "@/client/lib/api-client";
import { queryKeys } from "@/client/lib/query-keys";
import type { SessionUser } from "@/common/admin";

export type { SessionUser };

/** The logged-in account, or null for a visitor (the server answers 200 null: no error, nothing logged). */
export function fetchUser(signal?: AbortSignal): Promise<SessionUser | null> {
  return apiGet<SessionUser | null>("/api/user", signal);
}

export function useUser() {
  return useQuery({ queryKey: queryKeys.user, queryFn: ({ signal }) => fetchUser(signal) });
}
