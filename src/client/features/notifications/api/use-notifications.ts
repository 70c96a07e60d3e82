import { useQuery } from "@tanstack/react-query";
import { apiGet } from "@/client/lib/api-client";
import { queryKeys } from "@/client/lib/query-keys";
import type { Notification } from "@/common/notification";

/** Active notifications only: the server leaves expired ones out. */
export function fetchNotifications(signal?: AbortSignal) {
  return apiGet<Notification[]>("/api/notifications", signal);
}

export function useNotifications() {
  return useQuery({ queryKey: queryKeys.notifications, queryFn: ({ signal }) => fetchNotifications(signal) });
}
