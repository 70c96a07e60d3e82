import { useId, useState } from "react";
import { Button } from "@/client/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/client/components/ui/dialog";
import { FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { errorDetail } from "@/client/lib/api-client";
import { toast } from "@/client/lib/use-toast";
import { customCycle, weeklyCycle } from "@/common/schedule";
import { localTimeZone } from "@/common/time";
import { withLocalTime } from "@/common/time-text";
import { useUpdateSettings } from "../api/use-update-settings";
import { parseEasternDateTime } from "../eastern-time";
import { ConfirmButton } from "./confirm-button";

/**
 * "Set Custom Countdown Time": a launch date and time in US Eastern, the paper's clock (voting then ends 2
 * hours earlier), or one of the two Monday schedules. The spec's button "Set to 7 PM Central Next Monday"
 * keeps its words (decisions, "Third wave"); its question states the Eastern times it sets. Every choice asks
 * for confirmation; the dialog closes once it is saved.
 */
export function CustomCountdownDialog() {
  const [open, setOpen] = useState(false);
  const [date, setDate] = useState("");
  const [time, setTime] = useState("");
  // Also said inside the dialog: while it is open, the page behind it (toasts included) is hidden from
  // screen readers, so a toast alone would go unheard.
  const [problem, setProblem] = useState<string | null>(null);
  const settings = useUpdateSettings("Settings update failed");
  const id = useId();
  const hint = "US Eastern time (ET, New York). Voting ends 2 hours before the launch.";
  const parsed = parseEasternDateTime(date, time);

  const save = (cycle: { votingEndTime: Date; launchTime: Date }, scheduleMode?: "custom" | "weekly") =>
    settings.mutate(
      {
        votingEndTime: cycle.votingEndTime.toISOString(),
        launchTime: cycle.launchTime.toISOString(),
        ...(scheduleMode && { scheduleMode }),
      },
      { onSuccess: () => setOpen(false) },
    );

  // Checked before the confirmation opens, so a half-filled form never gets as far as "are you sure?".
  function refuse(title: string, description: string): false {
    toast({ title, description, variant: "destructive" });
    setProblem(`${title}: ${description}`);
    return false;
  }

  function customTimeIsValid(): boolean {
    if (!parsed.ok) {
      return refuse(
        parsed.reason,
        parsed.reason === "Missing Date/Time"
          ? "Please choose both a date and a time."
          : "That date and time do not exist in US Eastern time.",
      );
    }
    if (parsed.launch.getTime() <= Date.now()) {
      return refuse("Invalid Date/Time", "Choose a launch time in the future.");
    }
    setProblem(null);
    return true;
  }

  const weekly = weeklyCycle(new Date());
  const at = (when: Date) => withLocalTime(when, localTimeZone());
  const custom = parsed.ok ? customCycle(parsed.launch) : null;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setProblem(null);
        settings.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="secondary">Set Custom Countdown Time</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Set Custom Countdown Time</DialogTitle>
          <DialogDescription>
            Choose the launch date and time. All times are US Eastern (ET).
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={`${id}-date`} label="Launch date (ET)">
            <Input
              id={`${id}-date`}
              type="date"
              value={date}
              onChange={(e) => setDate(e.target.value)}
              aria-describedby={`${id}-hint`}
            />
          </FormField>
          <FormField id={`${id}-time`} label="Launch time (ET)">
            <Input
              id={`${id}-time`}
              type="time"
              value={time}
              onChange={(e) => setTime(e.target.value)}
              aria-describedby={`${id}-hint`}
            />
          </FormField>
          <p id={`${id}-hint`} className="text-sm text-ink-soft sm:col-span-2">
            {hint}
          </p>
          <p
            role="alert"
            className="border-l-4 border-nes-red pl-2 text-sm font-bold empty:hidden sm:col-span-2"
          >
            {problem ??
              (settings.isError ? `Settings update failed: ${errorDetail(settings.error, "")}` : "")}
          </p>
        </div>
        <DialogFooter className="flex-col items-stretch sm:flex-col">
          <ConfirmButton
            variant="blue"
            disabled={settings.isPending}
            canOpen={customTimeIsValid}
            steps={[
              {
                title: "Set a custom countdown?",
                description: custom
                  ? `Voting ends ${at(custom.votingEndTime)} and the coin launches ${at(custom.launchTime)}. The cycle will not roll on by itself until you set the next one.`
                  : "",
                confirmLabel: "Set Custom Time",
              },
            ]}
            onConfirm={() => custom && save(custom, "custom")}
          >
            Set Custom Time
          </ConfirmButton>
          <ConfirmButton
            variant="secondary"
            disabled={settings.isPending}
            steps={[
              {
                title: "Set to next Monday, 8 PM ET?",
                description: `Voting ends ${at(weekly.votingEndTime)} and the coin launches ${at(weekly.launchTime)}. The schedule mode stays as it is.`,
                confirmLabel: "Set Monday",
              },
            ]}
            onConfirm={() => save(weeklyCycle(new Date()))}
          >
            Set to 7 PM Central Next Monday
          </ConfirmButton>
          <ConfirmButton
            variant="secondary"
            disabled={settings.isPending}
            steps={[
              {
                title: "Start the weekly Monday schedule?",
                description: `Voting ends ${at(weekly.votingEndTime)} and the coin launches ${at(weekly.launchTime)}; every following week repeats on Monday (6 PM / 8 PM ET).`,
                confirmLabel: "Start Weekly",
              },
            ]}
            onConfirm={() => save(weeklyCycle(new Date()), "weekly")}
          >
            Start Weekly Monday Schedule
          </ConfirmButton>
          <DialogClose asChild>
            <Button variant="plain">Cancel</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
