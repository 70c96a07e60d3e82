import { useQuery } from "@tanstack/react-query";
import { ApiError, apiGet } from "@/client/lib/api-client";
import { queryKeys } from "@/client/lib/query-keys";
import type { LaunchReceipt } from "@/common/launch";

/** How often a launch under way is asked about again, on top of the live updates ("launches"). */
const UNDER_WAY_REFRESH_MS = 5_000;

/** An edition's public launch receipt (GET /api/launches/{date}). */
export function useLaunchReceipt(day: string) {
  return useQuery({
    queryKey: [...queryKeys.launchReceipt, day],
    queryFn: ({ signal }) => apiGet<LaunchReceipt>(`/api/launches/${day}`, signal),
    refetchInterval: (query) =>
      query.state.data?.transactions.some((t) => t.state === "prepared" || t.state === "sent")
        ? UNDER_WAY_REFRESH_MS
        : false,
    // No launch that day (404) or no such date (400) is the answer, not a failure to retry.
    retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status < 500),
  });
}
