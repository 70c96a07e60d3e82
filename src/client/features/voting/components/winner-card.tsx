import { useState } from "react";
import { TelegramIcon, XLogoIcon } from "@/client/components/chrome-icons";
import { CopyIcon } from "@/client/components/icons";
import { Button, buttonClass } from "@/client/components/ui/button";
import { renderNow } from "@/client/lib/first-paint-clock";
import { useHeadlineUrl } from "@/client/lib/headline-url";
import { displayAuthor } from "@/common/author";
import type { Headline } from "@/common/headline";
import type { ScheduleMode } from "@/common/settings";
import { tradeLinks, winnerPostUrl } from "@/common/share";
import { formatEastern, formatEasternDay } from "@/common/time";
import { HeadlineImage } from "./headline-image";
import { SentimentPanel } from "./sentiment-panel";

/**
 * When the winner's coin is expected, in the spec's words on the daily schedule (10 PM Eastern); on another
 * schedule (a custom launch time, the weekly one) the launch time actually set, on the paper's clock
 * (issue 31); once that time has passed, no time at all rather than a wrong one.
 */
export function launchWords(
  schedule: { scheduleMode: ScheduleMode; launchTime: string } | undefined,
  now: number,
): string {
  if (!schedule || schedule.scheduleMode === "daily") return "Coming soon at 10PM Eastern...";
  if (new Date(schedule.launchTime).getTime() <= now) return "Coming soon...";
  return `Coming soon: ${formatEastern(schedule.launchTime)}...`;
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return null;
  }
}

/** The front-page lead: the headline crowned in this cycle, its coin, links and the sentiment panel. */
export function WinnerCard({
  winner,
  sentimentVoted,
  launchDelayed = false,
  schedule,
}: {
  winner: Headline;
  sentimentVoted: boolean;
  /** The settings' schedule: what the card says of the launch's time. */
  schedule?: { scheduleMode: ScheduleMode; launchTime: string };
  /** No coin by the autopilot's launch-delayed hour (issue 30): say so instead of a stale "coming soon". */
  launchDelayed?: boolean;
}) {
  const ca = winner.contractAddress;
  const [copied, setCopied] = useState<"ok" | "failed" | null>(null);
  const headlineUrl = useHeadlineUrl();

  const copy = async () => {
    if (!ca) return;
    try {
      await navigator.clipboard.writeText(ca);
      setCopied("ok");
    } catch {
      setCopied("failed");
    }
    setTimeout(() => setCopied(null), 2000);
  };

  return (
    <section aria-labelledby="winner-title" className="mb-10">
      <h2 className="mb-4 font-pixel text-sm sm:text-lg">Today's Winner</h2>
      <article className="relative border-[5px] border-ink bg-paper shadow-pixel md:grid md:grid-cols-[2fr_3fr]">
        <span className="absolute top-3 left-3 z-10 -rotate-6 border-3 border-ink bg-nes-red px-3 py-2 font-pixel text-xs text-white shadow-pixel-sm">
          WINNER
        </span>
        <HeadlineImage
          src={winner.imageUrl}
          alt={winner.title}
          width={640}
          height={640}
          priority
          className="aspect-square w-full border-b-3 border-ink md:h-full md:border-r-3 md:border-b-0"
        />
        <div className="flex flex-col gap-4 p-4 sm:p-6">
          <p className="text-sm text-ink-soft">
            Submitted by <strong className="text-ink">{displayAuthor(winner.submittedBy)}</strong> ·{" "}
            <time dateTime={winner.createdAt}>{formatEasternDay(winner.createdAt)}</time>
          </p>
          <h3 id="winner-title" className="font-pixel text-sm leading-relaxed break-words sm:text-lg">
            {winner.title}
          </h3>
          <p className="text-base break-words sm:text-lg">{winner.description}</p>

          {winner.importedNews ? (
            winner.sourceUrl ? (
              <p className="text-sm">
                <a
                  className="font-bold underline"
                  href={winner.sourceUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  Read News Source
                </a>{" "}
                <span className="text-ink-soft">({hostOf(winner.sourceUrl)})</span>
              </p>
            ) : (
              <p className="text-sm text-ink-soft">Imported News - Original source URL unavailable</p>
            )
          ) : null}

          {ca ? (
            <div className="flex flex-col gap-2">
              <span className="font-pixel text-[10px] uppercase">Contract Address</span>
              <div className="flex items-stretch gap-2">
                <code className="min-w-0 flex-1 border-3 border-ink bg-night px-3 py-2 font-mono text-sm break-all text-nes-cyan select-all">
                  {ca}
                </code>
                <Button variant="secondary" size="icon" onClick={copy} aria-label="Copy contract address">
                  <CopyIcon />
                </Button>
              </div>
              {copied ? (
                <p role="alert" className="font-pixel text-[10px]">
                  {copied === "ok" ? "Copied!" : "Copy failed: select the address and copy it by hand."}
                </p>
              ) : null}
              {/* Console buttons like the share row's (issue 23), under their label as the address is. */}
              <nav aria-label="Trade on" className="mt-2 flex flex-wrap gap-3">
                <span className="w-full font-pixel text-[10px] uppercase">Trade on:</span>
                {tradeLinks(ca).map((l) => (
                  <a
                    key={l.label}
                    href={l.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={buttonClass({ variant: "secondary" })}
                  >
                    {l.label}
                  </a>
                ))}
              </nav>
            </div>
          ) : (
            <p className="border-3 border-dashed border-ink bg-paper-dark p-3 font-pixel text-[10px] leading-relaxed">
              {launchDelayed ? "Launch delayed. Stay tuned..." : launchWords(schedule, renderNow())}
            </p>
          )}

          <div className="flex flex-wrap gap-3">
            <Button asChild variant="dark">
              <a href={winnerPostUrl(winner, headlineUrl(winner))} target="_blank" rel="noopener noreferrer">
                <XLogoIcon /> Share on X
              </a>
            </Button>
            {winner.articleUrl ? (
              <Button asChild variant="blue">
                <a href={winner.articleUrl} target="_blank" rel="noopener noreferrer">
                  <TelegramIcon /> Telegram
                </a>
              </Button>
            ) : null}
            {winner.twitterUrl ? (
              <Button asChild variant="secondary">
                <a href={winner.twitterUrl} target="_blank" rel="noopener noreferrer">
                  <XLogoIcon /> X / Twitter
                </a>
              </Button>
            ) : null}
            {winner.websiteUrl ? (
              <Button asChild variant="secondary">
                <a href={winner.websiteUrl} target="_blank" rel="noopener noreferrer">
                  Website
                </a>
              </Button>
            ) : null}
          </div>

          <SentimentPanel winner={winner} alreadyVoted={sentimentVoted} />
          <Button disabled className="w-full">
            WINNER SELECTED!
          </Button>
        </div>
      </article>
    </section>
  );
}
