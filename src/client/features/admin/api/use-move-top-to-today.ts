import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/client/lib/api-client";
import { toast } from "@/client/lib/use-toast";
import type { AdminHeadline } from "@/common/admin";
import { useAdminMutationError } from "../use-admin-mutation-error";
import { refreshLists } from "./refresh-lists";

export async function moveTopToToday() {
  return apiRequest<AdminHeadline[]>("POST", "/api/admin/move-top-headlines-to-today");
}

/**
 * "Move Top 4 to Today's News": the server picks the four most voted in the Tomorrow's News race; they join
 * today's race, which counts only today's votes (their qualifying counts stay on their pages).
 */
export function useMoveTopToToday() {
  const queryClient = useQueryClient();
  const onAdminError = useAdminMutationError();
  return useMutation({
    mutationFn: moveTopToToday,
    onSuccess: (moved) => {
      toast({
        title: "Moved to Today's News",
        description:
          moved.length === 1
            ? "1 headline joined today's voting."
            : `${moved.length} headlines joined today's voting.`,
      });
      return refreshLists(queryClient);
    },
    onError: (error) => onAdminError(error, "Operation Failed"),
  });
}
