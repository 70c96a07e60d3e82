import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/client/lib/api-client";
import { toast } from "@/client/lib/use-toast";
import type { VerifyPaymentResult } from "@/common/admin";
import { useAdminMutationError } from "../use-admin-mutation-error";
import { refreshLists } from "./refresh-lists";

export async function verifyPayment({
  id,
  isPaid,
  reason,
}: {
  id: number;
  isPaid: boolean;
  reason?: string;
}) {
  return apiRequest<VerifyPaymentResult>("POST", `/api/admin/headlines/${id}/verify-payment`, {
    body: { isPaid, ...(reason ? { reason } : {}) },
  });
}

/** "Verify Payment" (isPaid true) and "Reject Payment" (false): staff's verdict, which the chain check keeps. */
export function useVerifyPayment() {
  const queryClient = useQueryClient();
  const onAdminError = useAdminMutationError();
  return useMutation({
    mutationFn: verifyPayment,
    onSuccess: (result) => {
      toast({ title: result.message });
      return refreshLists(queryClient);
    },
    onError: (error) => onAdminError(error, "Payment verification failed"),
  });
}
