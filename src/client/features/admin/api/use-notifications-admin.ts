import { useQuery } from "@tanstack/react-query";
import { apiGet } from "@/client/lib/api-client";
import { queryKeys } from "@/client/lib/query-keys";
import type { Notification } from "@/common/notification";

/** The active notifications, as staff see them (the same list the public ticker shows). */
export function fetchAdminNotifications(signal?: AbortSignal) {
  return apiGet<Notification[]>("/api/admin/notifications", signal);
}

export function useNotificationsAdmin() {
  return useQuery({
    queryKey: queryKeys.adminNotifications,
    queryFn: ({ signal }) => fetchAdminNotifications(signal),
  });
}
