import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LIVE_TOPICS } from "@/common/live";
import { startLiveUpdates } from "./live-updates";

/** The browser's EventSource as the page sees it: the test opens, breaks and feeds the stream. */
class FakeEventSource {
  static readonly CLOSED = 2;
  static last: FakeEventSource | undefined;
  readyState = 0;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function setup() {
  vi.stubGlobal("EventSource", FakeEventSource);
  const client = new QueryClient();
  const refetched: string[] = [];
  vi.spyOn(client, "invalidateQueries").mockImplementation(async (filters) => {
    refetched.push(String(filters?.queryKey?.[0]));
  });
  const stop = startLiveUpdates(client);
  return { stream: FakeEventSource.last as FakeEventSource, refetched, stop };
}

describe("live updates", () => {
  it("fetch the lists a message names", () => {
    const { stream, refetched, stop } = setup();
    stream.onopen?.();
    stream.onmessage?.({ data: "headlines,not-a-topic,archive" });
    expect(refetched).toEqual(["headlines", "archive"]);
    stop();
  });

  it("catch up when the stream opens again after a break: every list is fetched once", () => {
    const { stream, refetched, stop } = setup();
    stream.onopen?.();
    expect(refetched).toEqual([]);
    // A restart: the stream breaks, EventSource reconnects by itself to another process.
    stream.onerror?.();
    stream.onopen?.();
    expect(refetched).toEqual([...LIVE_TOPICS]);
    // A second open without a break in between fetches nothing more.
    stream.onopen?.();
    expect(refetched).toEqual([...LIVE_TOPICS]);
    stop();
  });

  it("refetch every 30 s while the stream is down", () => {
    vi.useFakeTimers();
    const { stream, refetched, stop } = setup();
    stream.onerror?.();
    vi.advanceTimersByTime(30_000);
    expect(refetched).toEqual([...LIVE_TOPICS]);
    stop();
  });
});
