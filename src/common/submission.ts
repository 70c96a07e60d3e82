import { z } from "zod";
import {
  DESCRIPTION_MAX,
  DESCRIPTION_MIN,
  isCalendarDate,
  isHttpUrl,
  LAUNCH_STATUSES,
  SITE_IMAGE_PATH,
  SUBMISSION_MESSAGES,
  SUBMITTED_BY_MAX,
  SUBMITTED_BY_MIN,
  TITLE_MAX,
  TITLE_MIN,
  TRANSACTION_ID_MAX,
  TRANSACTION_ID_MIN,
  URL_MAX_LENGTH,
} from "./submission-rules";

/**
 * The submission rules, written once: the free and paid forms validate with these schemas (zod resolver)
 * and POST /api/headlines and /api/headlines/paid-submission validate the same bodies with them. Messages
 * are the spec's own wording (section 5) where it gives one. The parts without zod (messages, limits,
 * checks) live in submission-rules.ts and are re-exported here.
 */
export * from "./submission-rules";

const M = SUBMISSION_MESSAGES;

const requiredText = (min: number, max: number, minMessage: string, maxMessage: string) =>
  z.string({ error: minMessage }).trim().min(min, minMessage).max(max, maxMessage);

/** An optional http(s) link: empty, null or absent all mean "not given" and come out as undefined. */
const optionalHttpUrl = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .nullish()
    .superRefine((value, ctx) => {
      if (!value) return;
      if (value.length > URL_MAX_LENGTH) ctx.addIssue({ code: "custom", message: M.urlTooLong });
      else if (!isHttpUrl(value)) ctx.addIssue({ code: "custom", message });
    })
    .transform((value) => value || undefined);

/** Either an image uploaded here (/api/images/<sha256>) or an http(s) URL; blank means no image. */
const imageUrl = z
  .string({ error: M.imageRequired })
  .trim()
  .superRefine((value, ctx) => {
    if (value === "") ctx.addIssue({ code: "custom", message: M.imageRequired });
    else if (value.length > URL_MAX_LENGTH) ctx.addIssue({ code: "custom", message: M.urlTooLong });
    else if (!SITE_IMAGE_PATH.test(value) && !isHttpUrl(value))
      ctx.addIssue({ code: "custom", message: M.imageUrl });
  });

const freeFields = {
  title: requiredText(TITLE_MIN, TITLE_MAX, M.titleMin, M.titleMax),
  description: requiredText(DESCRIPTION_MIN, DESCRIPTION_MAX, M.descriptionMin, M.descriptionMax),
  imageUrl,
  articleUrl: optionalHttpUrl(M.articleUrl),
  twitterUrl: optionalHttpUrl(M.twitterUrl),
  websiteUrl: optionalHttpUrl(M.websiteUrl),
};

/**
 * POST /api/headlines. Unknown keys (isApproved, isWinner, isPaid, votes, ...) are stripped by the object
 * schema, so a visitor can never set them.
 */
export const FreeSubmissionInputSchema = z.object(freeFields);
export type FreeSubmissionInput = z.infer<typeof FreeSubmissionInputSchema>;

/** POST /api/headlines/paid-submission: the free fields plus the project and its payment. */
export const PaidSubmissionInputSchema = z.object({
  ...freeFields,
  submittedBy: requiredText(SUBMITTED_BY_MIN, SUBMITTED_BY_MAX, M.submittedByMin, M.submittedByMax),
  launchStatus: z.enum(LAUNCH_STATUSES, { error: M.launchStatus }).default("upcoming"),
  launchDate: z
    .string({ error: M.launchDate })
    .trim()
    .nullish()
    .refine((value) => !value || isCalendarDate(value), M.launchDate)
    .transform((value) => value || undefined),
  transactionId: z
    .string({ error: M.transactionId })
    .trim()
    .min(TRANSACTION_ID_MIN, M.transactionId)
    .max(TRANSACTION_ID_MAX, M.transactionIdMax)
    // Base58 signatures and hex hashes are alphanumeric; anything else is a typo or a probe.
    .regex(/^[A-Za-z0-9]*$/, M.transactionId),
});
export type PaidSubmissionInput = z.infer<typeof PaidSubmissionInputSchema>;

/**
 * The forms add the terms checkbox. It is a browser-only field: the API schemas above never require it,
 * and the form does not send it.
 */
const termsAccepted = z.literal(true, { error: M.terms });
export const FreeSubmissionFormSchema = FreeSubmissionInputSchema.extend({ termsAccepted });
export const PaidSubmissionFormSchema = PaidSubmissionInputSchema.extend({ termsAccepted });
export type FreeSubmissionFormValues = z.input<typeof FreeSubmissionFormSchema>;
export type PaidSubmissionFormValues = z.input<typeof PaidSubmissionFormSchema>;

/** The answer to an accepted submission (201). */
export const SubmissionResultSchema = z.object({
  id: z.number().int(),
  message: z.string(),
});
export type SubmissionResult = z.infer<typeof SubmissionResultSchema>;

/** POST /api/upload's answer. */
export const UploadResultSchema = z.object({ imageUrl: z.string() });
export type UploadResult = z.infer<typeof UploadResultSchema>;
