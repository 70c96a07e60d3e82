import { TZDate } from "@date-fns/tz";
import { z } from "zod";
import { plainText } from "./text";
import { EASTERN } from "./time";
import { TRENDING_HEADLINE_SOURCES } from "./trending";

/**
 * The autopilot (issue 30, decisions "Fourth wave"): the day's steps run on their own, each bounded by a
 * guard, and the crown waits out a veto window. Off by default; the Autopilot tab of the dashboard shows it.
 */

export const AUTOPILOT_STEPS = ["import", "four", "close", "launch"] as const;
export type AutopilotStep = (typeof AUTOPILOT_STEPS)[number];

/** Each step's name on the tab. */
export const STEP_LABELS: Record<AutopilotStep, string> = {
  import: "Morning import",
  four: "The day's four",
  close: "The close",
  launch: "Launch check",
};

export const AUTOPILOT_LIMITS = {
  quorumVoters: { min: 1, max: 10_000 },
  minLead: { min: 0, max: 10_000 },
  /** At most the two hours between every schedule's close and its launch (the roll): a proposal never outlives its race. */
  vetoMinutes: { min: 0, max: 120 },
} as const;

export const AUTOPILOT_DEFAULTS = {
  quorumVoters: 5,
  minLead: 1,
  vetoMinutes: 30,
  importHour: 6,
  launchDelayedHour: 23,
  importSources: ["news"],
  trustedSources: [],
} as const satisfies AutopilotSettings;

