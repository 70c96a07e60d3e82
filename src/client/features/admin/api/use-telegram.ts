import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiRequest } from "@/client/lib/api-client";
import { queryKeys } from "@/client/lib/query-keys";
import type { TelegramPost, TelegramStatus } from "@/common/telegram";

/** GET /api/admin/telegram: whether the channel is configured, and its latest posts. */
export function useTelegram() {
  return useQuery({
    queryKey: queryKeys.telegram,
    queryFn: ({ signal }) => apiGet<TelegramStatus>("/api/admin/telegram", signal),
    // The job posts on its own every few seconds: the list follows without a reload.
    refetchInterval: 30_000,
  });
}

/** POST /api/admin/telegram/test: sends a test message now; answers the recorded post, sent or failed. */
export function useSendTelegramTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<TelegramPost>("POST", "/api/admin/telegram/test"),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.telegram }),
  });
}
