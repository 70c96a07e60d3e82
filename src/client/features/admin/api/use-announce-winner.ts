import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/client/lib/api-client";
import { toast } from "@/client/lib/use-toast";
import type { AdminHeadline } from "@/common/admin";
import { useAdminMutationError } from "../use-admin-mutation-error";
import { refreshLists } from "./refresh-lists";

export async function announceWinner(id: number) {
  return apiRequest<AdminHeadline>("POST", `/api/admin/headlines/${id}/announce-winner`);
}

/** "Make Winner" and "Announce": crowns this headline as the cycle's winner, overriding any other. */
export function useAnnounceWinner() {
  const queryClient = useQueryClient();
  const onAdminError = useAdminMutationError();
  return useMutation({
    mutationFn: announceWinner,
    onSuccess: (winner) => {
      toast({ title: "Winner announced", description: winner.title });
      return refreshLists(queryClient, { settings: true });
    },
    onError: (error) => onAdminError(error, "Failed to announce winner"),
  });
}
