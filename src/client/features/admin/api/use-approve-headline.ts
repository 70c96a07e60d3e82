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
      // A promoted submission waits for its payment before it joins the race (decisions, "Third wave").
      const waiting = headline.isPromotedSubmission && !headline.isPaid;
      toast({
        title: "Headline approved",
        description: waiting
          ? "Approved — it joins today's voting when its payment is confirmed."
          : "It is now in today's voting.",
      });
      return refreshLists(queryClient);
    },
    onError: (error) => onAdminError(error, "Approval failed"),
  });
}
