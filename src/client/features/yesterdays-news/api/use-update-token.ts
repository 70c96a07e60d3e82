import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/client/lib/api-client";
import { queryKeys } from "@/client/lib/query-keys";
import type { TokenEditInput } from "@/common/admin";
import { type Headline, HeadlineSchema } from "@/common/headline";

/** PUT /api/admin/headlines/{id}: the token edit form's fields. Answers the headline as it now is. */
export async function updateToken({ id, input }: { id: number; input: TokenEditInput }) {
  // The answer is the dashboard's shape; parsing with the public schema keeps only what this page shows.
  return HeadlineSchema.parse(await apiRequest("PUT", `/api/admin/headlines/${id}`, { body: input }));
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
