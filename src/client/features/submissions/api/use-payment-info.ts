import { useQuery } from "@tanstack/react-query";
import { apiGet } from "@/client/lib/api-client";
import { queryKeys } from "@/client/lib/query-keys";
import type { PaymentInfo } from "@/common/settings";

export function fetchPaymentInfo(signal?: AbortSignal) {
  return apiGet<PaymentInfo>("/api/payment-info", signal);
}

/** The one query the spec retries (once): without it the paid form cannot show where to pay. */
export function usePaymentInfo() {
  return useQuery({
    queryKey: queryKeys.paymentInfo,
    queryFn: ({ signal }) => fetchPaymentInfo(signal),
    retry: 1,
  });
}
