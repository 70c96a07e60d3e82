import { useQuery } from "@tanstack/react-query";
import { ApiError, apiGet } from "@/client/lib/api-client";
import { queryKeys } from "@/client/lib/query-keys";
import type { EditionRecord } from "@/common/edition-record";

/** How often a running race's standings are fetched again, on top of the live updates. */
const LIVE_REFRESH_MS = 30_000;

/**
 * One edition's record. Kept under the "headlines" key, so a vote or a winner crowned (a live update of the
 * lists) refreshes a running race's standings at once; a race frozen at its close never changes, and the
 * page stops asking.
 */
export function useEdition(day: string) {
  return useQuery({
    queryKey: [...queryKeys.headlines, "edition", day],
    queryFn: ({ signal }) => apiGet<EditionRecord>(`/api/editions/${day}`, signal),
    refetchInterval: (query) =>
      query.state.data?.races.some((race) => !race.final) ? LIVE_REFRESH_MS : false,
    // No edition on that day (404) or no such date (400) is the answer, not a failure to retry.
    retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status < 500),
  });
}
