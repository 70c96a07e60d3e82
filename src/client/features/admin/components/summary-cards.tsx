import { Skeleton } from "@/client/components/ui/skeleton";
import { errorDetail } from "@/client/lib/api-client";
import { cn } from "@/client/lib/cn";
import { useAdminSummary } from "../api/use-admin-summary";
import { useAdminQueryError } from "../use-admin-query-error";

const CARDS = [
  { key: "pendingApproval", label: "Pending Approval", fill: "bg-nes-orange" },
  { key: "activeHeadlines", label: "Active Headlines", fill: "bg-nes-cyan" },
  { key: "winners", label: "Winners", fill: "bg-nes-yellow" },
] as const;

/** The three counts at the top, like a game's score panel. */
export function SummaryCards() {
  const summary = useAdminSummary();
  useAdminQueryError(summary.error);

  return (
    <section aria-labelledby="summary-heading" className="flex flex-col gap-3">
      <h2 id="summary-heading" className="sr-only">
        Summary
      </h2>
      {summary.isError ? (
        <p role="alert" className="border-l-8 border-nes-red bg-paper p-3">
          Could not load the counts: {errorDetail(summary.error, "Please try again later.")}
        </p>
      ) : null}
      <dl className="grid grid-cols-3 gap-3 sm:gap-6">
        {CARDS.map((card) => (
          <div
            key={card.key}
            className={cn(
              "flex flex-col-reverse justify-end gap-2 border-3 border-ink p-3 text-ink shadow-pixel sm:p-5",
              card.fill,
            )}
          >
            <dt className="font-pixel text-[9px] uppercase leading-relaxed sm:text-xs">{card.label}</dt>
            <dd className="font-pixel text-xl sm:text-3xl">
              {summary.data ? (
                summary.data[card.key]
              ) : summary.isPending ? (
                <Skeleton className="h-8 w-12 border-ink/40 bg-paper/60" />
              ) : (
                "?"
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
