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
    onSuccess: ({ updatedHeadlines }) => {
      const n = updatedHeadlines.length;
      toast({
        title: "News sources updated",
        description: n === 1 ? "1 launched token refreshed." : `${n} launched tokens refreshed.`,
      });
      return refreshLists(queryClient);
    },
    onError: (error) => onAdminError(error, "News sources update failed"),
  });
}
