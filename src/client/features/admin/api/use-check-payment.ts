import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/client/lib/api-client";
import { toast } from "@/client/lib/use-toast";
import type { CheckPaymentResult } from "@/common/trending";
import { useAdminMutationError } from "../use-admin-mutation-error";
import { refreshLists } from "./refresh-lists";

export async function checkPayment(id: number) {
  return apiRequest<CheckPaymentResult>("POST", `/api/admin/headlines/${id}/check-payment`);
}

/**
 * "Check on chain": the server looks the transaction up and stores its verdict and reason. A 503 (no
 * payment address or RPC configured) arrives as the toast's description, which says so.
 */
export function useCheckPayment() {
  const queryClient = useQueryClient();
  const onAdminError = useAdminMutationError();
  return useMutation({
    mutationFn: checkPayment,
    onSuccess: (result) => {
      toast({
        title: result.isPaid ? "Payment found on chain" : "Payment not verified",
        description: result.message,
      });
      return refreshLists(queryClient);
    },
    onError: (error) => onAdminError(error, "Payment verification failed"),
  });
}
