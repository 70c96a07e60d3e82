import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/client/lib/api-client";
import { queryKeys } from "@/client/lib/query-keys";

export interface CreateNotificationBody {
  message: string;
  /** An ISO instant, or null for a notification that stays until it is deleted. */
  expiresAt: string | null;
}

export function createNotification(body: CreateNotificationBody) {
  return apiRequest("POST", "/api/admin/notifications", { body });
}

export function useNotificationsAdminCreate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createNotification,
    // The public ticker reads its own query: refresh it too, so the admin sees the new item crawl by.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.adminNotifications }),
        queryClient.invalidateQueries({ queryKey: queryKeys.notifications }),
      ]),
  });
}
