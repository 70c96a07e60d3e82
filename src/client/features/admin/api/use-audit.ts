import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiGet } from "@/client/lib/api-client";
import { queryKeys } from "@/client/lib/query-keys";
import type { AuditPage } from "@/common/audit";

export interface AuditFilters {
  headline?: number;
  account?: string;
  page: number;
}

export function fetchAudit(filters: AuditFilters, signal?: AbortSignal) {
  const params = new URLSearchParams({ page: String(filters.page) });
  if (filters.headline !== undefined) params.set("headline", String(filters.headline));
  if (filters.account) params.set("account", filters.account);
  return apiGet<AuditPage>(`/api/admin/audit?${params}`, signal);
}

/** One page of the audit feed; the page shown stays while the next one loads (no jump to a skeleton). */
export function useAudit(filters: AuditFilters) {
  return useQuery({
    queryKey: [...queryKeys.audit, filters],
    queryFn: ({ signal }) => fetchAudit(filters, signal),
    placeholderData: keepPreviousData,
  });
}
