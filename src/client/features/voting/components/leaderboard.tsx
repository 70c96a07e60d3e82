import { cn } from "@/client/lib/cn";
import type { Headline } from "@/common/headline";

const PODIUM = ["bg-nes-yellow", "bg-[#c8c8c8]", "bg-nes-orange"] as const;

/**
 * A high-score table: the top 6 by votes. `highlight` ranks get a fill (gold, silver, bronze on the home
 * page; the 4 qualifying ones on Tomorrow's News) and `markFor(rank)` an optional label.
 */
export function Leaderboard({
  items,
  highlight,
  markFor,
  podium = false,
  emptyText,
}: {
  items: Headline[];
  highlight: number;
  markFor?: (rank: number) => string | null;
  podium?: boolean;
  emptyText?: string;
}) {
  const top = topSix(items);
  return (
    <section aria-labelledby="leaderboard-title" className="border-3 border-ink bg-paper shadow-pixel">
      <h2
        id="leaderboard-title"
        className="border-b-3 border-ink bg-ink px-4 py-3 font-pixel text-xs text-paper"
      >
        Current Leaderboard
      </h2>
      {top.every((h) => h.votes === 0) ? (
        <p className="p-4 text-base">{emptyText ?? "No votes yet! Be the first to vote."}</p>
      ) : null}
      {top.length === 0 ? null : (
        <ol className="divide-y-2 divide-ink/30">
          {top.map((h, i) => {
            const rank = i + 1;
            const mark = markFor?.(rank) ?? null;
            return (
              <li
                key={h.id}
                className={cn(
                  "flex items-center gap-3 px-4 py-3",
                  rank <= highlight && (podium ? PODIUM[i] : "bg-nes-green/25"),
                )}
              >
                <span className="w-8 shrink-0 font-pixel text-xs">
                  <span className="sr-only">Rank </span>
                  {rank}.
                </span>
                {/* The mark sits under the title so that a phone keeps the whole width for the name. */}
                <span className="flex min-w-0 flex-1 flex-col items-start gap-1">
                  {/* The whole title where there is room; two lines on a phone, the rest in its tooltip. */}
                  <span
                    title={h.title}
                    className="line-clamp-2 break-words text-base font-bold lg:line-clamp-none"
                  >
                    {h.title}
                  </span>
                  {mark ? (
                    <span className="border-2 border-ink bg-paper px-2 py-1 font-pixel text-[10px]">
                      {mark}
                    </span>
                  ) : null}
                </span>
                <span className="shrink-0 font-pixel text-xs">
                  {h.votes} {h.votes === 1 ? "vote" : "votes"}
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

/**
 * The top 6 by votes, every candidate ranked: a headline without a vote yet is on the board too (leaving it
 * out read as if it were not in the race). Equal counts keep the list order.
 */
export function topSix(items: Headline[]): Headline[] {
  return [...items].sort((a, b) => b.votes - a.votes).slice(0, 6);
}
