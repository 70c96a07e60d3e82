import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/client/lib/api-client";
import { queryKeys } from "@/client/lib/query-keys";
import { dismissErrorToasts } from "@/client/lib/use-toast";
import type { LoginInput } from "@/common/admin";
import type { SessionUser } from "./use-user";

export async function logIn(input: LoginInput) {
  return apiRequest<SessionUser>("POST", "/api/login", { body: input });
}

/**
 * POST /api/login. The answer is the account, so the session query is filled in directly: the dashboard
 * appears without a second round trip. Dashboard data from an earlier session is dropped first.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logIn,
    onSuccess: (user) => {
      // A failed attempt's "Login failed" is answered: it must not stay over the dashboard.
      dismissErrorToasts();
      queryClient.removeQueries({ queryKey: queryKeys.admin });
      queryClient.setQueryData(queryKeys.user, user);
    },
  });
}
