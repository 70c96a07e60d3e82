import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/client/lib/api-client";
import type { TrendingHeadline } from "@/common/trending";
import { refreshLists } from "./refresh-lists";

/** POST /api/headlines/import: the headline joins Tomorrow's News (the only import destination). */
export function importTrendingHeadline(headline: TrendingHeadline) {
  return apiRequest("POST", "/api/headlines/import", {
    body: {
      title: headline.title,
      description: headline.description,
      source: headline.source,
      url: headline.url,
      destination: "tomorrow",
    },
  });
}

export function useTrendingHeadlineImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importTrendingHeadline,
    onSuccess: () => refreshLists(queryClient),
  });
}
