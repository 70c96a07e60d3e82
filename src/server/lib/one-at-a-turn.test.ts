import { describe, expect, it } from "vitest";
import { oneAtATurn } from "./one-at-a-turn";

describe("oneAtATurn (issue 28)", () => {
  it("lets one waiter through per turn of the event loop, in the order they came", async () => {
    const turn = oneAtATurn();
    // A counter that moves once per turn (an immediate that schedules itself runs in the next check phase).
    let turns = 0;
    let counting = true;
    const count = () => {
      turns++;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    const seen: Array<[number, number]> = [];
    await Promise.all([1, 2, 3, 4].map((n) => turn().then(() => seen.push([n, turns]))));
    counting = false;
    expect(seen.map(([n]) => n)).toEqual([1, 2, 3, 4]);
    // Each in a turn of its own: all four at once (one check phase) would have seen one count.
    expect(new Set(seen.map(([, at]) => at)).size).toBe(4);
  });

  it("lets a lone waiter through at the end of the turn", async () => {
    const turn = oneAtATurn();
    let immediateRan = false;
    setImmediate(() => {
      immediateRan = true;
    });
    await turn();
    expect(immediateRan).toBe(true);
  });
});
