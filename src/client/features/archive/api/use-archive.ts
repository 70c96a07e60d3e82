import { useQuery } from "@tanstack/react-query";
import { apiGet } from "@/client/lib/api-client";
import { queryKeys } from "@/client/lib/query-keys";
import { ArchiveListSchema } from "@/common/archive";

export function fetchArchive(signal?: AbortSignal) {
  return apiGet("/api/archive", ArchiveListSchema, signal);
}

export function useArchive() {
  return useQuery({ queryKey: queryKeys.archive, queryFn: ({ signal }) => fetchArchive(signal) });
}
