import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/client/lib/api-client";
import { toast } from "@/client/lib/use-toast";
import type { MoveWinnerResult } from "@/common/admin";
import { useAdminMutationError } from "../use-admin-mutation-error";
import { refreshLists } from "./refresh-lists";

export async function moveWinnerToYesterday() {
  return apiRequest<MoveWinnerResult>("POST", "/api/admin/move-winner-to-yesterday");
}

/** Moves the current winner to Yesterday's News and writes its Archive entry (409 when there is none). */
export function useMoveWinnerToYesterday() {
  const queryClient = useQueryClient();
  const onAdminError = useAdminMutationError();
  return useMutation({
    mutationFn: moveWinnerToYesterday,
    onSuccess: ({ headline }) => {
      toast({ title: "Winner moved to Yesterday's News", description: `${headline.title} is now archived.` });
      return refreshLists(queryClient, { settings: true });
    },
    onError: (error) => onAdminError(error, "Operation Failed"),
  });
}
