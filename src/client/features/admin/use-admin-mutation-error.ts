import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { ApiError, errorDetail } from "@/client/lib/api-client";
import { queryKeys } from "@/client/lib/query-keys";
import { toast } from "@/client/lib/use-toast";

/** What the admin toasts say when the server does not give a reason (spec section 8). */
export const DEFAULT_ADMIN_FAILURE_DETAIL = "Please try again later. You may need to log in again.";

/**
 * Shows the toast of a failed admin call. A 401 means the session ended (expired, or logged out in another
 * tab): the user query is set to "logged out" so the dashboard swaps itself for the login form at once,
 * instead of leaving buttons on screen that can only fail again.
 */
export function showAdminMutationError(
  queryClient: QueryClient,
  error: unknown,
  title: string,
  fallbackDetail: string = DEFAULT_ADMIN_FAILURE_DETAIL,
): void {
  if (error instanceof ApiError && error.status === 401) {
    toast({
      title: "Session expired",
      description: "Your session has expired. Please log in again.",
      variant: "destructive",
    });
    queryClient.setQueryData(queryKeys.user, null);
    return;
  }
  toast({ title, description: errorDetail(error, fallbackDetail), variant: "destructive" });
}

/**
 * The admin mutations' `onError`: `onError: (error) => onAdminError(error, "Toggle failed")`.
 * The description is the server's message, or `fallbackDetail` when it gave none.
 */
export function useAdminMutationError(): (error: unknown, title: string, fallbackDetail?: string) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (error: unknown, title: string, fallbackDetail?: string) =>
      showAdminMutationError(queryClient, error, title, fallbackDetail),
    [queryClient],
  );
}
