import { useQuery } from "@tanstack/react-query";
import { apiGet } from "@/client/lib/api-client";
import { queryKeys } from "@/client/lib/query-keys";
import type { StaffAccount } from "@/common/admin";

/** GET /api/admin/accounts (administrators only): every account, by username. */
export function fetchStaffAccounts(signal?: AbortSignal) {
  return apiGet<StaffAccount[]>("/api/admin/accounts", signal);
}

export function useStaffAccounts() {
  return useQuery({ queryKey: queryKeys.adminAccounts, queryFn: ({ signal }) => fetchStaffAccounts(signal) });
}
