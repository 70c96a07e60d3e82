import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/client/lib/api-client";
import { queryKeys } from "@/client/lib/query-keys";

export function deleteNotification(id: number) {
  return apiRequest("DELETE", `/api/admin/notifications/${id}`);
}

export function useNotificationsAdminDelete() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNotification,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.adminNotifications }),
        queryClient.invalidateQueries({ queryKey: queryKeys.notifications }),
      ]),
  });
}
