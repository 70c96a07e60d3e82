import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/client/lib/api-client";
import type { SecurityResetInput, SecurityResetResult } from "@/common/admin";

/**
 * POST /api/admin/security-reset (administrators only): new passwords for admin and staff, and every session
 * ends, this one included. The caller logs the browser out; nothing is invalidated here, since any refetch
 * would only meet a 401.
 */
export async function securityReset(input: SecurityResetInput) {
  return apiRequest<SecurityResetResult>("POST", "/api/admin/security-reset", { body: input });
}

export function useSecurityReset() {
  return useMutation({ mutationFn: securityReset });
}
