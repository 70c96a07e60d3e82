import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { ApiError } from "@/client/lib/api-client";
import { queryKeys } from "@/client/lib/query-keys";
import { toast } from "@/client/lib/use-toast";

/**
 * A dashboard list that fails with 401 means the session ended while the page was open: say so once and
 * go back to the login form, rather than showing an error card the admin cannot fix from here.
 */
export function useAdminQueryError(error: unknown): void {
  const queryClient = useQueryClient();
  const unauthorized = error instanceof ApiError && error.status === 401;
  useEffect(() => {
    if (!unauthorized) return;
    toast({
      title: "Authentication Error",
      description: "Please log in to access admin features.",
      variant: "destructive",
    });
    queryClient.setQueryData(queryKeys.user, null);
  }, [unauthorized, queryClient]);
}
