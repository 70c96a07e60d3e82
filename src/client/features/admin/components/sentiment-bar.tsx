import { cn } from "@/client/lib/cn";
import { sentimentPercentages } from "@/common/sentiment";

interface SentimentCounts {
  holdVotes: number;
  buyVotes: number;
  sellVotes: number;
  ctoVotes: number;
}

const SEGMENTS = [
  { key: "hold", votes: "holdVotes", label: "HOLD", fill: "bg-nes-green" },
  { key: "buy", votes: "buyVotes", label: "BUY MORE", fill: "bg-nes-blue" },
  { key: "sell", votes: "sellVotes", label: "SELL", fill: "bg-nes-red" },
  { key: "cto", votes: "ctoVotes", label: "CTO", fill: "bg-nes-purple" },
] as const;

/**
 * The community's sentiment on a winner as four coloured segments. The bar is decoration; the legend
 * under it carries the numbers for everyone (colour is never the only cue).
 */
export function SentimentBar({ counts }: { counts: SentimentCounts }) {
  const shares = sentimentPercentages(counts);
  const total = counts.holdVotes + counts.buyVotes + counts.sellVotes + counts.ctoVotes;
  return (
    <div className="flex flex-col gap-2">
      <p className="font-pixel text-[10px] uppercase">
        Community sentiment ({total} {total === 1 ? "vote" : "votes"})
      </p>
      <div aria-hidden="true" className="flex h-5 w-full border-3 border-ink bg-paper">
        {SEGMENTS.map((s) =>
          shares[s.key] > 0 ? (
            <span key={s.key} className={cn("h-full", s.fill)} style={{ width: `${shares[s.key]}%` }} />
          ) : null,
        )}
      </div>
      <ul className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        {SEGMENTS.map((s) => (
          <li key={s.key} className="flex items-center gap-2">
            <span aria-hidden="true" className={cn("size-3 shrink-0 border-2 border-ink", s.fill)} />
            <span>
              <span className="font-bold">{s.label}</span> {shares[s.key]}% ({counts[s.votes]})
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
