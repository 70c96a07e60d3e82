// @vitest-environment happy-dom
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/client/lib/query-client";
import { ActionBar } from "./action-bar";

type Call = { method: string; url: string; body: unknown };

/** The server, stubbed: settings answer the daily cycle, every change is recorded and answers 200. */
function stubApi() {
  const calls: Call[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? "GET";
    if (method !== "GET") {
      calls.push({ method, url, body: init.body === undefined ? undefined : JSON.parse(String(init.body)) });
    }
    const body =
      url === "/api/settings"
        ? {
            votingEndTime: "2026-11-27T01:00:00.000Z",
            launchTime: "2026-11-27T03:00:00.000Z",
            scheduleMode: "daily",
          }
        : {};
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { "content-type": "application/json" },
    });
  });
  return calls;
}

/** The staff member's browser in Tokyo: the zone the dashboard reads for "your time". */
function inTokyo() {
  const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions").mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...resolved.call(this), timeZone: "Asia/Tokyo" };
  });
}

function openReset() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ActionBar />
    </QueryClientProvider>,
  );
  act(() => {
    fireEvent.click(screen.getByRole("button", { name: "Reset to 8 PM Vote / 10 PM Launch Today" }));
  });
  return screen.getByRole("alertdialog");
}

beforeEach(() => inTokyo());

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe("the daily reset's question, asked of staff in Tokyo", () => {
  it("at 8:30 PM ET on Friday says tomorrow, Saturday, with Sunday beside it in Tokyo, and sets Saturday's times", async () => {
    const calls = stubApi();
    vi.useFakeTimers({ now: new Date("2026-11-28T01:30:00.000Z"), toFake: ["Date"] }); // Fri 8:30 PM EST = Sat 10:30 AM JST
    const question = openReset();
    expect(question.textContent).toContain(
      "Today's 8 PM ET has passed, so voting closes tomorrow, Saturday, November 28 at 8:00 PM ET (Sunday 10:00 AM your time), and the coin launches Saturday, November 28 at 10:00 PM ET (Sunday 12:00 PM your time).",
    );
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Reset Timers" }));
    });
    expect(calls).toEqual([
      {
        method: "PUT",
        url: "/api/admin/settings",
        body: {
          votingEndTime: "2026-11-29T01:00:00.000Z",
          launchTime: "2026-11-29T03:00:00.000Z",
          scheduleMode: "daily",
        },
      },
    ]);
  });

  it("left open from 7:59 PM ET past 8 PM ET, restates tomorrow's times, the ones it then sets", async () => {
    const calls = stubApi();
    vi.useFakeTimers({
      now: new Date("2026-11-28T00:59:30.000Z"),
      toFake: ["Date", "setInterval", "clearInterval", "setTimeout", "clearTimeout"],
    });
    const question = openReset();
    expect(question.textContent).toContain(
      "Voting closes today, Friday, November 27 at 8:00 PM ET (Saturday 10:00 AM your time)",
    );
    act(() => vi.advanceTimersByTime(60_000)); // 8:00:30 PM ET: today's close has passed
    expect(question.textContent).toContain(
      "Today's 8 PM ET has passed, so voting closes tomorrow, Saturday, November 28 at 8:00 PM ET (Sunday 10:00 AM your time)",
    );
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Reset Timers" }));
    });
    expect(calls[0]?.body).toMatchObject({ votingEndTime: "2026-11-29T01:00:00.000Z" });
  });
});
