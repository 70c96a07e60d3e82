import { z } from "zod";

export const SCHEDULE_MODES = ["daily", "weekly", "custom"] as const;
export type ScheduleMode = (typeof SCHEDULE_MODES)[number];

export const SettingsSchema = z.object({
  votingEndTime: z.string(),
  launchTime: z.string(),
  currentDay: z.string().nullable(),
  scheduleMode: z.enum(SCHEDULE_MODES),
  /**
   * The winner whose launch is late (the autopilot's launch check, issue 30): its card says "launch delayed"
   * instead of "coming soon". Null (or absent, from an older server) when no launch is late.
   */
  launchDelayedFor: z.number().int().nullable().optional(),
});
export type Settings = z.infer<typeof SettingsSchema>;

export const PaymentInfoSchema = z.object({
  submissionPrice: z.number(),
  paymentAddress: z.string(),
});
export type PaymentInfo = z.infer<typeof PaymentInfoSchema>;
