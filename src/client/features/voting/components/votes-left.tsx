import { cn } from "@/client/lib/cn";
import { DAILY_VOTE_LIMIT } from "@/common/vote-limit";

/** Why every vote button is off once the day's votes are used. */
export const NO_VOTES_LEFT = `No votes left today (${DAILY_VOTE_LIMIT} a day). More at midnight Eastern.`;

/** "7 of 10 votes left today", shown beside the vote buttons; at zero it says why they are off. */
export function VotesLeft({ votesLeft, className }: { votesLeft: number | undefined; className?: string }) {
  if (votesLeft === undefined) return null;
  const none = votesLeft <= 0;
  return (
    <p
      role="status"
      className={cn(
        "border-2 border-ink px-3 py-2 font-pixel text-[10px] leading-relaxed",
        none ? "bg-nes-red text-white" : "bg-paper",
        className,
      )}
    >
      {none ? NO_VOTES_LEFT : `${votesLeft} of ${DAILY_VOTE_LIMIT} votes left today`}
    </p>
  );
}
