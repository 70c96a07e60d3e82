import { useQuery } from "@tanstack/react-query";
import { apiGet } from "@/client/lib/api-client";
import { queryKeys } from "@/client/lib/query-keys";
import type { AdminHeadline } from "@/common/admin";

export function fetchAdminHeadlines(signal?: AbortSignal) {
  return apiGet<AdminHeadline[]>("/api/admin/headlines", signal);
}

/** Every headline with its payment fields; the Pending, Active and Winners tabs filter this one list. */
export function useAdminHeadlines() {
  return useQuery({
    queryKey: queryKeys.adminHeadlines,
    queryFn: ({ signal }) => fetchAdminHeadlines(signal),
  });
}
