import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/client/lib/api-client";
import { toast } from "@/client/lib/use-toast";
import type { AdminHeadline } from "@/common/admin";
import { useAdminMutationError } from "../use-admin-mutation-error";
import { refreshLists } from "./refresh-lists";

export async function approveHeadline(id: number) {
  return apiRequest<AdminHeadline>("POST", `/api/admin/headlines/${id}/approve`);
}

export function useApproveHeadline() {
  const queryClient = useQueryClient();
  const onAdminError = useAdminMutationError();
  return useMutation({
    mutationFn: approveHeadline,
    onSuccess: (headline) => {
      // A paid submission waits for its payment before it reaches the home page (decisions page, "Lists").
      const waiting = headline.transactionId !== null && !headline.isPaid;
      toast({
        title: "Headline approved",
        description: waiting
          ? "It enters today's voting once its payment is verified."
          : "It is now in today's voting.",
      });
      return refreshLists(queryClient);
    },
    onError: (error) => onAdminError(error, "Approval failed"),
  });
}
