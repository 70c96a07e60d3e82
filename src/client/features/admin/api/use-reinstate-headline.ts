import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/client/lib/api-client";
import { toast } from "@/client/lib/use-toast";
import type { AdminHeadline } from "@/common/admin";
import { useAdminMutationError } from "../use-admin-mutation-error";
import { refreshLists } from "./refresh-lists";

export async function reinstateHeadline(id: number) {
  return apiRequest<AdminHeadline>("POST", `/api/admin/headlines/${id}/reinstate`);
}

/** An expired submission whose payment arrived late goes back to review, paid. */
export function useReinstateHeadline() {
  const queryClient = useQueryClient();
  const onAdminError = useAdminMutationError();
  return useMutation({
    mutationFn: reinstateHeadline,
    onSuccess: () => {
      toast({
        title: "Submission reinstated",
        description: "Its late payment counts: it is back in review.",
      });
      return refreshLists(queryClient);
    },
    onError: (error) => onAdminError(error, "Reinstate failed"),
  });
}
