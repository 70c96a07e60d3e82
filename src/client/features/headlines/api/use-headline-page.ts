import { useQuery } from "@tanstack/react-query";
import { apiGet } from "@/client/lib/api-client";
import { queryKeys } from "@/client/lib/query-keys";
import type { HeadlinePage } from "@/common/headline";

/**
 * One headline for its own page. Kept under the "headlines" key, so a live update of the lists (a vote, a
 * winner crowned) refreshes it too.
 */
export function useHeadlinePage(id: number) {
  return useQuery({
    queryKey: [...queryKeys.headlines, id],
    queryFn: ({ signal }) => apiGet<HeadlinePage>(`/api/headlines/${id}`, signal),
  });
}
