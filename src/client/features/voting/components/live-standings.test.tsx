// @vitest-environment happy-dom
import { act, cleanup, render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { sampleHeadline } from "@/common/testing/headlines";
import { ANNOUNCE_EVERY_MS, LiveStandings } from "./live-standings";

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const said = () => document.querySelector('[aria-live="polite"]')?.textContent ?? "";
const list = (a: number, b: number) => [
  sampleHeadline({ id: 1, title: "Frog", votes: a }),
  sampleHeadline({ id: 2, title: "Cat", votes: b }),
];

describe("live standings for screen readers (issue 23)", () => {
  it("says nothing on arrival or for each tick, and says a new leader and my headline's count once per 10 s", () => {
    const view = render(<LiveStandings headlines={list(5, 3)} votedId={2} />);
    act(() => vi.advanceTimersByTime(ANNOUNCE_EVERY_MS));
    expect(said()).toBe("");
    // The leader keeps the lead: a tick of the count is not news, beyond my headline's.
    view.rerender(<LiveStandings headlines={list(6, 3)} votedId={null} />);
    act(() => vi.advanceTimersByTime(ANNOUNCE_EVERY_MS));
    expect(said()).toBe("");

    view.rerender(<LiveStandings headlines={list(6, 7)} votedId={2} />);
    act(() => vi.advanceTimersByTime(0));
    expect(said()).toBe("New leader: Cat, with 7 votes.");
    // Two changes within the next 10 s: said once, at the end, as they stand then.
    view.rerender(<LiveStandings headlines={list(6, 8)} votedId={2} />);
    view.rerender(<LiveStandings headlines={list(9, 8)} votedId={2} />);
    act(() => vi.advanceTimersByTime(ANNOUNCE_EVERY_MS - 1));
    expect(said()).toBe("New leader: Cat, with 7 votes.");
    act(() => vi.advanceTimersByTime(1));
    expect(said()).toBe("New leader: Frog, with 9 votes. Your headline, Cat, now has 8 votes.");
  });

  it("loaded on the first change, says the change from the standings the page arrived with", () => {
    render(<LiveStandings headlines={list(5, 7)} votedId={2} since={{ leader: 1, mine: 6 }} />);
    act(() => vi.advanceTimersByTime(0));
    expect(said()).toBe("New leader: Cat, with 7 votes. Your headline, Cat, now has 7 votes.");
  });
});
