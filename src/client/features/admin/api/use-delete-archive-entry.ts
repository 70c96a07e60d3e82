import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/client/lib/api-client";
import { toast } from "@/client/lib/use-toast";
import { useAdminMutationError } from "../use-admin-mutation-error";
import { refreshLists } from "./refresh-lists";

export async function deleteArchiveEntry(id: number) {
  await apiRequest("DELETE", `/api/admin/archive/${id}`);
}

/** Removes the entry from the Archive only; the headline it was written from stays where it is. */
export function useDeleteArchiveEntry() {
  const queryClient = useQueryClient();
  const onAdminError = useAdminMutationError();
  return useMutation({
    mutationFn: deleteArchiveEntry,
    onSuccess: () => {
      toast({ title: "Archive entry deleted" });
      return refreshLists(queryClient);
    },
    onError: (error) => onAdminError(error, "Delete failed"),
  });
}
