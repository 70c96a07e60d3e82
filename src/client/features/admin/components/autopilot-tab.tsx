import { type FormEvent, useEffect, useId, useState } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/client/components/ui/alert";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Checkbox } from "@/client/components/ui/checkbox";
import { Fieldset } from "@/client/components/ui/fieldset";
import { describedBy, FieldError, FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { NativeLabel } from "@/client/components/ui/native-label";
import { Skeleton, SkeletonGroup } from "@/client/components/ui/skeleton";
import { Switch } from "@/client/components/ui/switch";
import { Textarea } from "@/client/components/ui/textarea";
import { errorDetail } from "@/client/lib/api-client";
import {
  AUTOPILOT_LIMITS,
  type AutopilotRun,
  type AutopilotSettings,
  type AutopilotStatus,
  AWAIT_REASONS,
  formatCountdown,
  type PendingCrown,
  VETO_REASON_MAX,
  VETO_REASON_REQUIRED,
} from "@/common/autopilot";
import { TIE_RULE } from "@/common/crown-words";
import { localTimeZone } from "@/common/time";
import { formatEasternEt, withLocalTime } from "@/common/time-text";
import type { TrendingHeadlineSource } from "@/common/trending";
import { SUSPICIOUS_BURST } from "@/common/vote-evidence";
import { useAutopilot, useCrownProposal, useSaveAutopilot, useVetoProposal } from "../api/use-autopilot";
import { HEADLINE_SOURCE_GROUPS } from "../trending-source-labels";
import { useAdminQueryError } from "../use-admin-query-error";
import { ConfirmButton } from "./confirm-button";
import { Reason } from "./reason";

/** A moment on the paper's clock with the reader's own beside it when it differs. */
const when = (iso: string) => withLocalTime(iso, localTimeZone(), formatEasternEt);

const STATUS_BADGE = {
  done: { label: "Done", variant: "green" },
  running: { label: "Running", variant: "cyan" },
  failed: { label: "Failed, retrying", variant: "red" },
} as const;

/**
 * The Autopilot tab (issue 30): the kill switch, what waits for staff (a proposal's countdown and its veto, a
 * race left to the editors, the day's four without their quorum, a flagged burst), every step's next run and
 * last result, and the settings. Staff see it all and may veto; only administrators switch and set it.
 */
export function AutopilotTab({ isAdmin }: { isAdmin: boolean }) {
  const autopilot = useAutopilot();
  useAdminQueryError(autopilot.error);

  if (autopilot.isPending)
    return (
      <SkeletonGroup label="Loading the autopilot" className="flex flex-col gap-2">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-24" />
        ))}
      </SkeletonGroup>
    );
  if (autopilot.isError)
    return (
      <Card role="alert" className="border-l-[12px] border-l-nes-red bg-paper">
        <CardHeader>
          <CardTitle>Error Loading the Autopilot</CardTitle>
          <CardDescription className="text-ink">
            {errorDetail(autopilot.error, "Please try again later.")}
          </CardDescription>
        </CardHeader>
      </Card>
    );

  const status = autopilot.data;
  return (
    <div className="flex flex-col gap-4">
      <KillSwitch status={status} isAdmin={isAdmin} />
      {status.pending.map((p) => (
        <PendingCard key={p.race} pending={p} />
      ))}
      <StaffAsks status={status} />
      <section aria-labelledby="autopilot-steps" className="flex flex-col gap-2">
        <h3 id="autopilot-steps" className="font-pixel text-xs uppercase sm:text-sm">
          Steps
        </h3>
        <ol className="grid gap-3 lg:grid-cols-2">
          {status.steps.map((step) => (
            <StepRow key={step.name} step={step} enabled={status.enabled} />
          ))}
        </ol>
      </section>
      <SettingsForm settings={status.settings} enabled={status.enabled} isAdmin={isAdmin} />
    </div>
  );
}

