import { useQuery } from "@tanstack/react-query";
import { apiGet } from "@/client/lib/api-client";
import { queryKeys } from "@/client/lib/query-keys";
import type { ArchiveEntry } from "@/common/archive";

export function fetchArchiveEntries(signal?: AbortSignal) {
  return apiGet<ArchiveEntry[]>("/api/archive", signal);
}

/** The public archive list, under the public key, so a delete here also refreshes /archive. */
export function useArchiveEntries() {
  return useQuery({ queryKey: queryKeys.archive, queryFn: ({ signal }) => fetchArchiveEntries(signal) });
}
