import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/client/lib/api-client";
import { queryKeys } from "@/client/lib/query-keys";
import type { TokenEditInput } from "@/common/admin";
import type { Headline } from "@/common/headline";

/** PUT /api/admin/headlines/{id}: the token edit form's fields. Answers the headline as it now is. */
export async function updateToken({ id, input }: { id: number; input: TokenEditInput }) {
  // The answer is the dashboard's shape, a Headline with admin fields; this page reads only the Headline ones.
  return apiRequest<Headline>("PUT", `/api/admin/headlines/${id}`, { body: input });
}

export function useUpdateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateToken,
    onSuccess: async (updated) => {
      // The card shows the new values at once; the refetch then brings anything else the server changed.
      queryClient.setQueryData<Headline[]>(queryKeys.yesterdaysNews, (list) =>
        list?.map((item) => (item.id === updated.id ? updated : item)),
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.yesterdaysNews }),
        queryClient.invalidateQueries({ queryKey: queryKeys.headlines }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin }),
      ]);
    },
  });
}
