import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/client/lib/api-client";
import type { RegisterStaffInput, SessionUser } from "@/common/admin";

/** POST /api/admin/register-staff (administrators only): answers the new account. */
export async function registerStaff(input: RegisterStaffInput) {
  return apiRequest<SessionUser>("POST", "/api/admin/register-staff", { body: input });
}

export function useRegisterStaff() {
  return useMutation({ mutationFn: registerStaff });
}
