import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/client/lib/api-client";
import { toast } from "@/client/lib/use-toast";
import type { TodaysToggleResult } from "@/common/admin";
import { useAdminMutationError } from "../use-admin-mutation-error";
import { refreshLists } from "./refresh-lists";

export async function toggleTodaysNews(id: number) {
  return apiRequest<TodaysToggleResult>("POST", `/api/admin/headlines/${id}/toggle-todays`);
}

/** Flips the flag on the server (it answers the new state) rather than sending the state we think it has. */
export function useToggleTodaysNews() {
  const queryClient = useQueryClient();
  const onAdminError = useAdminMutationError();
  return useMutation({
    mutationFn: toggleTodaysNews,
    onSuccess: ({ isTodaysNews }) => {
      toast({ title: isTodaysNews ? "Added to Today's News" : "Removed from Today's News" });
      return refreshLists(queryClient);
    },
    onError: (error) => onAdminError(error, "Toggle failed"),
  });
}
