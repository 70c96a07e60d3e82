import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/client/lib/api-client";
import { toast } from "@/client/lib/use-toast";
import type { UpdateNewsSourcesResult } from "@/common/trending";
import { useAdminMutationError } from "../use-admin-mutation-error";
import { refreshLists } from "./refresh-lists";

export async function updateNewsSources() {
  return apiRequest<UpdateNewsSourcesResult>("POST", "/api/admin/update-news-sources");
}

/** Refreshes market data (price, market cap, volume, links) of launched tokens from DexScreener. */
export function useUpdateNewsSources() {
  const queryClient = useQueryClient();
  const onAdminError = useAdminMutationError();
  return useMutation({
    mutationFn: updateNewsSources,
    // The server's sentence says what happened; an outside service that did not answer is never a success.
    onSuccess: ({ refreshed, failedTokens, message }) => {
      const outage = failedTokens > 0;
      toast({
        variant: outage ? "destructive" : undefined,
        title: !outage
          ? "News sources updated"
          : refreshed > 0
            ? "News sources partly updated"
            : "News sources update failed",
        description: message,
      });
      return refreshLists(queryClient);
    },
    onError: (error) => onAdminError(error, "News sources update failed"),
  });
}
