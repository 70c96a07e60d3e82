import { TZDate } from "@date-fns/tz";
import type { ScheduleMode } from "./settings";
import { CENTRAL, EASTERN } from "./time";

/**
 * The voting cycle's times. Every rule is a pure function of "now" (and the previous cycle), computed in
 * the IANA zones so that daylight-saving changes move nothing: 7 PM Central is 7 PM on the wall clock in
 * Chicago in January and in July alike.
 */
export interface Cycle {
  votingEndTime: Date;
  launchTime: Date;
}

const HOUR = 60 * 60 * 1000;

interface YMD {
  y: number;
  m: number; // 0-based month
  d: number;
}

function ymdIn(at: Date, zone: string): YMD {
  const z = new TZDate(at.getTime(), zone);
  return { y: z.getFullYear(), m: z.getMonth(), d: z.getDate() };
}

/** The instant at a wall-clock time on a calendar day (day overflow rolls into the next month). */
function wallClock(day: YMD, plusDays: number, hour: number, zone: string): Date {
  return new Date(new TZDate(day.y, day.m, day.d + plusDays, hour, 0, 0, 0, zone).getTime());
}

/** No settings yet: launch tomorrow 9 PM Central, voting ends tomorrow 7 PM Central. */
export function defaultCycle(now: Date): Cycle {
  const today = ymdIn(now, CENTRAL);
  return { votingEndTime: wallClock(today, 1, 19, CENTRAL), launchTime: wallClock(today, 1, 21, CENTRAL) };
}

/** "Reset to 8 PM Vote / 10 PM Launch Today": today's 8 PM and 10 PM Eastern. */
export function dailyCycle(now: Date): Cycle {
  const today = ymdIn(now, EASTERN);
  return { votingEndTime: wallClock(today, 0, 20, EASTERN), launchTime: wallClock(today, 0, 22, EASTERN) };
}

/**
 * The next Monday 7 PM Central launch with voting ending 5 PM Central, the first whose voting end is still
 * ahead: on a Monday before 5 PM Central that is today.
 */
export function weeklyCycle(now: Date): Cycle {
  const today = ymdIn(now, CENTRAL);
  const weekday = new TZDate(today.y, today.m, today.d, 12, 0, 0, 0, CENTRAL).getDay(); // 0 = Sunday
  let ahead = (1 - weekday + 7) % 7;
  if (ahead === 0 && wallClock(today, 0, 17, CENTRAL) <= now) ahead = 7;
  return {
    votingEndTime: wallClock(today, ahead, 17, CENTRAL),
    launchTime: wallClock(today, ahead, 19, CENTRAL),
  };
}

/** A custom launch time: voting ends 2 hours before it. */
export function customCycle(launchTime: Date): Cycle {
  return { votingEndTime: new Date(launchTime.getTime() - 2 * HOUR), launchTime };
}

/**
 * The cycle after one that has closed, following the schedule mode: daily moves to the next day's 8 PM /
 * 10 PM Eastern, weekly to the next Monday; custom does not roll (staff set the next one). The result is
 * the first cycle whose voting end is after `now`, so a server that was down for days catches up at once.
 */
export function nextCycle(mode: ScheduleMode, closed: Cycle, now: Date): Cycle | null {
  if (mode === "custom") return null;
  if (mode === "weekly")
    return weeklyCycle(new Date(Math.max(now.getTime(), closed.votingEndTime.getTime())));
  const closedDay = ymdIn(closed.votingEndTime, EASTERN);
  for (let plus = 1; ; plus++) {
    const votingEndTime = wallClock(closedDay, plus, 20, EASTERN);
    if (votingEndTime > now) return { votingEndTime, launchTime: wallClock(closedDay, plus, 22, EASTERN) };
  }
}

/** The same wall-clock time in Eastern, `days` calendar days later (DST-safe). */
function easternDaysLater(at: Date, days: number): Date {
  const z = new TZDate(at.getTime(), EASTERN);
  return new Date(
    new TZDate(
      z.getFullYear(),
      z.getMonth(),
      z.getDate() + days,
      z.getHours(),
      z.getMinutes(),
      z.getSeconds(),
      z.getMilliseconds(),
      EASTERN,
    ).getTime(),
  );
}

/**
 * A cycle whose voting close is already past moves to the next day (or as many days as it takes), at the
 * same Eastern wall-clock times: a reset or schedule change never closes voting at once (decisions page,
 * "Second wave"). `days` says how far it moved; 0 when it was already ahead.
 */
export function notInThePast(cycle: Cycle, now: Date): { cycle: Cycle; days: number } {
  // Start near the answer (a day is 23 to 25 hours), then step: a close months ago costs a few steps.
  let days = Math.max(0, Math.floor((now.getTime() - cycle.votingEndTime.getTime()) / (25 * HOUR)));
  while (easternDaysLater(cycle.votingEndTime, days) <= now) days++;
  if (days === 0) return { cycle, days };
  return {
    cycle: {
      votingEndTime: easternDaysLater(cycle.votingEndTime, days),
      launchTime: easternDaysLater(cycle.launchTime, days),
    },
    days,
  };
}
