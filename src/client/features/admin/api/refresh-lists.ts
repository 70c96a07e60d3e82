import type { QueryClient } from "@tanstack/react-query";
import { queryKeys } from "@/client/lib/query-keys";

/**
 * After any change to a headline, every list that might show it is refetched: the dashboard's own
 * (headlines, summary) and the public ones (home, Tomorrow's and Yesterday's News, Archive), which the
 * dashboard tabs read too. Lists not on screen are only marked stale, so this costs one request per
 * visible list. `settings` is added when the cycle's times or its winner changed.
 */
export function refreshLists(queryClient: QueryClient, { settings = false } = {}): Promise<unknown> {
  const keys = [
    queryKeys.admin,
    queryKeys.headlines,
    queryKeys.tomorrowsNews,
    queryKeys.yesterdaysNews,
    queryKeys.archive,
    ...(settings ? [queryKeys.settings] : []),
  ];
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
