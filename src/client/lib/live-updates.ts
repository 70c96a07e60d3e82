import type { QueryClient } from "@tanstack/react-query";
import { isLiveTopic, LIVE_TOPICS } from "@/common/live";

/** Without the stream the lists are refetched this often instead. */
const FALLBACK_MS = 30_000;
/**
 * A stream the server refused (429: too many open from this network or on this server) is not retried by
 * EventSource; the page tries again this much later, refetching every 30 s meanwhile.
 */
const REOPEN_MS = 5 * 60_000;

function refetch(queryClient: QueryClient, topics: readonly string[]) {
  // A topic is the first part of its list's query key (src/common/live.ts), so this refetches that list.
  for (const topic of topics) void queryClient.invalidateQueries({ queryKey: [topic] });
}

/**
 * Keeps open pages current: the server's event stream says which lists changed and those are fetched again.
 * EventSource reconnects by itself after a broken stream (a restart, a deploy, a lost network); while it is
 * down, or refused, the lists are refetched every 30 s, and when it opens again every list is fetched at
 * once: what changed while it was down reached nobody's stream (issue 14: a rolling restart loses nothing).
 */
export function startLiveUpdates(queryClient: QueryClient): () => void {
  if (typeof EventSource === "undefined") return () => {};
  let fallback: ReturnType<typeof setInterval> | undefined;
  const startFallback = () => {
    fallback ??= setInterval(() => refetch(queryClient, LIVE_TOPICS), FALLBACK_MS);
  };
  const stopFallback = () => {
    clearInterval(fallback);
    fallback = undefined;
  };

  let source: EventSource | undefined;
  /** The stream broke since it last opened: changes may have been missed. */
  let missed = false;
  let reopen: ReturnType<typeof setTimeout> | undefined;
  const open = () => {
    const current = new EventSource("/api/events");
    source = current;
    current.onopen = () => {
      stopFallback();
      if (missed) refetch(queryClient, LIVE_TOPICS);
      missed = false;
    };
    current.onerror = () => {
      missed = true;
      startFallback();
      // CLOSED: the server answered other than 200 (a 429), and EventSource gives up for good.
      if (current.readyState === EventSource.CLOSED) reopen = setTimeout(open, REOPEN_MS);
    };
    current.onmessage = (event: MessageEvent<string>) =>
      refetch(queryClient, event.data.split(",").filter(isLiveTopic));
  };
  open();
  return () => {
    source?.close();
    clearTimeout(reopen);
    stopFallback();
  };
}