const whole = (name: string, min: number, max: number) =>
  z
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be between ${min} and ${max}`)
    .max(max, `${name} must be between ${min} and ${max}`);

const hour = (name: string) => whole(name, 0, 23);

const sources = (name: string) =>
  z
    .array(z.enum(TRENDING_HEADLINE_SOURCES, { error: `${name} must name trending headline sources` }), {
      error: `${name} must be a list of trending headline sources`,
    })
    .max(TRENDING_HEADLINE_SOURCES.length, `${name} must be a list of trending headline sources`)
    .transform((list) => [...new Set(list)]);

export const AutopilotSettingsSchema = z.object({
  /** Distinct voting networks the top of a race needs (the close), and the Tomorrow race (the day's four). */
  quorumVoters: whole("quorumVoters", AUTOPILOT_LIMITS.quorumVoters.min, AUTOPILOT_LIMITS.quorumVoters.max),
  /** Votes the top must lead the runner-up by; 0 lets the tie rule decide a tie. */
  minLead: whole("minLead", AUTOPILOT_LIMITS.minLead.min, AUTOPILOT_LIMITS.minLead.max),
  /** Minutes a proposal (or a burst's hold) waits for a veto; 0 crowns at once. */
  vetoMinutes: whole("vetoMinutes", AUTOPILOT_LIMITS.vetoMinutes.min, AUTOPILOT_LIMITS.vetoMinutes.max),
  /** The Eastern hour of the morning import, on the first morning of each race. */
  importHour: hour("importHour"),
  /** The Eastern hour after the crown by which a winner without a coin is "launch delayed". */
  launchDelayedHour: hour("launchDelayedHour"),
  importSources: sources("importSources"),
  /** Sources whose headlines are approved at once; the others wait in Pending Approval. */
  trustedSources: sources("trustedSources"),
});
export type AutopilotSettings = z.infer<typeof AutopilotSettingsSchema>;

/** The settings as answered: the same fields, without the input's clean-up (a response schema has no transforms). */
const AutopilotSettingsAnswerSchema = z.object({
  quorumVoters: z.number().int(),
  minLead: z.number().int(),
  vetoMinutes: z.number().int(),
  importHour: z.number().int(),
  launchDelayedHour: z.number().int(),
  importSources: z.array(z.enum(TRENDING_HEADLINE_SOURCES)),
  trustedSources: z.array(z.enum(TRENDING_HEADLINE_SOURCES)),
});

/** `PUT /api/admin/autopilot`: the switch and the settings (any left out stay as they are). */
export const AutopilotInputSchema = z.object({
  enabled: z.boolean({ error: "enabled must be true or false" }),
  settings: AutopilotSettingsSchema.partial().optional(),
});
export type AutopilotInput = z.infer<typeof AutopilotInputSchema>;

export const VETO_REASON_MAX = 200;
export const VETO_REASON_REQUIRED = "Please give a reason for the veto";

/** `POST /api/admin/autopilot/veto`: why the proposal is refused (required: it is the public record's word). */
export const VetoInputSchema = z.object({
  reason: plainText("Reason", { error: VETO_REASON_REQUIRED })
    .pipe(z.string().min(1, VETO_REASON_REQUIRED))
    .pipe(z.string().max(VETO_REASON_MAX, `The reason must be at most ${VETO_REASON_MAX} characters`)),
});
export type VetoInput = z.infer<typeof VetoInputSchema>;

/** Why a race waits for the editors instead of a crown. */
export const AWAIT_REASONS = {
  no_votes: "No headline got a vote.",
  no_quorum: "The top headline has too few distinct voting networks (quorum).",
  tie: "The lead over the runner-up is below the minimum: a tie or too close to call.",
  vote_ring:
    "A burst of votes flagged by the vote evidence in the last hour before the close could have decided the race.",
  unpaid_promotion: "The top headline is a promotion whose payment is not confirmed on chain.",
  vetoed: "Staff vetoed the proposed winner.",
  changed: "The standings changed during the veto window.",
  switched_off: "The autopilot was switched off during the veto window.",
} as const;
export type AwaitReason = keyof typeof AWAIT_REASONS;

export const AutopilotRunSchema = z.object({
  name: z.enum(AUTOPILOT_STEPS),
  label: z.string(),
  /** When it runs next (ISO), null when nothing is due (off, a custom schedule, no winner to check). */
  nextRunAt: z.string().nullable(),
  lastRunAt: z.string().nullable(),
  /** What the last run did, in words, or why it failed. */
  lastResult: z.string().nullable(),
  lastStatus: z.enum(["running", "done", "failed"]).nullable(),
});
export type AutopilotRun = z.infer<typeof AutopilotRunSchema>;

/** A crown waiting out its window: the autopilot's proposal, or the burst's hold when it is off. */
export const PendingCrownSchema = z.object({
  race: z.string(),
  kind: z.enum(["proposal", "burst"]),
  headlineId: z.number().int().nullable(),
  title: z.string().nullable(),
  votes: z.number().int().nullable(),
  voters: z.number().int().nullable(),
  lead: z.number().int().nullable(),
  /** When silence crowns it (ISO). */
  crownAt: z.string(),
});
export type PendingCrown = z.infer<typeof PendingCrownSchema>;

/** A flagged burst that could change the top of the race now (shown before the close, issue 31). */
export const BurstFlagSchema = z.object({
  headlineId: z.number().int(),
  title: z.string(),
  /** The counted votes of the flagged networks on that headline, and how many networks. */
  votes: z.number().int(),
  networks: z.number().int(),
});
export type BurstFlag = z.infer<typeof BurstFlagSchema>;

export const AutopilotStatusSchema = z.object({
  enabled: z.boolean(),
  steps: z.array(AutopilotRunSchema),
  pending: z.array(PendingCrownSchema),
  /** The race left to the editors: nothing crowned, and why. */
  awaiting: z
    .object({
      race: z.string(),
      reason: z.enum(Object.keys(AWAIT_REASONS) as [AwaitReason, ...AwaitReason[]]),
      headlineId: z.number().int().nullable(),
      title: z.string().nullable(),
      vetoReason: z.string().nullable(),
    })
    .nullable(),
  /** The day's four did not move for lack of a quorum in the Tomorrow race: staff move them. */
  fourWaiting: z.boolean(),
  burst: BurstFlagSchema.nullable(),
  settings: AutopilotSettingsAnswerSchema,
});
export type AutopilotStatus = z.infer<typeof AutopilotStatusSchema>;

/**
 * The first instant at `hour`:00 US Eastern at or after `from` (DST-safe: the wall clock in New York).
 * The morning import's time for a race (its first morning) and a winner's launch-delayed time.
 */
export function easternHourAtOrAfter(from: Date, hour: number): Date {
  const z0 = new TZDate(from.getTime(), EASTERN);
  for (let plus = 0; plus < 3; plus++) {
    const at = new Date(
      new TZDate(z0.getFullYear(), z0.getMonth(), z0.getDate() + plus, hour, 0, 0, 0, EASTERN).getTime(),
    );
    if (at >= from) return at;
  }
  throw new Error("unreachable: an hour comes within two days");
}

/** "in 12:34" / "in 0:05": the minutes and seconds left, for the countdown. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${minutes}:${String(seconds).padStart(2, "0")}`;
}

