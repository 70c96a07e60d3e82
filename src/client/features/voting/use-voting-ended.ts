import { useEffect, useState } from "react";
import { renderNow } from "@/client/lib/first-paint-clock";
import { isVotingOpen } from "@/common/time";

const RECHECK_MS = 60_000;

/** Voting has ended when the clock is at or after votingEndTime; rechecked every 60 s (spec section 4). */
export function useVotingEnded(votingEndTime: string | undefined): boolean {
  const compute = (now = Date.now()) => (votingEndTime ? !isVotingOpen(votingEndTime, new Date(now)) : false);
  const [ended, setEnded] = useState(() => compute(renderNow()));
  // biome-ignore lint/correctness/useExhaustiveDependencies: compute reads votingEndTime only.
  useEffect(() => {
    setEnded(compute());
    const timer = setInterval(() => setEnded(compute()), RECHECK_MS);
    return () => clearInterval(timer);
  }, [votingEndTime]);
  return ended;
}