function KillSwitch({ status, isAdmin }: { status: AutopilotStatus; isAdmin: boolean }) {
  const save = useSaveAutopilot();
  const id = useId();
  const reasonId = useId();
  const on = save.isPending ? !status.enabled : status.enabled;
  return (
    <Card className="bg-paper">
      <CardHeader>
        <CardTitle>{status.enabled ? "The Autopilot Is On" : "The Autopilot Is Off"}</CardTitle>
        <CardDescription className="text-ink">
          {status.enabled
            ? "The paper prints itself: the morning import, the day's four and the close run on their own, each behind its guard. The launch stays a staff click."
            : "Staff run every step by hand. The close still crowns the top of the race, except when a flagged burst could have decided it."}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        <div className="flex items-center gap-3">
          <Switch
            id={id}
            checked={on}
            disabled={!isAdmin || save.isPending}
            aria-describedby={isAdmin ? undefined : reasonId}
            onCheckedChange={(enabled) => save.mutate({ enabled })}
          />
          <NativeLabel htmlFor={id}>Autopilot</NativeLabel>
        </div>
        {isAdmin ? null : <Reason id={reasonId}>Only administrators switch the autopilot on or off.</Reason>}
      </CardContent>
    </Card>
  );
}

/** The proposal (or the burst's hold): a countdown to the crown, the veto with its reason, and crown now. */
function PendingCard({ pending }: { pending: PendingCrown }) {
  const veto = useVetoProposal();
  const crown = useCrownProposal();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const left = useCountdown(pending.crownAt);
  const id = useId();
  const proposal = pending.kind === "proposal";

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (!text) {
      setError(VETO_REASON_REQUIRED);
      return;
    }
    setError(null);
    veto.mutate(text);
  };

  return (
    <Card className="border-l-[12px] border-l-nes-yellow bg-paper" data-testid="autopilot-pending">
      <CardHeader>
        <CardTitle>{proposal ? "Proposed Winner" : "Crown Held: Flagged Burst"}</CardTitle>
        <CardDescription className="text-ink">
          <strong className="font-serif text-lg">{pending.title ?? "The top headline"}</strong>
          {pending.votes !== null ? ` · ${pending.votes} votes` : ""}
          {pending.voters !== null ? ` from ${pending.voters} networks` : ""}
          {pending.lead !== null ? ` · lead ${pending.lead}` : ""}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <p className="text-base">
          Crowned in{" "}
          <span
            role="timer"
            aria-live="off"
            className="bg-night px-2 py-1 font-pixel text-sm text-nes-yellow"
          >
            {formatCountdown(left)}
          </span>{" "}
          at {when(pending.crownAt)} unless vetoed.
          {proposal
            ? ""
            : " A burst flagged by the vote evidence could have decided the race: void it on Vote Evidence, or veto."}
        </p>
        <form onSubmit={submit} noValidate className="flex flex-col gap-3">
          <FormField id={id} label="Reason for the veto" error={error}>
            <Textarea
              id={id}
              rows={2}
              maxLength={VETO_REASON_MAX}
              value={reason}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy(id, { error })}
              onChange={(e) => setReason(e.target.value)}
            />
          </FormField>
          <div className="flex flex-wrap gap-3">
            <Button type="submit" variant="destructive" disabled={veto.isPending}>
              {veto.isPending ? "Vetoing…" : "Veto"}
            </Button>
            <ConfirmButton
              variant="secondary"
              disabled={crown.isPending || pending.headlineId === null}
              steps={[
                {
                  title: "Crown it now?",
                  description: `"${pending.title ?? "The top headline"}" becomes today's winner now, before its window ends.`,
                  confirmLabel: "Crown now",
                },
              ]}
              onConfirm={() => crown.mutate()}
            >
              Crown now
            </ConfirmButton>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/** What the autopilot left to staff: a race without a crown, the day's four without a quorum, a burst. */
function StaffAsks({ status }: { status: AutopilotStatus }) {
  return (
    <>
      {status.awaiting ? (
        <Alert variant="destructive" data-testid="autopilot-awaiting">
          <AlertTitle>Awaiting the Editors</AlertTitle>
          <AlertDescription>
            Nothing was crowned: {AWAIT_REASONS[status.awaiting.reason]}
            {status.awaiting.vetoReason ? ` Reason: ${status.awaiting.vetoReason}` : ""} Crown a headline with
            Make Winner on Active Headlines, or Select Today's Winner.
          </AlertDescription>
        </Alert>
      ) : null}
      {status.fourWaiting ? (
        <Alert variant="destructive">
          <AlertTitle>The Day's Four Did Not Move</AlertTitle>
          <AlertDescription>
            Too few networks voted in the Tomorrow race. Move the top four from the Tomorrow's News tab.
          </AlertDescription>
        </Alert>
      ) : null}
      {status.burst && status.pending.length === 0 ? <BurstAlert status={status} /> : null}
    </>
  );
}

