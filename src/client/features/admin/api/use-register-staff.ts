import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/client/lib/api-client";
import { queryKeys } from "@/client/lib/query-keys";
import type { RegisterStaffInput, SessionUser } from "@/common/admin";

/** POST /api/admin/register-staff (administrators only): answers the new account. */
export async function registerStaff(input: RegisterStaffInput) {
  return apiRequest<SessionUser>("POST", "/api/admin/register-staff", { body: input });
}

export function useRegisterStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerStaff,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminAccounts }),
  });
}
