import { useQueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Badge } from "@/client/components/ui/badge";
import { Skeleton, SkeletonGroup } from "@/client/components/ui/skeleton";
import { queryKeys } from "@/client/lib/query-keys";
import { editionWords } from "@/common/edition";
import type { Settings } from "@/common/settings";
import { formatEastern, localTimeBeside, localTimeZone } from "@/common/time";
import { useCountdown } from "../use-countdown";

/**
 * The front page's banner: the title, the real schedule from settings, the countdown to launch, and under it
 * `reminder` (the page gives the browser reminders' button: features never import each other).
 */
export function Hero({
  settings,
  isLoading,
  reminder,
}: {
  settings: Settings | undefined;
  isLoading: boolean;
  reminder?: ReactNode;
}) {
  const words = editionWords(settings?.scheduleMode);
  return (
    <section
      aria-labelledby="hero-title"
      className="mb-10 border-3 border-ink bg-paper-dark p-4 shadow-pixel sm:p-6"
    >
      <h1 id="hero-title" className="font-pixel text-base leading-relaxed sm:text-xl lg:text-2xl">
        Vote on {words.period} Viral Headlines
      </h1>
      {isLoading || !settings ? (
        // The size of what replaces it (measured: the schedule's paragraph is 5 lines on a 390 px phone, 4 from
        // 400 px, 3 from 640 px, 2 from 1024 px; the countdown box 86-90 px), so what is below does not jump.
        <SkeletonGroup label="Loading the schedule" className="mt-4 flex flex-col items-start gap-5">
          <Skeleton className="h-[8.75rem] w-full max-w-3xl min-[400px]:h-28 sm:h-[5.25rem] lg:h-14" />
          <Skeleton className="h-[86px] w-[250px] sm:h-[90px] sm:w-[302px]" />
        </SkeletonGroup>
      ) : (
        <HeroBody settings={settings} />
      )}
      {/* Outside the loading switch: the same place from the first draw, so nothing below it moves. */}
      {reminder}
      <Badge variant="red" className="mt-5 whitespace-normal leading-relaxed">
        {words.winner}
      </Badge>
    </section>
  );
}

function HeroBody({ settings }: { settings: Settings }) {
  const queryClient = useQueryClient();
  // At zero the cycle moves on server-side: fetch the new times and the crowned winner.
  const countdown = useCountdown(settings.launchTime, () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.settings });
    void queryClient.invalidateQueries({ queryKey: queryKeys.headlines });
  });
  return (
    <>
      <p className="mt-4 max-w-3xl text-lg">
        Voting ends{" "}
        <strong>
          <ScheduleTime at={settings.votingEndTime} />
        </strong>
        . The winning headline launches as the community's meme coin{" "}
        <strong>
          <ScheduleTime at={settings.launchTime} />
        </strong>
        .
      </p>
      <div className="mt-5 inline-flex flex-col gap-2 border-3 border-ink bg-night px-4 py-3 shadow-pixel">
        <span className="font-pixel text-[10px] uppercase text-nes-cyan">Launch countdown</span>
        <span
          role="timer"
          aria-live="off"
          aria-label={countdown.expired ? "Launch time reached" : `Time to launch ${countdown.text}`}
          className="font-pixel text-2xl tracking-widest text-nes-yellow sm:text-3xl"
        >
          {countdown.text}
        </span>
        {countdown.expired ? (
          <span className="font-pixel text-[10px] text-nes-cyan">LAUNCH TIME!</span>
        ) : null}
      </div>
    </>
  );
}

/**
 * components/eastern-time.tsx in the hero's own words: importing that component put a chunk of its own on
 * the front page's first load (decision 005), for these few lines. The rule is time.ts's either way.
 */
function ScheduleTime({ at }: { at: string }) {
  const beside = localTimeBeside(at, localTimeZone());
  return (
    <>
      <time dateTime={at}>{formatEastern(at)}</time>
      {beside ? <span className="font-normal"> {beside}</span> : null}
    </>
  );
}
