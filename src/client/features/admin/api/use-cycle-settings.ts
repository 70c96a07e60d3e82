import { useQuery } from "@tanstack/react-query";
import { apiGet } from "@/client/lib/api-client";
import { queryKeys } from "@/client/lib/query-keys";
import type { Settings } from "@/common/settings";

export function fetchCycleSettings(signal?: AbortSignal) {
  return apiGet<Settings>("/api/settings", signal);
}

/** The public settings, under the public key: a change made here refreshes the home countdown too. */
export function useCycleSettings() {
  return useQuery({ queryKey: queryKeys.settings, queryFn: ({ signal }) => fetchCycleSettings(signal) });
}
