import { useQuery } from "@tanstack/react-query";
import { apiGet } from "@/client/lib/api-client";
import { queryKeys } from "@/client/lib/query-keys";
import type { Settings } from "@/common/settings";

export function fetchSettings(signal?: AbortSignal) {
  return apiGet<Settings>("/api/settings", signal);
}

export function useSettings() {
  return useQuery({ queryKey: queryKeys.settings, queryFn: ({ signal }) => fetchSettings(signal) });
}
