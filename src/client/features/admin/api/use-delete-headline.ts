import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/client/lib/api-client";
import { toast } from "@/client/lib/use-toast";
import { useAdminMutationError } from "../use-admin-mutation-error";
import { refreshLists } from "./refresh-lists";

export async function deleteHeadline(id: number) {
  await apiRequest("DELETE", `/api/admin/headlines/${id}`);
}

/**
 * Deletes: the headline is hidden everywhere, its row, votes and history kept (winners, past winners and
 * launched tokens cannot be deleted: the server answers 409 saying why).
 */
export function useDeleteHeadline() {
  const queryClient = useQueryClient();
  const onAdminError = useAdminMutationError();
  return useMutation({
    mutationFn: deleteHeadline,
    onSuccess: () => {
      toast({
        title: "Headline deleted",
        description: "It has been removed from every list; its votes stay on record.",
      });
      return refreshLists(queryClient, { settings: true });
    },
    onError: (error) => onAdminError(error, "Delete failed"),
  });
}
