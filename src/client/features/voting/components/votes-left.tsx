import { cn } from "@/client/lib/cn";
import { localTimeBeside, localTimeZone, nextEasternMidnight } from "@/common/time";
import { DAILY_VOTE_LIMIT } from "@/common/vote-limit";

/**
 * Why every vote button is off once the day's votes are used: the limit's day is the Eastern day, so it
 * starts again at midnight ET, the visitor's own time beside it when it differs.
 */
export function noVotesLeft(now: Date = new Date(), localZone: string | undefined = localTimeZone()): string {
  const beside = localTimeBeside(nextEasternMidnight(now), localZone);
  return `No votes left today (${DAILY_VOTE_LIMIT} a day). More at midnight ET${beside ? ` ${beside}` : ""}.`;
}

/**
 * "7 of 10 votes left today", shown beside the vote buttons; at zero it says why they are off. Until the
 * visitor's count is known (the server's first paint is the same for every visitor, and the count comes with
 * the app), the line keeps its room, hidden: appearing, it moved the list below it down by its height
 * (Tomorrow's News: a layout shift of 0.026 on a phone at every load).
 */
export function VotesLeft({ votesLeft, className }: { votesLeft: number | undefined; className?: string }) {
  const known = votesLeft !== undefined;
  const none = known && votesLeft <= 0;
  return (
    <p
      role="status"
      aria-hidden={!known || undefined}
      className={cn(
        "border-2 border-ink px-3 py-2 font-pixel text-[10px] leading-relaxed",
        none ? "bg-nes-red text-white" : "bg-paper",
        !known && "invisible",
        className,
      )}
    >
      {none ? noVotesLeft() : `${votesLeft ?? DAILY_VOTE_LIMIT} of ${DAILY_VOTE_LIMIT} votes left today`}
    </p>
  );
}
