import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { isLiveTopic, LIVE_TOPICS } from "@/common/live";

/** Without the stream the lists are refetched this often instead. */
const FALLBACK_MS = 30_000;

function refetch(queryClient: QueryClient, topics: readonly string[]) {
  // A topic is the first part of its list's query key (src/common/live.ts), so this refetches that list.
  for (const topic of topics) void queryClient.invalidateQueries({ queryKey: [topic] });
}

/**
 * Keeps open pages current: the server's event stream says which lists changed and those are fetched again.
 * EventSource reconnects by itself; while it is down the lists are refetched every 30 s.
 */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    let fallback: ReturnType<typeof setInterval> | undefined;
    const startFallback = () => {
      fallback ??= setInterval(() => refetch(queryClient, LIVE_TOPICS), FALLBACK_MS);
    };
    const stopFallback = () => {
      clearInterval(fallback);
      fallback = undefined;
    };

    const source = new EventSource("/api/events");
    source.onopen = stopFallback;
    source.onerror = startFallback;
    source.onmessage = (event: MessageEvent<string>) =>
      refetch(queryClient, event.data.split(",").filter(isLiveTopic));
    return () => {
      source.close();
      stopFallback();
    };
  }, [queryClient]);
}
