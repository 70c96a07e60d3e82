import { describe, expect, it } from "vitest";
import {
  AutopilotInputSchema,
  easternHourAtOrAfter,
  type PlanInput,
  planSteps,
  VetoInputSchema,
} from "./autopilot";
import { nextCycle, weeklyCycle } from "./schedule";

const never = () => false;

function plan(over: Partial<PlanInput>) {
  const base: PlanInput = {
    now: new Date("2026-12-02T12:00:00Z"),
    race: new Date("2026-12-02T03:00:00Z"), // Dec 1, 10 PM ET: the roll
    votingEndTime: new Date("2026-12-03T01:00:00Z"), // Dec 2, 8 PM ET
    launchTime: new Date("2026-12-03T03:00:00Z"),
    nextClose: new Date("2026-12-04T01:00:00Z"),
    rolls: true,
    enabledAt: new Date("2026-12-01T00:00:00Z"),
    importHour: 6,
    launchDelayedHour: 23,
    unlaunchedWinner: null,
    done: never,
    ...over,
  };
  return Object.fromEntries(planSteps(base).map((s) => [s.step, s]));
}

describe("the autopilot's clock", () => {
  it("finds an Eastern hour across daylight saving", () => {
    // Sunday Nov 1, 2026: clocks go back at 2 AM; 6 AM EST is 11:00 UTC.
    expect(easternHourAtOrAfter(new Date("2026-11-01T03:00:00Z"), 6).toISOString()).toBe(
      "2026-11-01T11:00:00.000Z",
    );
    // The Saturday before: 6 AM EDT is 10:00 UTC.
    expect(easternHourAtOrAfter(new Date("2026-10-31T03:00:00Z"), 6).toISOString()).toBe(
      "2026-10-31T10:00:00.000Z",
    );
    // Exactly on the hour counts; a minute after moves to the next day.
    expect(easternHourAtOrAfter(new Date("2026-12-02T11:00:00Z"), 6).toISOString()).toBe(
      "2026-12-02T11:00:00.000Z",
    );
    expect(easternHourAtOrAfter(new Date("2026-12-02T11:01:00Z"), 6).toISOString()).toBe(
      "2026-12-03T11:00:00.000Z",
    );
  });

  it("daily: imports on the race's first morning, moves the four at the roll, closes at 8 PM", () => {
    const steps = plan({});
    expect(steps.import).toMatchObject({ runnable: true, nextRunAt: new Date("2026-12-02T11:00:00Z") });
    expect(steps.four).toMatchObject({ runnable: true, nextRunAt: new Date("2026-12-02T03:00:00Z") });
    expect(steps.close).toMatchObject({ runnable: false, nextRunAt: new Date("2026-12-03T01:00:00Z") });
    expect(steps.launch).toMatchObject({ runnable: false, nextRunAt: null });
  });

  it("runs nothing twice: a step done for its race waits for the next race", () => {
    const steps = plan({ done: (step) => step === "import" || step === "four" });
    expect(steps.import).toMatchObject({ runnable: false, nextRunAt: new Date("2026-12-03T11:00:00Z") });
    expect(steps.four).toMatchObject({ runnable: false, nextRunAt: new Date("2026-12-03T03:00:00Z") });
  });

  it("catches up nothing from before it was switched on", () => {
    const steps = plan({ enabledAt: new Date("2026-12-02T11:30:00Z") });
    expect(steps.import?.runnable).toBe(false);
    expect(steps.four?.runnable).toBe(false);
    expect(steps.import?.nextRunAt).toEqual(new Date("2026-12-03T11:00:00Z"));
  });

  it("weekly: the same steps on the weekly clock (the Monday roll, the Tuesday morning, the Monday close)", () => {
    const closed = weeklyCycle(new Date("2026-11-30T12:00:00Z")); // Monday Nov 30
    const next = nextCycle("weekly", closed, closed.launchTime);
    if (!next) throw new Error("weekly rolls");
    const steps = plan({
      now: new Date("2026-12-01T12:00:00Z"), // Tuesday 7 AM ET
      race: closed.launchTime, // opened at Monday's 7 PM Central roll
      votingEndTime: next.votingEndTime,
      launchTime: next.launchTime,
      nextClose: nextCycle("weekly", next, next.launchTime)?.votingEndTime ?? null,
    });
    expect(steps.import).toMatchObject({ runnable: true, nextRunAt: new Date("2026-12-01T11:00:00Z") });
    expect(steps.four).toMatchObject({ runnable: true, nextRunAt: closed.launchTime });
    expect(steps.close?.nextRunAt).toEqual(new Date("2026-12-07T23:00:00Z")); // Monday Dec 7, 5 PM Central
  });

  it("custom: nothing rolls, so nothing is planned after this race", () => {
    const steps = plan({ rolls: false, nextClose: null, done: () => true });
    expect(steps.import?.nextRunAt).toBeNull();
    expect(steps.four?.nextRunAt).toBeNull();
    expect(steps.close?.nextRunAt).toBeNull();
  });

  it("checks the launch at the launch-delayed hour after the crown", () => {
    const crownedAt = new Date("2026-12-02T01:30:00Z"); // Dec 1, 8:30 PM ET
    const due = plan({ now: new Date("2026-12-02T04:01:00Z"), unlaunchedWinner: { id: 7, crownedAt } });
    expect(due.launch).toMatchObject({
      subject: "7",
      runnable: true,
      nextRunAt: new Date("2026-12-02T04:00:00Z"),
    });
    const early = plan({ now: new Date("2026-12-02T03:59:00Z"), unlaunchedWinner: { id: 7, crownedAt } });
    expect(early.launch?.runnable).toBe(false);
  });
});

describe("the autopilot's inputs", () => {
  it("accepts partial settings and refuses out-of-range ones in words", () => {
    expect(AutopilotInputSchema.parse({ enabled: true, settings: { vetoMinutes: 0 } })).toEqual({
      enabled: true,
      settings: { vetoMinutes: 0 },
    });
    const refused = AutopilotInputSchema.safeParse({ enabled: true, settings: { minLead: -1 } });
    expect(refused.error?.issues[0]?.message).toBe("minLead must be between 0 and 10000");
  });

  it("requires a veto's reason", () => {
    expect(VetoInputSchema.safeParse({ reason: " " }).error?.issues[0]?.message).toBe(
      "Please give a reason for the veto",
    );
    expect(VetoInputSchema.safeParse({}).error?.issues[0]?.message).toBe("Please give a reason for the veto");
    expect(VetoInputSchema.parse({ reason: " A hoax " })).toEqual({ reason: "A hoax" });
  });
});