export function BurstAlert({ status }: { status: Pick<AutopilotStatus, "burst" | "enabled" | "settings"> }) {
  if (!status.burst) return null;
  const { burst, settings } = status;
  return (
    <Alert variant="destructive" data-testid="burst-flag">
      <AlertTitle>Flagged Burst Could Decide the Race</AlertTitle>
      <AlertDescription>
        {burst.votes} votes from {burst.networks === 1 ? "one network" : `${burst.networks} networks`} (
        {SUSPICIOUS_BURST.votes}+ within {SUSPICIOUS_BURST.minutes} minutes) put "{burst.title}" on top.{" "}
        {status.enabled
          ? "The autopilot will crown nothing at the close unless they are voided."
          : settings.vetoMinutes > 0
            ? `The crown will wait ${settings.vetoMinutes} minutes after the close for staff: void them on Vote Evidence, or veto.`
            : "The veto window is 0: the close crowns at once."}
      </AlertDescription>
    </Alert>
  );
}

function StepRow({ step, enabled }: { step: AutopilotRun; enabled: boolean }) {
  const badge = step.lastStatus ? STATUS_BADGE[step.lastStatus] : null;
  return (
    <li
      className="flex min-w-0 flex-col gap-1 border-3 border-ink bg-paper p-3 text-sm shadow-pixel-sm"
      data-testid="autopilot-step"
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-bold">{step.label}</span>
        {badge ? <Badge variant={badge.variant}>{badge.label}</Badge> : null}
      </div>
      <p>
        Next run:{" "}
        {step.nextRunAt ? (
          <time dateTime={step.nextRunAt}>{when(step.nextRunAt)}</time>
        ) : enabled ? (
          "nothing due"
        ) : (
          "off"
        )}
      </p>
      <p>
        Last run: {step.lastRunAt ? <time dateTime={step.lastRunAt}>{when(step.lastRunAt)}</time> : "never"}
      </p>
      {step.lastResult ? <p className="break-words text-ink-soft">{step.lastResult}</p> : null}
    </li>
  );
}

type Numbers = Pick<
  AutopilotSettings,
  "quorumVoters" | "minLead" | "vetoMinutes" | "importHour" | "launchDelayedHour"
>;

const NUMBER_FIELDS: Array<{ key: keyof Numbers; label: string; hint: string; min: number; max: number }> = [
  {
    key: "quorumVoters",
    label: "Quorum (distinct voting networks)",
    hint: "The top of the race, and the Tomorrow race for the day's four, need this many networks.",
    ...AUTOPILOT_LIMITS.quorumVoters,
  },
  {
    key: "minLead",
    label: "Minimum lead (votes)",
    hint: `0 lets the tie rule decide a tie. ${TIE_RULE}`,
    ...AUTOPILOT_LIMITS.minLead,
  },
  {
    key: "vetoMinutes",
    label: "Veto window (minutes)",
    hint: "0 crowns at once. Also how long a flagged burst holds the crown when the autopilot is off.",
    ...AUTOPILOT_LIMITS.vetoMinutes,
  },
  {
    key: "importHour",
    label: "Morning import hour (ET, 0-23)",
    hint: "On the first morning of each race.",
    min: 0,
    max: 23,
  },
  {
    key: "launchDelayedHour",
    label: "Launch delayed hour (ET, 0-23)",
    hint: 'With no coin by this hour after the crown, the winner card and the channel say "launch delayed".',
    min: 0,
    max: 23,
  },
];

