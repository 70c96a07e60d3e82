import { useQuery } from "@tanstack/react-query";
import { apiGet } from "@/client/lib/api-client";
import { queryKeys } from "@/client/lib/query-keys";
import type { ArchiveEntry } from "@/common/archive";

export function fetchArchive(signal?: AbortSignal) {
  return apiGet<ArchiveEntry[]>("/api/archive", signal);
}

export function useArchive() {
  return useQuery({ queryKey: queryKeys.archive, queryFn: ({ signal }) => fetchArchive(signal) });
}
