import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/client/lib/api-client";
import { toast } from "@/client/lib/use-toast";
import type { AdminHeadline } from "@/common/admin";
import { useAdminMutationError } from "../use-admin-mutation-error";
import { refreshLists } from "./refresh-lists";

export async function selectWinner() {
  return apiRequest<AdminHeadline>("POST", "/api/admin/select-winner");
}

/** "Select Today's Winner": the most-voted headline in voting now (409 when none is in voting). */
export function useSelectWinner() {
  const queryClient = useQueryClient();
  const onAdminError = useAdminMutationError();
  return useMutation({
    mutationFn: selectWinner,
    onSuccess: (winner) => {
      toast({ title: "Winner selected", description: winner.title });
      return refreshLists(queryClient, { settings: true });
    },
    onError: (error) => onAdminError(error, "Winner selection failed"),
  });
}
