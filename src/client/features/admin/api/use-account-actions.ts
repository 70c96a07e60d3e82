import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/client/lib/api-client";
import { queryKeys } from "@/client/lib/query-keys";
import type { StaffAccount } from "@/common/admin";

/**
 * Staff Management's account actions (administrators only). Each ends the account's sessions on the server;
 * each refreshes the account list. The caller shows the toasts: it knows the account's name.
 */

export function disableAccount(id: number) {
  return apiRequest<StaffAccount>("POST", `/api/admin/accounts/${id}/disable`);
}

export function enableAccount({ id, password }: { id: number; password: string }) {
  return apiRequest<StaffAccount>("POST", `/api/admin/accounts/${id}/enable`, { body: { password } });
}

export async function deleteAccount(id: number) {
  await apiRequest("DELETE", `/api/admin/accounts/${id}`);
}

function useAccountMutation<TInput, TOutput>(mutationFn: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // A refused change (409: the last administrator) refreshes the list too: someone else may have acted.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminAccounts }),
  });
}

export const useDisableAccount = () => useAccountMutation(disableAccount);
export const useEnableAccount = () => useAccountMutation(enableAccount);
export const useDeleteAccount = () => useAccountMutation(deleteAccount);