/** The day's four's result when the Tomorrow race lacked its quorum: the tab asks staff to move them. */
export const FOUR_WAITING = "Not moved:";

export interface PlanInput {
  now: Date;
  /** The race in progress (settings.raceCycle): the subject of the import, the four and the close. */
  race: Date;
  votingEndTime: Date;
  launchTime: Date;
  /** The close after this one, or null when the schedule does not roll (custom). */
  nextClose: Date | null;
  rolls: boolean;
  enabledAt: Date | null;
  importHour: number;
  launchDelayedHour: number;
  /** The current winner without a coin and not yet declared late, with its crown's time. */
  unlaunchedWinner: { id: number; crownedAt: Date } | null;
  /** Whether the step's run for this subject is done (or failed for good). */
  done: (step: AutopilotStep, subject: string) => boolean;
}

export interface PlannedStep {
  step: AutopilotStep;
  subject: string | null;
  /** Due now: this process may claim and run it (the close excepted: the cycle job runs it). */
  runnable: boolean;
  nextRunAt: Date | null;
}

/**
 * When each step runs, on the schedule's own clock (daily or weekly alike, issue 30): the morning import at
 * `importHour` ET on the race's first morning, the day's four when the race opens (the roll), the close at
 * the race's voting end, the launch check at `launchDelayedHour` ET after the crown. A step whose time came
 * before the autopilot was switched on is left to staff (nothing is caught up from before), and the
 * import and the four only run while their race is open.
 */
export function planSteps(p: PlanInput): PlannedStep[] {
  const race = p.race.toISOString();
  const open = p.now < p.votingEndTime;
  const afterOn = (at: Date) => p.enabledAt !== null && at >= p.enabledAt;
  const plan = (
    step: AutopilotStep,
    subject: string,
    due: Date | null,
    later: Date | null,
    extra = true,
  ): PlannedStep => {
    const pending = due !== null && !p.done(step, subject) && extra;
    const runnable = pending && due <= p.now && afterOn(due);
    const next = pending && (runnable || due > p.now) ? due : later;
    return { step, subject, runnable, nextRunAt: next };
  };
  const importDue = easternHourAtOrAfter(p.race, p.importHour);
  const nextImport = p.rolls ? easternHourAtOrAfter(p.launchTime, p.importHour) : null;
  const steps = [
    plan("import", race, importDue < p.votingEndTime ? importDue : null, nextImport, open),
    plan("four", race, p.race, p.rolls ? p.launchTime : null, open),
  ];
  const closeDone = p.done("close", race);
  steps.push({
    step: "close",
    subject: race,
    runnable: false,
    nextRunAt: closeDone ? p.nextClose : p.votingEndTime,
  });
  const w = p.unlaunchedWinner;
  if (w) {
    const due = easternHourAtOrAfter(w.crownedAt, p.launchDelayedHour);
    const pending = !p.done("launch", String(w.id));
    steps.push({
      step: "launch",
      subject: String(w.id),
      runnable: pending && due <= p.now && afterOn(due),
      nextRunAt: pending ? due : null,
    });
  } else steps.push({ step: "launch", subject: null, runnable: false, nextRunAt: null });
  return steps;
}