function SettingsForm({
  settings,
  enabled,
  isAdmin,
}: {
  settings: AutopilotSettings;
  enabled: boolean;
  isAdmin: boolean;
}) {
  const save = useSaveAutopilot();
  const [numbers, setNumbers] = useState<Record<keyof Numbers, string>>(() => asText(settings));
  const [imports, setImports] = useState<TrendingHeadlineSource[]>(settings.importSources);
  const [trusted, setTrusted] = useState<TrendingHeadlineSource[]>(settings.trustedSources);
  const [errors, setErrors] = useState<Partial<Record<keyof Numbers, string>>>({});
  const formId = useId();
  // A save elsewhere (another administrator, this form) shows here.
  useEffect(() => {
    setNumbers(asText(settings));
    setImports(settings.importSources);
    setTrusted(settings.trustedSources);
  }, [settings]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<keyof Numbers, string>> = {};
    const values: Partial<Numbers> = {};
    for (const field of NUMBER_FIELDS) {
      const n = Number(numbers[field.key]);
      if (numbers[field.key].trim() === "" || !Number.isInteger(n) || n < field.min || n > field.max)
        found[field.key] =
          `${field.label.replace(/ \(.*\)$/, "")} must be a whole number between ${field.min} and ${field.max}`;
      else values[field.key] = n;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate({ enabled, settings: { ...values, importSources: imports, trustedSources: trusted } });
  };

  const toggle = (
    list: TrendingHeadlineSource[],
    set: (l: TrendingHeadlineSource[]) => void,
    value: TrendingHeadlineSource,
  ) => set(list.includes(value) ? list.filter((v) => v !== value) : [...list, value]);

  return (
    <Card className="bg-paper">
      <CardHeader>
        <CardTitle>Settings</CardTitle>
        {isAdmin ? null : (
          <CardDescription className="text-ink">Only administrators change the settings.</CardDescription>
        )}
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Autopilot settings">
          <fieldset disabled={!isAdmin || save.isPending} className="grid min-w-0 gap-4 md:grid-cols-2">
            {NUMBER_FIELDS.map((field) => {
              const id = `${formId}-${field.key}`;
              const error = errors[field.key];
              return (
                <FormField key={field.key} id={id} label={field.label} hint={field.hint} error={error}>
                  <Input
                    id={id}
                    type="number"
                    inputMode="numeric"
                    min={field.min}
                    max={field.max}
                    step={1}
                    value={numbers[field.key]}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={describedBy(id, { hint: field.hint, error })}
                    onChange={(e) => setNumbers({ ...numbers, [field.key]: e.target.value })}
                  />
                </FormField>
              );
            })}
          </fieldset>
          <Fieldset
            legend="Morning import sources (trusted ones skip Pending Approval)"
            disabled={!isAdmin || save.isPending}
          >
            <ul className="grid gap-x-8 gap-y-1 lg:grid-cols-2">
              {HEADLINE_SOURCE_GROUPS.flatMap((g) => g.sources).map((source) => {
                const importId = `${formId}-import-${source.value}`;
                const trustId = `${formId}-trust-${source.value}`;
                return (
                  <li key={source.value} className="grid grid-cols-[1fr_auto] items-center gap-x-4">
                    <span className="flex min-h-11 items-center gap-2">
                      <Checkbox
                        id={importId}
                        checked={imports.includes(source.value)}
                        onChange={() => toggle(imports, setImports, source.value)}
                      />
                      <NativeLabel htmlFor={importId}>{source.label}</NativeLabel>
                    </span>
                    <span className="flex min-h-11 items-center gap-2">
                      <Checkbox
                        id={trustId}
                        checked={trusted.includes(source.value)}
                        onChange={() => toggle(trusted, setTrusted, source.value)}
                      />
                      <NativeLabel htmlFor={trustId}>
                        Trusted<span className="sr-only"> ({source.label})</span>
                      </NativeLabel>
                    </span>
                  </li>
                );
              })}
            </ul>
          </Fieldset>
          {save.isError ? (
            <FieldError id={`${formId}-save-error`}>
              {errorDetail(save.error, "Please try again later.")}
            </FieldError>
          ) : null}
          {isAdmin ? (
            <div>
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? "Saving…" : "Save settings"}
              </Button>
            </div>
          ) : null}
        </form>
      </CardContent>
    </Card>
  );
}

function asText(s: AutopilotSettings): Record<keyof Numbers, string> {
  return {
    quorumVoters: String(s.quorumVoters),
    minLead: String(s.minLead),
    vetoMinutes: String(s.vetoMinutes),
    importHour: String(s.importHour),
    launchDelayedHour: String(s.launchDelayedHour),
  };
}

/** Milliseconds left until `at`, ticking every second. */
function useCountdown(at: string): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, new Date(at).getTime() - now);
}
