import { useEffect, useRef, useState } from "react";
import type { Headline } from "@/common/headline";

/** At most one announcement per this long: a busy race must not talk over the page. */
export const ANNOUNCE_EVERY_MS = 10_000;

const votesWord = (n: number) => `${n} ${n === 1 ? "vote" : "votes"}`;

/** What is news: the leader, and the count of the visitor's headline. */
export interface Standing {
  leader?: number;
  mine?: number;
}

/**
 * What a screen reader hears while the counts change live (issue 23): politely, at most once per 10 s, only
 * what matters — a new leader, and the new count of the headline this visitor voted for — never each tick.
 * Changes within the 10 s are said together once, as they stand at the end.
 */
export function LiveStandings({
  headlines,
  votedId,
  since = {},
}: {
  headlines: Headline[];
  votedId: number | null;
  /** The standings the page arrived with (this loads on the first change after them). */
  since?: Standing;
}) {
  const [message, setMessage] = useState("");
  const seen = useRef<Standing>(since);
  const pending = useRef<{ leader?: string; mine?: string }>({});
  const lastSaid = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const leader = headlines.reduce<Headline | undefined>(
    (best, h) => (h.votes > 0 && (!best || h.votes > best.votes) ? h : best),
    undefined,
  );
  const mine = votedId === null ? undefined : headlines.find((h) => h.id === votedId);

  useEffect(() => {
    const before = seen.current;
    // The first counts the page shows are the page itself, not news.
    if (before.leader !== undefined && leader && leader.id !== before.leader) {
      pending.current.leader = `New leader: ${leader.title}, with ${votesWord(leader.votes)}.`;
    }
    if (mine && before.mine !== undefined && mine.votes !== before.mine) {
      pending.current.mine = `Your headline, ${mine.title}, now has ${votesWord(mine.votes)}.`;
    }
    seen.current = { leader: leader?.id ?? before.leader, mine: mine?.votes };
    if (!pending.current.leader && !pending.current.mine) return;
    if (timer.current) return; // already due: it will say the latest
    const wait = Math.max(0, lastSaid.current + ANNOUNCE_EVERY_MS - Date.now());
    timer.current = setTimeout(() => {
      const { leader: l, mine: m } = pending.current;
      pending.current = {};
      timer.current = undefined;
      lastSaid.current = Date.now();
      setMessage([l, m].filter(Boolean).join(" "));
    }, wait);
  }, [leader, mine]);

  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <p className="sr-only" aria-live="polite" aria-atomic="true">
      {message}
    </p>
  );
}
