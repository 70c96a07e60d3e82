import { useQuery } from "@tanstack/react-query";
import { apiGet } from "@/client/lib/api-client";
import { queryKeys } from "@/client/lib/query-keys";
import type { AdminSummary } from "@/common/admin";

export function fetchAdminSummary(signal?: AbortSignal) {
  return apiGet<AdminSummary>("/api/admin/summary", signal);
}

export function useAdminSummary() {
  return useQuery({ queryKey: queryKeys.adminSummary, queryFn: ({ signal }) => fetchAdminSummary(signal) });
}
