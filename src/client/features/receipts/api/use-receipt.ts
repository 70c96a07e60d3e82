import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiRequest } from "@/client/lib/api-client";
import { queryKeys } from "@/client/lib/query-keys";
import type { Receipt } from "@/common/receipt";
import { receiptApiPath } from "@/common/receipt-rules";

const receiptKey = (receipt: string) => [...queryKeys.submission, receipt] as const;

/** While a payment is awaited the receipt asks again this often (the server checks the chain at most every 10 s). */
const AWAITING_REFETCH_MS = 5_000;
/** While a check is under way (a slow RPC), sooner. */
const CHECKING_REFETCH_MS = 2_000;

/**
 * A submission's receipt, live: the live topic "submission" refreshes it when staff decide or a payment is
 * found, and while the payment is awaited it is asked again every few seconds, which is also what makes the
 * server look on chain (issue 15: confirmed by itself, no reload).
 */
export function useReceipt(receipt: string) {
  return useQuery({
    queryKey: receiptKey(receipt),
    queryFn: ({ signal }) => apiGet<Receipt>(receiptApiPath(receipt), signal),
    refetchInterval: (query) => {
      const data = query.state.data;
      if (data?.status !== "awaiting_payment") return false;
      return data.checking ? CHECKING_REFETCH_MS : AWAITING_REFETCH_MS;
    },
  });
}

/** The fallback: a transaction signature pasted by a submitter who paid another way. */
export function usePasteTransaction(receipt: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (transactionId: string) =>
      apiRequest<Receipt>("POST", `${receiptApiPath(receipt)}/transaction`, { body: { transactionId } }),
    onSuccess: (answer) => queryClient.setQueryData(receiptKey(receipt), answer),
  });
}

/** After a wallet sent the payment: ask at once rather than at the next tick. */
export function useRefreshReceipt(receipt: string) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: receiptKey(receipt) });
}
