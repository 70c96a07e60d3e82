import { type Cycle, dailyCycle, notInThePast } from "@/common/schedule";
import { withLocalTime } from "@/common/time-text";

/**
 * "Reset to 8 PM Vote / 10 PM Launch Today": today's 8 PM / 10 PM Eastern, or tomorrow's once today's 8 PM
 * has passed. The server moves a past close on the same way (notInThePast); working it out here too lets
 * the question state the times that will be set.
 */
export function dailyResetCycle(now: Date): { cycle: Cycle; tomorrow: boolean } {
  const { cycle, days } = notInThePast(dailyCycle(now), now);
  return { cycle, tomorrow: days > 0 };
}

/** The reset's question: the exact Eastern times it sets, the visitor's own beside them when they differ. */
export function dailyResetText(now: Date, localZone: string | undefined): string {
  const { cycle, tomorrow } = dailyResetCycle(now);
  const close = withLocalTime(cycle.votingEndTime, localZone);
  const launch = withLocalTime(cycle.launchTime, localZone);
  const when = tomorrow ? "Today's 8 PM ET has passed, so voting closes tomorrow," : "Voting closes today,";
  return `${when} ${close}, and the coin launches ${launch}. The schedule switches to daily.`;
}
