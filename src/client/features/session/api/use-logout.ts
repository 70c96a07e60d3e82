import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, apiRequest, errorDetail } from "@/client/lib/api-client";
import { queryKeys } from "@/client/lib/query-keys";
import { toast } from "@/client/lib/use-toast";

export async function logOut() {
  await apiRequest("POST", "/api/logout");
}

/**
 * POST /api/logout. Dashboard data is forgotten so the next account never sees the previous one's lists.
 * A 401 means the session was already gone: that is logged out too. Any other failure keeps the dashboard,
 * because the session may still be alive and a login form would wrongly suggest it is not.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const loggedOut = () => {
    queryClient.setQueryData(queryKeys.user, null);
    queryClient.removeQueries({ queryKey: queryKeys.admin });
  };
  return useMutation({
    mutationFn: logOut,
    onSuccess: loggedOut,
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401) return loggedOut();
      toast({
        title: "Operation Failed",
        description: errorDetail(error, "Could not log out. Please try again."),
        variant: "destructive",
      });
    },
  });
}
