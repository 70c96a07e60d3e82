import { useEffect, useState } from "react";
import { EasternTime } from "@/client/components/eastern-time";
import { Button } from "@/client/components/ui/button";
import { Skeleton } from "@/client/components/ui/skeleton";
import { localTimeZone } from "@/common/time";
import { useCycleSettings } from "../api/use-cycle-settings";
import { useMoveWinnerToYesterday } from "../api/use-move-winner-to-yesterday";
import { useSelectWinner } from "../api/use-select-winner";
import { useUpdateNewsSources } from "../api/use-update-news-sources";
import { useUpdateSettings } from "../api/use-update-settings";
import { dailyResetCycle, dailyResetText } from "../daily-reset";
import { ConfirmButton } from "./confirm-button";
import { CustomCountdownDialog } from "./custom-countdown-dialog";

const MODE_LABEL = { daily: "Daily", weekly: "Weekly (Monday)", custom: "Custom" } as const;

function DailyResetDescription() {
  // Worked out when the question opens, and again the moment the close it states passes: a question left
  // open across 8 PM ET then states tomorrow's times, the ones "Reset Timers" sets (it reads the clock then).
  const [now, setNow] = useState(() => new Date());
  const closes = dailyResetCycle(now).cycle.votingEndTime.getTime();
  useEffect(() => {
    const timer = setTimeout(() => setNow(new Date()), closes - Date.now() + 1);
    return () => clearTimeout(timer);
  }, [closes]);
  return <>{dailyResetText(now, localTimeZone())}</>;
}

/** The cycle's buttons and the times they set, shown under them in Eastern time. */
export function ActionBar() {
  const selectWinner = useSelectWinner();
  const moveWinner = useMoveWinnerToYesterday();
  const resetTimers = useUpdateSettings("Timer reset failed");
  const updateSources = useUpdateNewsSources();

  return (
    <section
      aria-labelledby="actions-heading"
      className="flex flex-col gap-4 border-3 border-ink bg-paper-dark p-4 shadow-pixel sm:p-5"
    >
      <h2 id="actions-heading" className="font-pixel text-xs uppercase sm:text-sm">
        Daily Actions
      </h2>
      <div className="grid gap-3 sm:grid-cols-2 lg:flex lg:flex-wrap">
        <ConfirmButton
          variant="green"
          disabled={selectWinner.isPending}
          steps={[
            {
              title: "Select today's winner?",
              description:
                "The most-voted headline in today's voting becomes the winner now and leaves the voting list.",
              confirmLabel: "Select Winner",
            },
          ]}
          onConfirm={() => selectWinner.mutate()}
        >
          Select Today's Winner
        </ConfirmButton>
        <ConfirmButton
          variant="blue"
          disabled={moveWinner.isPending}
          steps={[
            {
              title: "Move the winner to Yesterday's News?",
              description:
                "The current winner leaves the home page, goes to Yesterday's News and gets its Archive entry.",
              confirmLabel: "Move Winner",
            },
          ]}
          onConfirm={() => moveWinner.mutate()}
        >
          Move Winner to Yesterday
        </ConfirmButton>
        <ConfirmButton
          variant="secondary"
          disabled={resetTimers.isPending}
          steps={[
            {
              title: "Reset to 8 PM vote / 10 PM launch today?",
              description: <DailyResetDescription />,
              confirmLabel: "Reset Timers",
            },
          ]}
          onConfirm={() => {
            const { cycle } = dailyResetCycle(new Date());
            resetTimers.mutate({
              votingEndTime: cycle.votingEndTime.toISOString(),
              launchTime: cycle.launchTime.toISOString(),
              scheduleMode: "daily",
            });
          }}
        >
          Reset to 8 PM Vote / 10 PM Launch Today
        </ConfirmButton>
        <CustomCountdownDialog />
        <Button variant="secondary" disabled={updateSources.isPending} onClick={() => updateSources.mutate()}>
          {updateSources.isPending ? "Updating..." : "Update News Sources"}
        </Button>
      </div>
      <CycleTimes />
    </section>
  );
}

function CycleTimes() {
  const settings = useCycleSettings();
  if (settings.isPending) return <Skeleton className="h-16" />;
  if (settings.isError) {
    return <p role="alert">Could not load the current countdown times.</p>;
  }
  const { votingEndTime, launchTime, scheduleMode } = settings.data;
  return (
    <dl className="grid gap-x-4 gap-y-1 border-t-2 border-ink/30 pt-3 sm:grid-cols-[auto_minmax(0,1fr)]">
      <dt className="font-pixel text-[10px] uppercase leading-7">Voting ends</dt>
      <dd>
        <EasternTime at={votingEndTime} />
      </dd>
      <dt className="font-pixel text-[10px] uppercase leading-7">Launch</dt>
      <dd>
        <EasternTime at={launchTime} />
      </dd>
      <dt className="font-pixel text-[10px] uppercase leading-7">Schedule</dt>
      <dd>{MODE_LABEL[scheduleMode]}</dd>
    </dl>
  );
}
