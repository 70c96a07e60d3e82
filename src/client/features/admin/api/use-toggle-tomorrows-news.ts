import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/client/lib/api-client";
import { toast } from "@/client/lib/use-toast";
import type { TomorrowsToggleResult } from "@/common/admin";
import { useAdminMutationError } from "../use-admin-mutation-error";
import { refreshLists } from "./refresh-lists";

export async function toggleTomorrowsNews(id: number) {
  return apiRequest<TomorrowsToggleResult>("POST", `/api/admin/headlines/${id}/toggle-tomorrows`);
}

export function useToggleTomorrowsNews() {
  const queryClient = useQueryClient();
  const onAdminError = useAdminMutationError();
  return useMutation({
    mutationFn: toggleTomorrowsNews,
    onSuccess: ({ isTomorrowsNews }) => {
      toast({ title: isTomorrowsNews ? "Added to Tomorrow's News" : "Removed from Tomorrow's News" });
      return refreshLists(queryClient);
    },
    onError: (error) => onAdminError(error, "Toggle failed"),
  });
}
