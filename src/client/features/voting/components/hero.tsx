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
 * The front page's banner: the title, the real schedule from settings, the countdown to launch beside the
 * winner's badge, and under them `reminder` (the page gives the browser reminders' button: features never
 * import each other).
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
  const ready = !isLoading && settings;
  return (
    <section
      aria-labelledby="hero-title"
      className="mb-10 border-3 border-ink bg-paper-dark p-4 shadow-pixel sm:p-6"
    >
      <h1 id="hero-title" className="font-pixel text-base leading-relaxed sm:text-xl lg:text-2xl">
        Vote on {words.period} Viral Headlines
      </h1>
      {ready ? (
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
      ) : (
        // The size of what replaces it (measured: the schedule's paragraph is 5 lines on a 390 px phone, 4 from
        // 400 px, 3 from 640 px, 2 from 1024 px), so what is below does not jump.
        <SkeletonGroup label="Loading the schedule" className="mt-4">
          <Skeleton className="h-[8.75rem] w-full max-w-3xl min-[400px]:h-28 sm:h-[5.25rem] lg:h-14" />
        </SkeletonGroup>
      )}
      {/*
        The badge and the countdown box are one unit (issue 23): side by side on one centre line from 640 px;
        on a phone, where the badge cannot be one line (~350 px), it heads the column in two balanced lines and
        the box spans the column too. The badge is drawn from the first paint and the box's placeholder has its
        size (86 px, 90 px from 640 px), so nothing jumps. The balance is an arbitrary property: cn() takes the
        text-balance utility for a colour and would drop the white of the text.
      */}
      <div className="mt-5 flex flex-col gap-3 text-center sm:flex-row-reverse sm:items-center sm:justify-end">
        <Badge variant="red" className="justify-center whitespace-normal leading-relaxed [text-wrap:balance]">
          {words.winner}
        </Badge>
        {ready ? (
          <Countdown settings={settings} />
        ) : (
          <Skeleton className="h-[86px] sm:h-[90px] sm:w-[302px]" />
        )}
      </div>
      {/* Outside the loading switch: the same place from the first draw, so nothing below it moves. */}
      {reminder}
    </section>
  );
}

function Countdown({ settings }: { settings: Settings }) {
  const queryClient = useQueryClient();
  // At zero the cycle moves on server-side: fetch the new times and the crowned winner.
  const countdown = useCountdown(settings.launchTime, () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.settings });
    void queryClient.invalidateQueries({ queryKey: queryKeys.headlines });
  });
  return (
    <div className="flex flex-col gap-2 border-3 border-ink bg-night px-4 py-3 shadow-pixel">
      <span className="font-pixel text-[10px] uppercase text-nes-cyan">Launch countdown</span>
      <span
        role="timer"
        aria-live="off"
        aria-label={countdown.expired ? "Launch time reached" : `Time to launch ${countdown.text}`}
        className="font-pixel text-2xl tracking-widest text-nes-yellow sm:text-3xl"
      >
        {countdown.text}
      </span>
      {countdown.expired ? <span className="font-pixel text-[10px] text-nes-cyan">LAUNCH TIME!</span> : null}
    </div>
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
      {/* One text node in a span the first paint's script fills for the server (decision 014). */}
      <span className="font-normal" data-local-time={at}>
        {beside ? ` ${beside}` : null}
      </span>
    </>
  );
}
